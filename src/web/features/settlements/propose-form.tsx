/**
 * The settlement proposal form of /app/settlement-tracking (issue 16 "Settlements: a proposal on a
 * loan: one-time or in instalments"): loan, type, amount (typed in rupees or rupiah, sent in paise
 * or sen), validity date and reason, and for instalments the schedule (ScheduleEditor) checked on
 * the form with the server's rules before it can be sent (`POST /api/settlement/settlements`).
 */
import { Box, Button, Field, Grid, Heading, HStack, Input, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMinor, parseAmount } from '../../../domain/common/money';
import { SETTLEMENT_TYPES, type SettlementType } from '../../../domain/contracts/settlements/settlements';
import { evenSchedule, MAX_INSTALMENTS, scheduleProblems, type ScheduleProblem } from '../../../domain/settlements/settlements';
import { errorMessage } from '../../lib/api';
import { toaster } from '../../lib/toaster';
import { usePropose } from './api';

type Currency = 'INR' | 'IDR';

interface ScheduleRow {
  key: number;
  due: string;
  amount: string;
}

let rowKey = 0;
const newRow = (due = '', amount = ''): ScheduleRow => ({ key: ++rowKey, due, amount });
const majorText = (minor: number) => (minor / 100).toFixed(2).replace(/\.00$/, '');

/**
 * The instalment schedule of a proposal: a builder (count, first due date, days between) that
 * splits the settlement amount evenly, then one editable row per instalment (due date, amount in
 * rupees or rupiah, read with parseAmount into paise or sen) and the total against the amount.
 */
