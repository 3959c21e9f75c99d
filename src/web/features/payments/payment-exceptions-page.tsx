/**
 * `/app/payments/exceptions` (issue 15 reconciliation): the payments that did not post by
 * themselves — an amount other than the one expected, an unknown loan, a success after the same
 * payment failed, a payment on a closed link. Filter by status, reason, source and loan; resolve
 * one by posting it to a loan, marking a refund needed, or dismissing it, always with remarks
 * (the server audits the resolution). Owns only its filter and dialog state; the queue is the server's.
 */
import { Badge, Button, Field, Flex, Heading, Input, NativeSelect, RadioGroup, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMinor, type Currency } from '../../../domain/common/money';
import {
  EXCEPTION_ACTIONS,
  PAYMENT_EXCEPTION_REASONS,
  PAYMENT_EXCEPTION_STATUSES,
  PAYMENT_SOURCES,
  resolvePaymentException,
  type ExceptionAction,
  type PaymentExceptionReason,
  type PaymentExceptionRecord,
  type PaymentExceptionStatus,
  type PaymentSource,
} from '../../../domain/contracts/payments/exceptions';
import { can } from '../../lib/endpoint';
import { formatDateTime } from '../../lib/format';
import { useShell } from '../../lib/shell-context';
import { toaster } from '../../lib/toaster';
import { FormDialog } from '../../components/form-dialog';
import { QueryView } from '../../components/query-state';
import { ResponsiveList } from '../../components/responsive-list';
import { useExceptions, useResolveException } from './api';

const PAGE_SIZE = 20;

