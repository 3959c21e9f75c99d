/**
 * A labelled filter drop-down of the managers' field screens (FOS Visits, FOS Dashboard): a first
 * option meaning "no filter" (value ''), then the choices. A native select: keyboard and screen
 * readers get the platform's own behaviour, and a phone its own picker.
 */
import { Field, NativeSelect } from '@chakra-ui/react';
import type { ComponentProps } from 'react';

export interface FilterSelectProps {
  label: string;
  /** '' when nothing is chosen. */
  value: string;
  onChange: (value: string) => void;
  /** The label of the "no filter" option, e.g. 'All executives'. */
  anyLabel: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  width?: ComponentProps<typeof Field.Root>['width'];
  testId?: string;
}

export function FilterSelect({ label, value, onChange, anyLabel, options, width, testId }: FilterSelectProps) {
  return (
    <Field.Root width={width}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.currentTarget.value)} data-testid={testId}>
          <option value="">{anyLabel}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
