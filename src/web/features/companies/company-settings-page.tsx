/**
 * `/app/company-settings` (spec 3 "Organisation and company settings"): company type, ISD and
 * currency, ui version, calling flags, DLT check, central approval, masked variables, and the
 * predictive and inbound breaks (name, type, minutes). Saving needs company_settings write.
 */
import { Alert, Box, Button, Fieldset, Field, Flex, Heading, IconButton, Input, NativeSelect, SimpleGrid, Stack, Switch, Text } from '@chakra-ui/react';
import { Plus, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Company, CompanySettings, CompanySettingsUpdate } from '../../../domain/contracts/companies/companies';
import { COMPANY_TYPES, CURRENCY_CODES, ISD_CODES, UI_VERSIONS, updateCompany } from '../../../domain/contracts/companies/companies';
import { can } from '../../lib/endpoint';
import { useShell } from '../../lib/shell-context';
import { ErrorState, LoadingState } from '../../components/query-state';
import { errorMessage } from '../../lib/api';
import { toaster } from '../../lib/toaster';
import { companyInput, useCompany, useUpdateCompany } from './api';
import { breaksFromRows, breaksToRows, type BreakRow } from './breaks';

type Flags = Pick<
  CompanySettings,
  'autodialer_enabled' | 'click_to_call_enabled' | 'predictive_enabled' | 'inbound_enabled' | 'dlt_check_applicable' | 'central_approval_configured' | 'is_credit_line'
>;
const FLAG_KEYS: Array<keyof Flags> = [
  'autodialer_enabled',
  'click_to_call_enabled',
  'predictive_enabled',
  'inbound_enabled',
  'dlt_check_applicable',
  'central_approval_configured',
  'is_credit_line',
];