/** A filter select; `ns` names the texts of its options (payments.exceptions.<ns>.<value>). */
function Select<T extends string>({ label, ns, value, options, onChange, all }: { label: string; ns: 'statuses' | 'reasons' | 'sources'; value: T | ''; options: readonly T[]; onChange: (v: T | '') => void; all?: string }) {
  const { t } = useTranslation();
  return (
    <Field.Root w={{ base: 'full', sm: '48' }}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.currentTarget.value as T | '')}>
          {all && <option value="">{all}</option>}
          {options.map((o) => (
            <option key={o} value={o}>
              {t(`payments.exceptions.${ns}.${o}`)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

const REASON_COLOUR: Record<PaymentExceptionReason, string> = { amount_mismatch: 'orange', unknown_loan: 'red', late_success_after_failure: 'purple', link_closed: 'gray' };

function Amounts({ e, currency }: { e: PaymentExceptionRecord; currency: Currency }) {
  const { t } = useTranslation();
  return (
    <Stack gap="0">
      <Text fontWeight="semibold">{formatMinor(e.amount_minor, currency)}</Text>
      {e.expected_minor !== null && (
        <Text fontSize="xs" color="fg.muted">
          {t('payments.exceptions.expected', { amount: formatMinor(e.expected_minor, currency), from: t(`payments.exceptions.expected_from.${e.expected_from ?? 'stated'}`) })}
        </Text>
      )}
    </Stack>
  );
}

function ResolveDialog({ item, companyId, currency, onClose }: { item: PaymentExceptionRecord | null; companyId: string | null; currency: Currency; onClose: () => void }) {
  const { t } = useTranslation();
  const resolve = useResolveException();
  const [action, setAction] = useState<ExceptionAction>('post');
  const [loanId, setLoanId] = useState('');
  const [remarks, setRemarks] = useState('');
  const close = () => {
    resolve.reset();
    setAction('post');
    setLoanId('');
    setRemarks('');
    onClose();
  };
  const loan = loanId.trim() || item?.loan_id || '';
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    if (!item) return;
    resolve.mutate(
      { params: { exception_id: item.exception_id }, query: { company_id: companyId ?? undefined }, body: { action, remarks: remarks.trim(), loan_id: action === 'post' && loan ? loan : undefined } },
      {
        onSuccess: () => {
          toaster.create({ type: 'success', title: t(`payments.exceptions.done.${action}`) });
          close();
        },
      },
    );
  };
  return (
    <FormDialog
      open={item !== null}
      onOpenChange={(open) => !open && close()}
      title={t('payments.exceptions.resolve_title')}
      onSubmit={submit}
      error={resolve.error}
      cancelLabel={t('payments.exceptions.cancel')}
      submitLabel={t(`payments.exceptions.actions.${action}`)}
      submitting={resolve.isPending}
      submitDisabled={remarks.trim().length < 3 || (action === 'post' && (!loan || (item?.reason === 'unknown_loan' && !loanId.trim())))}
    >
      {item && (
        <>
          <Text fontSize="sm">
            {t('payments.exceptions.resolve_summary', { amount: formatMinor(item.amount_minor, currency), reason: t(`payments.exceptions.reasons.${item.reason}`), reference: item.reference ?? item.source_ref })}
          </Text>
          <RadioGroup.Root value={action} onValueChange={(e) => setAction(e.value as ExceptionAction)} aria-label={t('payments.exceptions.action')}>
            <Stack gap="2">
              {EXCEPTION_ACTIONS.map((a) => (
                <RadioGroup.Item key={a} value={a}>
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>{t(`payments.exceptions.actions.${a}`)}</RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </Stack>
          </RadioGroup.Root>
          {action === 'post' && (
            <Field.Root required={!item.loan_id || item.reason === 'unknown_loan'}>
              <Field.Label>{t('payments.exceptions.post_to_loan')}</Field.Label>
              <Input value={loanId} placeholder={item.reason === 'unknown_loan' ? '' : (item.loan_id ?? '')} maxLength={64} autoComplete="off" onChange={(e) => setLoanId(e.currentTarget.value)} />
              <Field.HelperText>{t('payments.exceptions.post_help')}</Field.HelperText>
            </Field.Root>
          )}
          <Field.Root required>
            <Field.Label>{t('payments.exceptions.remarks')}</Field.Label>
            <Textarea value={remarks} maxLength={500} rows={3} onChange={(e) => setRemarks(e.currentTarget.value)} />
            <Field.HelperText>{t('payments.exceptions.remarks_help')}</Field.HelperText>
          </Field.Root>
        </>
      )}
    </FormDialog>
  );
}

export default function PaymentExceptionsPage() {
  const { t } = useTranslation();
  const { companyId, company, permissions } = useShell();
  const currency: Currency = company?.country_currency_code ?? 'INR';
  const [status, setStatus] = useState<PaymentExceptionStatus>('open');
  const [reason, setReason] = useState<PaymentExceptionReason | ''>('');
  const [source, setSource] = useState<PaymentSource | ''>('');
  const [loan, setLoan] = useState('');
  const [page, setPage] = useState(1);
  const [resolving, setResolving] = useState<PaymentExceptionRecord | null>(null);
  const list = useExceptions(companyId, { status, reason: reason || undefined, source: source || undefined, loan_id: loan.trim() || undefined, page_number: page, page_size: PAGE_SIZE });
  const canResolve = status === 'open' && can(resolvePaymentException, permissions);
  const filter = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setPage(1);
  };
  const open = list.data?.open_by_reason ?? {};
  const openTotal = Object.values(open).reduce((a, b) => a + b, 0);
  const resolveButton = (e: PaymentExceptionRecord, size: 'xs' | 'sm') => (
    <Button size={size} variant="outline" aria-label={t('payments.exceptions.resolve_for', { reference: e.source_ref })} onClick={() => setResolving(e)}>
      {t('payments.exceptions.resolve')}
    </Button>
  );
  const reasonBadge = (e: PaymentExceptionRecord) => <Badge colorPalette={REASON_COLOUR[e.reason]}>{t(`payments.exceptions.reasons.${e.reason}`)}</Badge>;

  return (
    <Stack gap="5" maxW="6xl">
      <Stack gap="1">
        <Heading as="h1" size="xl">
          {t('payments.exceptions.title')}
        </Heading>
        <Text color="fg.muted">{t('payments.exceptions.intro')}</Text>
      </Stack>
      <Flex gap="2" wrap="wrap" aria-label={t('payments.exceptions.open_counts')} role="group">
        <Badge size="lg" colorPalette={openTotal ? 'orange' : 'green'}>
          {t('payments.exceptions.open_total', { count: openTotal })}
        </Badge>
        {PAYMENT_EXCEPTION_REASONS.filter((r) => open[r]).map((r) => (
          <Badge key={r} size="lg" variant="outline" colorPalette={REASON_COLOUR[r]}>
            {t(`payments.exceptions.reasons.${r}`)}: {open[r]}
          </Badge>
        ))}
      </Flex>
      <Flex gap="3" wrap="wrap" align="end" bg="bg" borderWidth="1px" rounded="md" p="4" role="search">
        <Select label={t('payments.exceptions.status')} ns="statuses" value={status} options={PAYMENT_EXCEPTION_STATUSES} onChange={filter((v) => setStatus((v || 'open') as PaymentExceptionStatus))} />
        <Select label={t('payments.exceptions.reason')} ns="reasons" value={reason} options={PAYMENT_EXCEPTION_REASONS} all={t('payments.exceptions.all')} onChange={filter(setReason)} />
        <Select label={t('payments.exceptions.source')} ns="sources" value={source} options={PAYMENT_SOURCES} all={t('payments.exceptions.all')} onChange={filter(setSource)} />
        <Field.Root w={{ base: 'full', sm: '48' }}>
          <Field.Label>{t('payments.exceptions.loan_id')}</Field.Label>
          <Input size="sm" value={loan} maxLength={64} onChange={(e) => filter(setLoan)(e.currentTarget.value)} />
        </Field.Root>
      </Flex>
      <QueryView query={list} isEmpty={(d) => d.exceptions.length === 0} empty={status === 'open' ? t('payments.exceptions.none_open') : t('payments.exceptions.none')}>
        {(d) => (
          <ResponsiveList
            items={d.exceptions}
            itemKey={(e) => e.exception_id}
            label={t('payments.exceptions.title')}
            columns={[
              { header: t('payments.exceptions.received'), cell: (e) => formatDateTime(e.paid_at), cellProps: { whiteSpace: 'nowrap' } },
              { header: t('payments.exceptions.reason'), cell: reasonBadge },
              { header: t('payments.exceptions.loan_id'), cell: (e) => e.loan_id ?? <Text color="fg.muted">{t('payments.exceptions.no_loan')}</Text> },
              { header: t('payments.exceptions.source'), cell: (e) => `${t(`payments.exceptions.sources.${e.source}`)} · ${e.channel}` },
              { header: t('payments.exceptions.amount'), end: true, cell: (e) => <Amounts e={e} currency={currency} /> },
              {
                header: t('payments.exceptions.reference'),
                cell: (e) => (
                  <Text fontFamily="mono" fontSize="xs" wordBreak="break-all">
                    {e.reference ?? e.source_ref}
                  </Text>
                ),
              },
              { header: status === 'open' ? '' : t('payments.exceptions.remarks'), cell: (e) => (canResolve ? resolveButton(e, 'xs') : <Text fontSize="xs">{e.remarks}</Text>) },
            ]}
            card={(e) => (
              <>
                <Flex justify="space-between" gap="2" align="start">
                  {reasonBadge(e)}
                  <Amounts e={e} currency={currency} />
                </Flex>
                <Text fontSize="sm">
                  {e.loan_id ?? t('payments.exceptions.no_loan')} · {t(`payments.exceptions.sources.${e.source}`)} · {e.channel}
                </Text>
                <Text fontSize="xs" color="fg.muted" wordBreak="break-all">
                  {formatDateTime(e.paid_at)} · {e.reference ?? e.source_ref}
                </Text>
                {e.remarks && <Text fontSize="sm">{e.remarks}</Text>}
                {canResolve && resolveButton(e, 'sm')}
              </>
            )}
            paging={{ page, pageSize: PAGE_SIZE, total: d.total, onPage: setPage }}
          />
        )}
      </QueryView>
      <ResolveDialog item={resolving} companyId={companyId} currency={currency} onClose={() => setResolving(null)} />
    </Stack>
  );
}
