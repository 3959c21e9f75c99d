/**
 * One payment settings section as a form (issue 15; spec 3 sections, spec 5 payment-setting text
 * rule), built from the section's fields (src/domain/payments/settings-sections.ts): flags as
 * checkboxes sending 'true'/'false', choices as selects, texts checked as typed (the server checks
 * the same and names the field it refuses), money typed in Rs/Rp and sent in minor units, a charge
 * typed as an amount or a percentage and sent in minor units or basis points.
 */
import { Alert, Button, Checkbox, Field, Flex, Heading, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { currencySymbol, fromMinor, parseAmount } from '../../../domain/common/money';
import { useShell } from '../../lib/shell-context';
import { SETTINGS_SECTIONS, sectionProblem, settingTextProblem, textFormatProblem, type FieldSpec, type SectionValues, type SettingsSectionName } from '../../../domain/payments/settings-sections';
import { ApiError } from '../../lib/api-errors';
import { errorMessage } from '../../lib/api';
import { toaster } from '../../lib/toaster';
import { companyInput } from './api';
import { usePutSection } from './settings-api';

type Draft = Record<string, string>;

/** Minor units or basis points as the lender types them: 1250 → '12.50'. */
const asTyped = (n: number) => (n % 100 === 0 ? String(fromMinor(n)) : fromMinor(n).toFixed(2));

function draftOf(fields: Record<string, FieldSpec>, values: Record<string, string | number>): Draft {
  return Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, f.kind === 'money' || f.kind === 'charge' ? asTyped(Number(values[k])) : String(values[k])]));
}

/** The draft as the section's body, or the first field's problem. */
function bodyOf(section: SettingsSectionName, fields: Record<string, FieldSpec>, draft: Draft): { body: Record<string, string | number> } | { field: string; message: string } {
  const body: Record<string, string | number> = {};
  for (const [k, f] of Object.entries(fields)) {
    const v = draft[k] ?? '';
    if (f.kind === 'text') {
      const problem = settingTextProblem(v) ?? textFormatProblem(f.format, v);
      if (problem) return { field: k, message: problem };
      body[k] = v.trim();
    } else if (f.kind === 'int') {
      const n = Number(v);
      // An empty message: the form says what the field takes, in the language of the screen.
      if (!/^\d+$/.test(v.trim()) || n < f.min || n > f.max) return { field: k, message: '' };
      body[k] = n;
    } else if (f.kind === 'money' || f.kind === 'charge') {
      const minor = parseAmount(v);
      if (minor === null) return { field: k, message: '' };
      body[k] = minor;
    } else body[k] = v;
  }
  const across = sectionProblem(section, body);
  return across ?? { body };
}

