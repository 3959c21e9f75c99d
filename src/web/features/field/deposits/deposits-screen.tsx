/**
 * Deposits (`/app/field-executive`, issue 4 "the cash and cheques an executive holds, depositing
 * them at a bank branch with the deposit slip photo; what is still undeposited and for how long").
 * Holdings are the server's undeposited receipts (GET /api/fos/deposits) plus receipts still in
 * the outbox; a deposit goes into the outbox too (after its receipts, so the server gets them
 * first). Offline, only what the phone holds is listed.
 */
import { Alert, Badge, Box, Button, Card, Checkbox, Flex, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DEPOSITABLE_MODES } from '../../../../domain/field/dispositions';
import { containsMarkup } from '../../../../domain/validation/rules';
import { enqueue } from '../../../../offline/outbox';
import { useShell } from '../../../lib/shell-context';
import { EmptyState, LoadingState } from '../../../components/query-state';
import { toaster } from '../../../lib/toaster';
import { useDeposits } from '../api';
import { useCachedAllocation, useOutbox } from '../field-data';
import { FormField } from '../form-field';
import { fromMinor, sumMinor } from '../../../../domain/common/money';
import { bodyMinor, formatWhen, heldFor, moneyMinor } from '../format';
import { PhotoPicker, type PickedPhoto } from '../photo-picker';
import { queuedDepositReceipts, queuedOf } from '../queued';
import { useOnline } from '../shell/sync-bar';
import { useFieldIdentity } from '../use-field-identity';

/** A receipt the executive still holds. */
interface Holding {
  receipt_number: string;
  loan_id: string;
  payment_mode: string;
  /** Paise / sen. */
  amount_minor: number;
  collected_at: string;
  age_hours: number;
  /** Still in the outbox (the server has not got the receipt yet). */
  queued: boolean;
}

const HOUR_MS = 3_600_000;

function Held({ hours }: { hours: number }) {
  const { t } = useTranslation();
  const { days, hours: h } = heldFor(hours);
  return (
    <Badge colorPalette={hours >= 48 ? 'red' : hours >= 24 ? 'orange' : 'gray'} data-testid="held-for">
      {days > 0 ? t('field.deposits.held_days', { days, hours: h }) : t('field.deposits.held_hours', { hours: h })}
    </Badge>
  );
}

