/** The company's contact rules (issue 13): hours, field visit hours, days, holidays, caps, exclusion; the law's limits shown beside them. */
import { Alert, Box, Button, Checkbox, Field, Fieldset, Flex, Input, SimpleGrid, Stack, Switch, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ComplianceRulesRecord, ComplianceRulesUpdate } from '../../../domain/contracts/compliance/rules';
import { errorMessage } from '../../lib/api';
import { toaster } from '../../lib/toaster';
import { ErrorState, LoadingState } from '../../components/query-state';
import { companyInput, useRules, useUpdateRules } from './api';

const DAYS = [1, 2, 3, 4, 5, 6, 7];
const FLAGS = ['skip_holidays', 'only_borrower_asked_to_pay', 'check_loan_exclusion'] as const;

function TimeField({ label, value, onChange, disabled, testId }: { label: string; value: string; onChange: (v: string) => void; disabled: boolean; testId: string }) {
  return (
    <Field.Root disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      <Input type="time" value={value} onChange={(e) => onChange(e.currentTarget.value)} data-testid={testId} />
    </Field.Root>
  );
}

function RulesForm({ rules, companyId, canWrite }: { rules: ComplianceRulesRecord; companyId: string | null; canWrite: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateRules(companyId);
  const [form, setForm] = useState(rules);
  const set = <K extends keyof ComplianceRulesRecord>(key: K, value: ComplianceRulesRecord[K]) => setForm((f) => ({ ...f, [key]: value }));
  const cap = (v: string) => (v.trim() === '' ? null : Math.max(1, Math.round(Number(v))));
  const law = rules.legal_limits;
  const disabled = !canWrite;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: ComplianceRulesUpdate = {
      contact_start: form.contact_start,
      contact_end: form.contact_end,
      field_visit_start: form.field_visit_start,
      field_visit_end: form.field_visit_end,
      contact_days: form.contact_days,
      skip_holidays: form.skip_holidays,
      daily_cap: form.daily_cap,
      weekly_cap: form.weekly_cap,
      only_borrower_asked_to_pay: form.only_borrower_asked_to_pay,
      check_loan_exclusion: form.check_loan_exclusion,
    };
    update.mutate({ ...companyInput(companyId), body }, { onSuccess: () => toaster.create({ type: 'success', title: t('compliance.saved') }) });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="6" bg="bg" borderWidth="1px" rounded="md" p={{ base: '4', md: '6' }}>
        {!canWrite && (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Title>{t('compliance.read_only')}</Alert.Title>
          </Alert.Root>
        )}
        {update.isError && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{errorMessage(update.error)}</Alert.Title>
          </Alert.Root>
        )}
        <Text fontSize="sm" color="fg.muted">
          {t(`compliance.law.${rules.country}`, { contact: law.contact.join('–'), field: law.field.join('–') })}
        </Text>
        <SimpleGrid columns={{ base: 1, md: 4 }} gap="4">
          <TimeField label={t('compliance.contact_start')} value={form.contact_start} onChange={(v) => set('contact_start', v)} disabled={disabled} testId="contact-start" />
          <TimeField label={t('compliance.contact_end')} value={form.contact_end} onChange={(v) => set('contact_end', v)} disabled={disabled} testId="contact-end" />
          <TimeField label={t('compliance.field_visit_start')} value={form.field_visit_start} onChange={(v) => set('field_visit_start', v)} disabled={disabled} testId="field-start" />
          <TimeField label={t('compliance.field_visit_end')} value={form.field_visit_end} onChange={(v) => set('field_visit_end', v)} disabled={disabled} testId="field-end" />
        </SimpleGrid>
        <Fieldset.Root disabled={disabled}>
          <Fieldset.Legend fontWeight="semibold">{t('compliance.contact_days')}</Fieldset.Legend>
          <Flex gap="4" wrap="wrap" mt="2">
            {DAYS.map((d) => (
              <Checkbox.Root
                key={d}
                checked={form.contact_days.includes(d)}
                onCheckedChange={(e) => set('contact_days', e.checked ? [...form.contact_days, d].sort() : form.contact_days.filter((x) => x !== d))}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{t(`compliance.weekday.${d}`)}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Flex>
        </Fieldset.Root>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <Field.Root disabled={disabled}>
            <Field.Label>{t('compliance.daily_cap')}</Field.Label>
            <Input type="number" min={1} value={form.daily_cap ?? ''} onChange={(e) => set('daily_cap', cap(e.currentTarget.value))} />
            <Field.HelperText>{t('compliance.cap_help')}</Field.HelperText>
          </Field.Root>
          <Field.Root disabled={disabled}>
            <Field.Label>{t('compliance.weekly_cap')}</Field.Label>
            <Input type="number" min={1} value={form.weekly_cap ?? ''} onChange={(e) => set('weekly_cap', cap(e.currentTarget.value))} />
          </Field.Root>
        </SimpleGrid>
        <Fieldset.Root disabled={disabled}>
          <Stack gap="3">
            {FLAGS.map((key) => (
              <Switch.Root key={key} checked={form[key]} onCheckedChange={(e) => set(key, e.checked)}>
                <Switch.HiddenInput />
                <Switch.Control />
                <Switch.Label>{t(`compliance.flag.${key}`)}</Switch.Label>
              </Switch.Root>
            ))}
          </Stack>
        </Fieldset.Root>
        <Text fontSize="sm" color="fg.muted">
          {t(rules.dlt_check_applicable ? 'compliance.dlt_on' : 'compliance.dlt_off')}
        </Text>
        {canWrite && (
          <Box>
            <Button type="submit" loading={update.isPending}>
              {t('common.save')}
            </Button>
          </Box>
        )}
      </Stack>
    </form>
  );
}

export function RulesPanel({ companyId, canWrite }: { companyId: string | null; canWrite: boolean }) {
  const rules = useRules(companyId);
  if (rules.isPending) return <LoadingState />;
  if (rules.isError) return <ErrorState error={rules.error} onRetry={() => void rules.refetch()} />;
  return <RulesForm key={`${companyId}:${rules.data.updated_at}`} rules={rules.data} companyId={companyId} canWrite={canWrite} />;
}
