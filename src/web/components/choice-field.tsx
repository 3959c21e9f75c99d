/**
 * A labelled native select of fixed choices (Chakra's Field and NativeSelect): a channel, a
 * language, a purpose. Native, so phones show their own picker and screen readers announce it as a
 * combo box named by its label.
 */
import { Field, NativeSelect } from '@chakra-ui/react';
import type { ComponentProps } from 'react';

interface ChoiceFieldProps<T extends string> {
  label: string;
  value: T;
  /** The values offered, in order. */
  choices: readonly T[];
  /** How a value reads (a translated text). */
  choiceLabel: (choice: T) => string;
  onChange: (choice: T) => void;
  testId?: string;
  required?: boolean;
  /** Chakra style props of the field (width and such). */
  rootProps?: Omit<ComponentProps<typeof Field.Root>, 'children' | 'required'>;
}

export function ChoiceField<T extends string>({ label, value, choices, choiceLabel, onChange, testId, required, rootProps }: ChoiceFieldProps<T>) {
  return (
    <Field.Root required={required} {...rootProps}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.currentTarget.value as T)} data-testid={testId}>
          {choices.map((choice) => (
            <option key={choice} value={choice}>
              {choiceLabel(choice)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
