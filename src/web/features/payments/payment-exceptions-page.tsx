/**
 * `/app/payments/exceptions` (issue 15 reconciliation): the payments that did not post by
 * themselves — an amount other than the one expected, an unknown loan, a success after the same
 * payment failed, a payment on a closed link. Filter by status, reason, source and loan; resolve
 * one by posting it to a loan, marking a refund needed, or dismissing it, always with remarks
 * (the server audits the resolution). Owns only its filter and dialog state; the queue is the server's.
 */
import { Alert, Badge, Box, Button, Card, Dialog, Field, Flex, Heading, Input, NativeSelect, Portal, RadioGroup, Stack, Table, Text, Textarea } from '@chakra-ui/react';
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
import { errorMessage } from '../../lib/api';
import { can } from '../../lib/endpoint';
import { formatDateTime } from '../../lib/format';
import { useShell } from '../../lib/shell-context';
import { toaster } from '../../lib/toaster';
import { Pager } from '../../components/pager';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-state';
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
    <Dialog.Root open={item !== null} onOpenChange={(e) => !e.open && close()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="3">
            <form onSubmit={submit}>
              <Dialog.Header>
                <Dialog.Title>{t('payments.exceptions.resolve_title')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                {item && (
                  <Stack gap="4">
                    <Text fontSize="sm">
                      {t('payments.exceptions.resolve_summary', { amount: formatMinor(item.amount_minor, currency), reason: t(`payments.exceptions.reasons.${item.reason}`), reference: item.reference ?? item.source_ref })}
                    </Text>
                    {resolve.error && (
                      <Alert.Root status="error" role="alert">
                        <Alert.Indicator />
                        <Alert.Title>{errorMessage(resolve.error)}</Alert.Title>
                      </Alert.Root>
                    )}
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
                  </Stack>
                )}
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={close}>
                  {t('payments.exceptions.cancel')}
                </Button>
                <Button type="submit" loading={resolve.isPending} disabled={remarks.trim().length < 3 || (action === 'post' && (!loan || (item?.reason === 'unknown_loan' && !loanId.trim())))}>
                  {t(`payments.exceptions.actions.${action}`)}
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
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
  const rows = list.data?.exceptions ?? [];
  const label = (e: PaymentExceptionRecord) => t('payments.exceptions.resolve_for', { reference: e.source_ref });

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
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState>{status === 'open' ? t('payments.exceptions.none_open') : t('payments.exceptions.none')}</EmptyState>
      ) : (
        <>
          <Box display={{ base: 'none', md: 'block' }}>
            <Table.ScrollArea borderWidth="1px" rounded="md" bg="bg">
              <Table.Root size="sm">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t('payments.exceptions.received')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('payments.exceptions.reason')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('payments.exceptions.loan_id')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('payments.exceptions.source')}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t('payments.exceptions.amount')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('payments.exceptions.reference')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{status === 'open' ? '' : t('payments.exceptions.remarks')}</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {rows.map((e) => (
                    <Table.Row key={e.exception_id}>
                      <Table.Cell whiteSpace="nowrap">{formatDateTime(e.paid_at)}</Table.Cell>
                      <Table.Cell>
                        <Badge colorPalette={REASON_COLOUR[e.reason]}>{t(`payments.exceptions.reasons.${e.reason}`)}</Badge>
                      </Table.Cell>
                      <Table.Cell>{e.loan_id ?? <Text color="fg.muted">{t('payments.exceptions.no_loan')}</Text>}</Table.Cell>
                      <Table.Cell>
                        {t(`payments.exceptions.sources.${e.source}`)} · {e.channel}
                      </Table.Cell>
                      <Table.Cell textAlign="end">
                        <Amounts e={e} currency={currency} />
                      </Table.Cell>
                      <Table.Cell>
                        <Text fontFamily="mono" fontSize="xs" wordBreak="break-all">
                          {e.reference ?? e.source_ref}
                        </Text>
                      </Table.Cell>
                      <Table.Cell>
                        {canResolve ? (
                          <Button size="xs" variant="outline" aria-label={label(e)} onClick={() => setResolving(e)}>
                            {t('payments.exceptions.resolve')}
                          </Button>
                        ) : (
                          <Text fontSize="xs">{e.remarks}</Text>
                        )}
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          </Box>
          <Stack gap="3" display={{ base: 'flex', md: 'none' }} as="ul" listStyleType="none">
            {rows.map((e) => (
              <Card.Root as="li" key={e.exception_id} size="sm">
                <Card.Body gap="2">
                  <Flex justify="space-between" gap="2" align="start">
                    <Badge colorPalette={REASON_COLOUR[e.reason]}>{t(`payments.exceptions.reasons.${e.reason}`)}</Badge>
                    <Amounts e={e} currency={currency} />
                  </Flex>
                  <Text fontSize="sm">
                    {e.loan_id ?? t('payments.exceptions.no_loan')} · {t(`payments.exceptions.sources.${e.source}`)} · {e.channel}
                  </Text>
                  <Text fontSize="xs" color="fg.muted" wordBreak="break-all">
                    {formatDateTime(e.paid_at)} · {e.reference ?? e.source_ref}
                  </Text>
                  {e.remarks && <Text fontSize="sm">{e.remarks}</Text>}
                  {canResolve && (
                    <Button size="sm" variant="outline" aria-label={label(e)} onClick={() => setResolving(e)}>
                      {t('payments.exceptions.resolve')}
                    </Button>
                  )}
                </Card.Body>
              </Card.Root>
            ))}
          </Stack>
          <Pager page={page} pageSize={PAGE_SIZE} total={list.data.total} onPage={setPage} />
        </>
      )}
      <ResolveDialog item={resolving} companyId={companyId} currency={currency} onClose={() => setResolving(null)} />
    </Stack>
  );
}