export default function DepositsScreen() {
  const { t, i18n } = useTranslation();
  const { companyId } = useShell();
  const { userId, ready } = useFieldIdentity();
  const online = useOnline();
  const server = useDeposits(online ? companyId : null);
  const outbox = useOutbox(userId, companyId);
  const allocation = useCachedAllocation(userId, companyId);
  const currency = allocation?.currency ?? null;
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [bank, setBank] = useState('');
  const [branch, setBranch] = useState('');
  const [reference, setReference] = useState('');
  const [slip, setSlip] = useState<PickedPhoto[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const holdings = useMemo<Holding[]>(() => {
    const items = outbox ?? [];
    const inDeposit = queuedDepositReceipts(items);
    const now = Date.now();
    const fromServer: Holding[] = (server.data?.undeposited ?? []).map((r) => ({ ...r, amount_minor: bodyMinor(r), queued: false }));
    const known = new Set(fromServer.map((h) => h.receipt_number));
    const fromPhone: Holding[] = queuedOf(items, 'receipt')
      .map(({ body }) => body)
      .filter((r) => DEPOSITABLE_MODES.includes(r.payment_mode) && !known.has(r.receipt_number))
      .map((r) => ({ ...r, amount_minor: bodyMinor(r), age_hours: (now - new Date(r.collected_at).getTime()) / HOUR_MS, queued: true }));
    return [...fromServer, ...fromPhone].filter((h) => !inDeposit.has(h.receipt_number)).sort((a, b) => b.age_hours - a.age_hours);
  }, [outbox, server.data]);

  const queuedDeposits = useMemo(() => queuedOf(outbox ?? [], 'deposit'), [outbox]);
  const chosen = holdings.filter((h) => selected.has(h.receipt_number));
  const total = sumMinor(chosen.map((h) => h.amount_minor));
  const heldTotal = sumMinor(holdings.map((h) => h.amount_minor));

  /** Typing in a field clears its error. */
  const edit = (key: string, set: (value: string) => void) => (value: string) => {
    set(value);
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };

  const toggle = (number: string, on: boolean) => {
    setErrors(({ receipts: _gone, ...rest }) => rest);
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(number);
      else next.delete(number);
      return next;
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (chosen.length === 0) problems.receipts = t('field.deposits.choose_receipts');
    if (bank.trim() === '') problems.bank = t('field.errors.required');
    for (const [key, value] of [['bank', bank], ['branch', branch], ['reference', reference]] as const) if (!problems[key] && containsMarkup(value)) problems[key] = t('field.errors.markup');
    if (slip.length === 0) problems.slip = t('field.deposits.slip_required');
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setSaving(true);
    try {
      const body = {
        receipt_numbers: chosen.map((h) => h.receipt_number),
        bank_name: bank.trim(),
        branch: branch.trim(),
        deposit_reference: reference.trim(),
        deposited_at: new Date().toISOString(),
        amount: fromMinor(total),
        amount_minor: total,
      };
      await enqueue('deposit', {
        body,
        files: [{ name: 'deposit-slip.jpg', type: slip[0].blob.type || 'image/jpeg', blob: slip[0].blob }],
        loanId: null,
        summary: `${t('field.sync.kind_deposit')} · ${body.bank_name} · ${moneyMinor(total, currency)}`,
      });
      toaster.create({ type: 'success', title: t('field.deposits.saved') });
      setSelected(new Set());
      setBank('');
      setBranch('');
      setReference('');
      setSlip([]);
    } catch (e) {
      toaster.create({ type: 'error', title: e instanceof Error ? e.message : String(e) });
    } finally {
      setSaving(false);
    }
  };

  if (!ready || outbox === undefined) return <LoadingState />;

  return (
    <Stack gap="4" maxW="3xl">
      <Box>
        <Heading as="h1" size="xl">
          {t('field.deposits.title')}
        </Heading>
        <Text fontSize="sm" color="fg.muted" data-testid="held-total">
          {t('field.deposits.held_total', { amount: moneyMinor(heldTotal, currency), count: holdings.length })}
        </Text>
      </Box>
      {!online && (
        <Alert.Root status="info" size="sm">
          <Alert.Indicator />
          <Alert.Description>{t('field.deposits.offline')}</Alert.Description>
        </Alert.Root>
      )}
      {online && server.isPending && <LoadingState />}
      {online && server.isError && (
        <Alert.Root status="warning" size="sm">
          <Alert.Indicator />
          <Alert.Description>{t('field.deposits.load_failed')}</Alert.Description>
        </Alert.Root>
      )}

      <Stack asChild gap="3">
        <form noValidate onSubmit={(e) => void submit(e)} aria-label={t('field.deposits.form')}>
          <Heading as="h2" size="md">
            {t('field.deposits.undeposited')}
          </Heading>
          {holdings.length === 0 ? (
            <EmptyState>{t('field.deposits.nothing_held')}</EmptyState>
          ) : (
            <Stack as="ul" listStyleType="none" m="0" p="0" gap="2" aria-label={t('field.deposits.undeposited')}>
              {holdings.map((h) => (
                <Card.Root as="li" key={h.receipt_number} size="sm" data-testid="holding">
                  <Card.Body p="3">
                    <Checkbox.Root checked={selected.has(h.receipt_number)} onCheckedChange={(e) => toggle(h.receipt_number, e.checked === true)} alignItems="start" width="full">
                      <Checkbox.HiddenInput />
                      <Checkbox.Control mt="1" />
                      <Checkbox.Label flex="1" minW="0">
                        <Flex justify="space-between" gap="2">
                          <Text fontFamily="mono" fontSize="sm">
                            {h.receipt_number}
                          </Text>
                          <Text fontWeight="bold">{moneyMinor(h.amount_minor, currency)}</Text>
                        </Flex>
                        <HStack gap="2" mt="1" wrap="wrap" fontWeight="normal">
                          <Text fontSize="sm" color="fg.muted">
                            {t(`field.receipt.mode.${h.payment_mode}`)} · {h.loan_id}
                          </Text>
                          <Held hours={h.age_hours} />
                          {h.queued && <Badge colorPalette="blue">{t('field.deposits.not_synced')}</Badge>}
                        </HStack>
                      </Checkbox.Label>
                    </Checkbox.Root>
                  </Card.Body>
                </Card.Root>
              ))}
            </Stack>
          )}
          {errors.receipts && (
            <Text color="fg.error" fontSize="sm" role="alert">
              {errors.receipts}
            </Text>
          )}
          {holdings.length > 0 && (
            <Card.Root size="sm">
              <Card.Body gap="3" p="3">
                <Text fontWeight="semibold" data-testid="deposit-total">
                  {t('field.deposits.selected_total', { count: chosen.length, amount: moneyMinor(total, currency) })}
                </Text>
                <FormField label={t('field.deposits.bank')} error={errors.bank} required>
                  <Input value={bank} onChange={(e) => edit('bank', setBank)(e.currentTarget.value)} maxLength={120} />
                </FormField>
                <FormField label={t('field.deposits.branch')} error={errors.branch}>
                  <Input value={branch} onChange={(e) => edit('branch', setBranch)(e.currentTarget.value)} maxLength={120} />
                </FormField>
                <FormField label={t('field.deposits.reference')} error={errors.reference}>
                  <Input value={reference} onChange={(e) => edit('reference', setReference)(e.currentTarget.value)} maxLength={64} />
                </FormField>
                <PhotoPicker label={t('field.deposits.slip')} photos={slip} onChange={(photos) => edit('slip', () => setSlip(photos))('')} max={1} error={errors.slip} testId="deposit-slip" />
                <Button type="submit" colorPalette="blue" loading={saving}>
                  {t('field.deposits.deposit')}
                </Button>
              </Card.Body>
            </Card.Root>
          )}
        </form>
      </Stack>

      <Heading as="h2" size="md">
        {t('field.deposits.past')}
      </Heading>
      <Stack as="ul" listStyleType="none" m="0" p="0" gap="2">
        {queuedDeposits.map((item) => (
          <Card.Root as="li" key={item.idempotency_key} size="sm" data-testid="queued-deposit">
            <Card.Body p="3" gap="1">
              <Flex justify="space-between" gap="2">
                <Text fontWeight="medium">{item.body.bank_name}</Text>
                <Text fontWeight="bold">{moneyMinor(bodyMinor(item.body), currency)}</Text>
              </Flex>
              <HStack gap="2">
                <Text fontSize="sm" color="fg.muted">
                  {formatWhen(item.body.deposited_at, i18n.language)} · {t('field.deposits.receipts', { count: item.body.receipt_numbers.length })}
                </Text>
                <Badge colorPalette={item.status === 'failed' ? 'red' : 'blue'}>{item.status === 'failed' ? t('field.past.failed') : t('field.past.waiting')}</Badge>
              </HStack>
            </Card.Body>
          </Card.Root>
        ))}
        {(server.data?.deposits ?? []).map((d) => (
          <Card.Root as="li" key={d.deposit_id} size="sm" data-testid="past-deposit">
            <Card.Body p="3" gap="1">
              <Flex justify="space-between" gap="2">
                <Text fontWeight="medium">
                  {d.bank_name}
                  {d.branch ? ` · ${d.branch}` : ''}
                </Text>
                <Text fontWeight="bold">{moneyMinor(bodyMinor(d), currency)}</Text>
              </Flex>
              <Text fontSize="sm" color="fg.muted">
                {formatWhen(d.deposited_at, i18n.language)} · {t('field.deposits.receipts', { count: d.receipt_numbers.length })}
                {d.deposit_reference ? ` · ${d.deposit_reference}` : ''}
              </Text>
            </Card.Body>
          </Card.Root>
        ))}
      </Stack>
      {online && server.isSuccess && server.data.deposits.length === 0 && queuedDeposits.length === 0 && <Text fontSize="sm" color="fg.muted">{t('field.deposits.no_past')}</Text>}
    </Stack>
  );
}