function Select<T extends string>({ label, value, options, onChange, disabled }: { label: string; value: T; options: readonly T[]; onChange: (v: T) => void; disabled: boolean }) {
  return (
    <Field.Root disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.currentTarget.value as T)}>
          {options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

function BreaksEditor({ legend, rows, onChange, disabled }: { legend: string; rows: BreakRow[]; onChange: (rows: BreakRow[]) => void; disabled: boolean }) {
  const { t } = useTranslation();
  const update = (index: number, patch: Partial<BreakRow>) => onChange(rows.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  return (
    <Fieldset.Root disabled={disabled}>
      <Fieldset.Legend fontWeight="semibold">{legend}</Fieldset.Legend>
      <Stack gap="2" mt="2">
        {rows.length === 0 && (
          <Text fontSize="sm" color="fg.muted">
            {t('settings.no_breaks')}
          </Text>
        )}
        {rows.map((row, index) => (
          <Flex key={index} gap="2" align="end" wrap={{ base: 'wrap', md: 'nowrap' }}>
            <Field.Root flex="2" minW="40">
              <Field.Label fontSize="xs">{t('settings.break_name')}</Field.Label>
              <Input size="sm" value={row.name} onChange={(e) => update(index, { name: e.currentTarget.value })} />
            </Field.Root>
            <Field.Root flex="2" minW="40">
              <Field.Label fontSize="xs">{t('settings.break_type')}</Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field value={row.break_type} onChange={(e) => update(index, { break_type: e.currentTarget.value as BreakRow['break_type'] })}>
                  <option value="productive_break">{t('settings.productive_break')}</option>
                  <option value="non-productive_break">{t('settings.non_productive_break')}</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Field.Root flex="1" minW="24">
              <Field.Label fontSize="xs">{t('settings.break_minutes')}</Field.Label>
              <Input size="sm" type="number" min={0} max={1440} value={row.break_duration} onChange={(e) => update(index, { break_duration: e.currentTarget.value })} />
            </Field.Root>
            <IconButton size="sm" variant="ghost" aria-label={t('settings.remove_break', { name: row.name || index + 1 })} onClick={() => onChange(rows.filter((_, i) => i !== index))}>
              <X />
            </IconButton>
          </Flex>
        ))}
        <Box>
          <Button size="xs" variant="outline" onClick={() => onChange([...rows, { name: '', break_type: 'productive_break', break_duration: '15' }])}>
            <Plus aria-hidden /> {t('settings.add_break')}
          </Button>
        </Box>
      </Stack>
    </Fieldset.Root>
  );
}

function SettingsForm({ company, companyId, canWrite }: { company: Company; companyId: string | null; canWrite: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateCompany(companyId);
  const [form, setForm] = useState(company);
  const [masked, setMasked] = useState(company.masked_variables.join(', '));
  const [predictive, setPredictive] = useState(() => breaksToRows(company.predictive_breaks));
  const [inbound, setInbound] = useState(() => breaksToRows(company.inbound_breaks));
  const [formError, setFormError] = useState<string | null>(null);
  const set = <K extends keyof Company>(key: K, value: Company[K]) => setForm((f) => ({ ...f, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    if (!form.trademark.trim()) return setFormError(t('settings.trademark_required'));
    const predictiveBreaks = breaksFromRows(predictive);
    const inboundBreaks = breaksFromRows(inbound);
    if (!predictiveBreaks || !inboundBreaks) return setFormError(t('settings.breaks_invalid'));
    const body: CompanySettingsUpdate = {
      trademark: form.trademark.trim(),
      company_type: form.company_type,
      country_isd_code: form.country_isd_code,
      country_currency_code: form.country_currency_code,
      ui_version: form.ui_version,
      masked_variables: masked.split(',').map((v) => v.trim()).filter(Boolean),
      predictive_breaks: predictiveBreaks,
      inbound_breaks: inboundBreaks,
    };
    for (const key of FLAG_KEYS) body[key] = form[key];
    update.mutate({ ...companyInput(companyId), body }, { onSuccess: () => toaster.create({ type: 'success', title: t('settings.saved') }) });
  };

  const disabled = !canWrite;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="6" bg="bg" borderWidth="1px" rounded="md" p={{ base: '4', md: '6' }}>
        {!canWrite && (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Title>{t('settings.read_only')}</Alert.Title>
          </Alert.Root>
        )}
        {(formError || update.isError) && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{formError ?? errorMessage(update.error)}</Alert.Title>
          </Alert.Root>
        )}
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <Field.Root required disabled={disabled}>
            <Field.Label>{t('settings.trademark')}</Field.Label>
            <Input value={form.trademark} onChange={(e) => set('trademark', e.currentTarget.value)} />
          </Field.Root>
          <Select label={t('company.company_type')} value={form.company_type} options={COMPANY_TYPES} onChange={(v) => set('company_type', v)} disabled={disabled} />
          <Select label={t('settings.isd')} value={form.country_isd_code} options={ISD_CODES} onChange={(v) => set('country_isd_code', v)} disabled={disabled} />
          <Select label={t('company.currency')} value={form.country_currency_code} options={CURRENCY_CODES} onChange={(v) => set('country_currency_code', v)} disabled={disabled} />
          <Select label={t('company.ui_version')} value={form.ui_version} options={UI_VERSIONS} onChange={(v) => set('ui_version', v)} disabled={disabled} />
          <Field.Root disabled={disabled}>
            <Field.Label>{t('settings.masked_variables')}</Field.Label>
            <Input value={masked} onChange={(e) => setMasked(e.currentTarget.value)} />
            <Field.HelperText>{t('settings.masked_help')}</Field.HelperText>
          </Field.Root>
        </SimpleGrid>
        <Fieldset.Root disabled={disabled}>
          <Fieldset.Legend fontWeight="semibold">{t('settings.features')}</Fieldset.Legend>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3" mt="2">
            {FLAG_KEYS.map((key) => (
              <Switch.Root key={key} checked={form[key]} onCheckedChange={(e) => set(key, e.checked)}>
                <Switch.HiddenInput />
                <Switch.Control />
                <Switch.Label>{t(`settings.flag.${key}`)}</Switch.Label>
              </Switch.Root>
            ))}
          </SimpleGrid>
        </Fieldset.Root>
        <BreaksEditor legend={t('settings.predictive_breaks')} rows={predictive} onChange={setPredictive} disabled={disabled} />
        <BreaksEditor legend={t('settings.inbound_breaks')} rows={inbound} onChange={setInbound} disabled={disabled} />
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

export default function CompanySettingsPage() {
  const { t } = useTranslation();
  const { companyId, permissions } = useShell();
  const company = useCompany(companyId);
  const canWrite = can(updateCompany, permissions);
  return (
    <Stack gap="5" maxW="4xl">
      <Heading as="h1" size="xl">
        {t('menu.company_settings')}
      </Heading>
      {company.isPending ? (
        <LoadingState />
      ) : company.isError ? (
        <ErrorState error={company.error} onRetry={() => void company.refetch()} />
      ) : (
        <SettingsForm key={company.data.company_id} company={company.data} companyId={companyId} canWrite={canWrite} />
      )}
    </Stack>
  );
}
