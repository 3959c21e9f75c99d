/** A labelled form field of the field screens: label with the required mark, the control, its error. */
import { Field } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function FormField({ label, error, required, htmlFor, children }: { label: string; error?: string | null; required?: boolean; htmlFor?: string; children: ReactNode }) {
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label htmlFor={htmlFor}>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