function ScheduleEditor({ rows, setRows, amountMinor, currency, problems }: { rows: ScheduleRow[]; setRows: (r: ScheduleRow[]) => void; amountMinor: number | null; currency: Currency; problems: ScheduleProblem[] }) {
  const { t } = useTranslation();
  const [count, setCount] = useState('3');
  const [first, setFirst] = useState('');
  const [every, setEvery] = useState('30');
  const n = Number(count);
  const gap = Number(every);
  const canBuild = amountMinor !== null && Number.isInteger(n) && n >= 2 && n <= MAX_INSTALMENTS && Boolean(first) && Number.isInteger(gap) && gap >= 1 && gap <= 365;
  const build = () => {
    if (!canBuild) return;
    setRows(evenSchedule(amountMinor, n, first, gap).map((i) => newRow(i.due_date, majorText(i.amount_minor))));
  };
  const scheduled = rows.reduce((s, r) => s + (parseAmount(r.amount) ?? 0), 0);
  const update = (key: number, patch: Partial<ScheduleRow>) => setRows(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  return (
    <Stack gap="3" borderWidth="1px" rounded="md" p="3" role="group" aria-labelledby="schedule-heading" data-testid="instalment-schedule">
      <Heading as="h3" size="xs" id="schedule-heading">
        {t('settlement.schedule')}
      </Heading>
      <SimpleGrid columns={{ base: 1, sm: 2, md: 4 }} gap="3" alignItems="end">
        <Field.Root>
          <Field.Label>{t('settlement.schedule_count')}</Field.Label>
          <Input size="sm" type="number" min={2} max={MAX_INSTALMENTS} value={count} onChange={(e) => setCount(e.currentTarget.value)} />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('settlement.schedule_first')}</Field.Label>
          <Input size="sm" type="date" value={first} onChange={(e) => setFirst(e.currentTarget.value)} />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('settlement.schedule_every')}</Field.Label>
          <Input size="sm" type="number" min={1} max={365} value={every} onChange={(e) => setEvery(e.currentTarget.value)} />
        </Field.Root>
        <Button size="sm" variant="outline" onClick={build} disabled={!canBuild} data-testid="schedule-build">
          {t('settlement.schedule_build')}
        </Button>
      </SimpleGrid>
      {amountMinor === null && (
        <Text fontSize="xs" color="fg.muted">
          {t('settlement.schedule_amount_first')}
        </Text>
      )}
      {rows.length > 0 && (
        <Stack as="ol" gap="2" listStyleType="none" ps="0" data-testid="schedule-rows">
          {rows.map((r, k) => (
            <Grid as="li" key={r.key} templateColumns="minmax(0, 1fr) minmax(0, 1fr) auto" gap="2" alignItems="end" data-testid="schedule-row">
              <Field.Root minW="0" invalid={!r.due || (k > 0 && r.due <= rows[k - 1].due)}>
                <Field.Label fontSize="xs">{t('settlement.schedule_due_n', { n: k + 1 })}</Field.Label>
                <Input size="sm" type="date" value={r.due} onChange={(e) => update(r.key, { due: e.currentTarget.value })} />
              </Field.Root>
              <Field.Root minW="0" invalid={!(Number(parseAmount(r.amount)) > 0)}>
                <Field.Label fontSize="xs">{t('settlement.schedule_amount_n', { n: k + 1 })}</Field.Label>
                <Input size="sm" inputMode="decimal" value={r.amount} onChange={(e) => update(r.key, { amount: e.currentTarget.value })} />
              </Field.Root>
              <Button size="sm" variant="ghost" aria-label={t('settlement.schedule_remove_n', { n: k + 1 })} onClick={() => setRows(rows.filter((x) => x.key !== r.key))}>
                ✕
              </Button>
            </Grid>
          ))}
        </Stack>
      )}
      <HStack gap="3" wrap="wrap" justify="space-between">
        <Button size="xs" variant="outline" disabled={rows.length >= MAX_INSTALMENTS} onClick={() => setRows([...rows, newRow()])}>
          {t('settlement.schedule_add')}
        </Button>
        <Text fontSize="sm" data-testid="schedule-total" color={problems.includes('sum') ? 'fg.error' : undefined}>
          {t('settlement.schedule_total', { scheduled: formatMinor(scheduled, currency), amount: amountMinor === null ? '—' : formatMinor(amountMinor, currency) })}
        </Text>
      </HStack>
      {rows.length > 0 && problems.length > 0 && (
        <Stack as="ul" gap="0" ps="4" color="fg.error" fontSize="sm" aria-live="polite" data-testid="schedule-problems">
          {problems.map((p) => (
            <li key={p}>{t(`settlement.schedule_problem.${p}`, { amount: amountMinor === null ? '—' : formatMinor(amountMinor, currency), scheduled: formatMinor(scheduled, currency) })}</li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** The proposal form; `currency` is the company's (amounts shown with formatMinor). */
export function ProposeForm({ companyId, currency }: { companyId: string | null; currency: Currency }) {
  const { t } = useTranslation();
  const propose = usePropose();
  const [loanId, setLoanId] = useState('');
  const [type, setType] = useState<SettlementType>('one_time');
  const [amount, setAmount] = useState('');
  const [validity, setValidity] = useState('');
  const [reason, setReason] = useState('');
  const [rows, setRows] = useState<ScheduleRow[]>([]);
  const amountMinor = amount.trim() ? parseAmount(amount) : null;
  const amountInvalid = amount.trim() !== '' && !(Number(amountMinor) > 0);
  const schedule = rows.map((r) => ({ due_date: r.due, amount_minor: parseAmount(r.amount) }));
  const problems = type === 'instalments' ? scheduleProblems(amountMinor, schedule, validity) : [];
  const ready = Boolean(loanId.trim()) && Number(amountMinor) > 0 && Boolean(validity) && Boolean(reason.trim()) && problems.length === 0;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!ready || amountMinor === null) return;
    propose.mutate(
      {
        query: { company_id: companyId ?? undefined },
        body: {
          loan_id: loanId.trim(),
          settlement_type: type,
          settlement_amount_minor: amountMinor,
          validity_date: validity,
          reason: reason.trim(),
          instalments: type === 'instalments' ? schedule.map((i) => ({ due_date: i.due_date, amount_minor: i.amount_minor ?? 0 })) : [],
        },
      },
      {
        onSuccess: () => {
          toaster.create({ type: 'success', title: t('settlement.proposed') });
          setLoanId('');
          setAmount('');
          setReason('');
          setRows([]);
        },
      },
    );
  };
  return (
    <Box bg="bg" borderWidth="1px" rounded="md" p="4">
      <form onSubmit={submit} noValidate aria-label={t('settlement.propose')} data-testid="propose-form">
        <Stack gap="3">
          <Heading as="h2" size="sm">
            {t('settlement.propose')}
          </Heading>
          <SimpleGrid columns={{ base: 1, md: 4 }} gap="3">
            <Field.Root required>
              <Field.Label>{t('settlement.loan_id')}</Field.Label>
              <Input size="sm" value={loanId} maxLength={100} onChange={(e) => setLoanId(e.currentTarget.value)} />
            </Field.Root>
            <Field.Root required>
              <Field.Label>{t('settlement.type_label')}</Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field value={type} onChange={(e) => setType(e.currentTarget.value as SettlementType)}>
                  {SETTLEMENT_TYPES.map((s) => (
                    <option key={s} value={s}>
                      {t(`settlement.type.${s}`)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Field.Root required invalid={amountInvalid}>
              <Field.Label>{t('settlement.amount_major')}</Field.Label>
              <Input size="sm" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.currentTarget.value)} />
              <Field.ErrorText>{t('settlement.amount_invalid')}</Field.ErrorText>
            </Field.Root>
            <Field.Root required>
              <Field.Label>{t('settlement.validity')}</Field.Label>
              <Input size="sm" type="date" value={validity} onChange={(e) => setValidity(e.currentTarget.value)} />
            </Field.Root>
          </SimpleGrid>
          {type === 'instalments' && <ScheduleEditor rows={rows} setRows={setRows} amountMinor={Number(amountMinor) > 0 ? amountMinor : null} currency={currency} problems={problems} />}
          <Field.Root required>
            <Field.Label>{t('settlement.reason')}</Field.Label>
            <Textarea size="sm" value={reason} maxLength={1000} onChange={(e) => setReason(e.currentTarget.value)} />
          </Field.Root>
          {propose.isError && (
            <Text color="fg.error" role="alert">
              {errorMessage(propose.error)}
            </Text>
          )}
          <div>
            <Button size="sm" type="submit" loading={propose.isPending} disabled={!ready} data-testid="propose-submit">
              {t('settlement.submit')}
            </Button>
          </div>
        </Stack>
      </form>
    </Box>
  );
}