/** A section's form; read-only without the write permission. `choices` replaces a field's options (the Billzy link's billers). */
export function SectionForm<S extends SettingsSectionName>({ companyId, section, values, updatedAt, canWrite, choices }: { companyId: string | null; section: S; values: SectionValues<S>; updatedAt: string | null; canWrite: boolean; choices?: Partial<Record<string, readonly { value: string; label: string }[]>> }) {
  const { t, i18n } = useTranslation();
  const { company } = useShell();
  const fields = SETTINGS_SECTIONS[section] as Record<string, FieldSpec>;
  const [draft, setDraft] = useState<Draft>(() => draftOf(fields, values as Record<string, string | number>));
  const [problem, setProblem] = useState<{ field: string; message: string } | null>(null);
  const put = usePutSection(companyId, section);
  const serverField = put.error instanceof ApiError ? put.error.failure.field : undefined;
  const rangeOf = (f: FieldSpec) => (f.kind === 'int' ? t(`payment_settings.unit.${f.unit}`, { min: f.min, max: f.max }) : t('payments.link.amount_invalid'));
  const fieldError = (k: string) => (problem?.field === k ? problem.message || rangeOf(fields[k]) : serverField === k ? errorMessage(put.error) : undefined);
  const percent = draft.charge_unit === 'percentage';
  // The stored charge_unit stays 'amount' (spec 3 "amount (Rs)"); only the shown label follows the company's currency.
  const currency = { currency: currencySymbol(company?.country_currency_code) };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = bodyOf(section, fields, draft);
    if ('field' in result) {
      setProblem(result);
      return;
    }
    setProblem(null);
    put.mutate({ ...companyInput(companyId), body: result.body as never }, { onSuccess: () => toaster.create({ type: 'success', title: t('payment_settings.saved') }) });
  };
  const set = (k: string, v: string) => {
    setDraft((d) => ({ ...d, [k]: v }));
    if (problem?.field === k) setProblem(null);
  };

  const titleId = `section-${section}`;
  return (
    <form onSubmit={submit} aria-labelledby={titleId} noValidate>
      <Stack gap="4" bg="bg" borderWidth="1px" rounded="md" p={{ base: '4', md: '6' }}>
        <Stack gap="1">
          <Heading as="h2" size="md" id={titleId}>
            {t(`payment_settings.section.${section}`)}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {t(`payment_settings.help.${section}`)}
          </Text>
        </Stack>
        {put.error && !serverField && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{errorMessage(put.error)}</Alert.Title>
          </Alert.Root>
        )}
        <Flex gap="4" wrap="wrap" align="start">
          {Object.entries(fields).map(([k, f]) => {
            const error = fieldError(k);
            const label = f.kind === 'charge' ? t(percent ? 'payment_settings.field.charge_percent' : 'payment_settings.field.charge_amount', currency) : t(`payment_settings.field.${k}`, currency);
            if (f.kind === 'flag') {
              return (
                <Field.Root key={k} w={{ base: 'full', md: '64' }} alignSelf="center" disabled={!canWrite}>
                  <Checkbox.Root checked={draft[k] === 'true'} onCheckedChange={(e) => set(k, e.checked === true ? 'true' : 'false')} disabled={!canWrite}>
                    <Checkbox.HiddenInput name={k} />
                    <Checkbox.Control />
                    <Checkbox.Label>{label}</Checkbox.Label>
                  </Checkbox.Root>
                </Field.Root>
              );
            }
            return (
              <Field.Root key={k} w={{ base: 'full', md: f.kind === 'text' && f.max > 80 ? '96' : '64' }} invalid={Boolean(error)} disabled={!canWrite}>
                <Field.Label>{label}</Field.Label>
                {f.kind === 'choice' ? (
                  <NativeSelect.Root>
                    <NativeSelect.Field name={k} value={draft[k]} onChange={(e) => set(k, e.currentTarget.value)}>
                      {(choices?.[k] ?? f.options.map((o) => ({ value: o, label: t(`payment_settings.option.${o}`, currency) }))).map((o) => (
                        <option key={o.value} value={o.value}>
                          {o.label}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                ) : (
                  <Input
                    name={k}
                    value={draft[k]}
                    inputMode={f.kind === 'text' ? undefined : f.kind === 'int' ? 'numeric' : 'decimal'}
                    maxLength={f.kind === 'text' ? f.max : 16}
                    autoComplete="off"
                    lang={i18n.language}
                    onChange={(e) => set(k, e.currentTarget.value)}
                  />
                )}
                {f.kind === 'int' && !error && <Field.HelperText>{rangeOf(f)}</Field.HelperText>}
                <Field.ErrorText>{error}</Field.ErrorText>
              </Field.Root>
            );
          })}
        </Flex>
        <Flex gap="3" align="center" wrap="wrap">
          {canWrite && (
            <Button type="submit" loading={put.isPending}>
              {t('payment_settings.save')}
            </Button>
          )}
          <Text fontSize="sm" color="fg.muted">
            {updatedAt ? t('payment_settings.saved_at', { when: new Date(updatedAt).toLocaleString(i18n.language) }) : t('payment_settings.not_saved')}
          </Text>
        </Flex>
      </Stack>
    </form>
  );
}
