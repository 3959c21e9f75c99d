/**
 * The mandate card of a loan's profile (issue 15 "eNACH / UPI Autopay mandates"): the loan's
 * mandates, newest first, each with its status (Cashfree's: initialised, bank approval pending,
 * active, on hold…), EMI, debit day, next due date, the borrower's authorisation page while not yet
 * authorised, and its debits (a bounce with the bank's reason, "Present again"); "Set up mandate"
 * (mode, EMI, debit day, months), "Present debit now" and "Cancel mandate". Needs CG Payment Module ›
 * payments (read to see, write to act).
 */
import { Alert, Button, Card, Field, Flex, Heading, Input, Link, Stack, Text } from '@chakra-ui/react';
import { CalendarClock } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { currencySymbol, formatMinor, parseAmount, type Currency } from '../../../domain/common/money';
import { cancelMandate, createMandate, listMandates, MANDATE_FINAL_STATUSES, MANDATE_MODES, presentMandateDebit, type MandateMode, type MandateRecord } from '../../../domain/contracts/payments/mandates';
import { ChoiceField } from '../../components/choice-field';
import { FormDialog } from '../../components/form-dialog';
import { QueryView } from '../../components/query-state';
import { errorMessage } from '../../lib/api';
import { can, useEndpoint, useEndpointMutation } from '../../lib/endpoint';
import { useShell } from '../../lib/shell-context';
import { toaster } from '../../lib/toaster';
import { MandateDebits, MandateStatus, useRefreshMandates } from './mandate-parts';

function SetUpMandateDialog({ loanId, currency }: { loanId: string; currency: Currency }) {
  const { t } = useTranslation();
  const { companyId } = useShell();
  const refresh = useRefreshMandates();
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<MandateMode>('enach');
  const [emi, setEmi] = useState('');
  const [day, setDay] = useState('5');
  const [months, setMonths] = useState('12');
  const create = useEndpointMutation(createMandate);
  const minor = parseAmount(emi);
  const debitDay = Number(day);
  const tenure = Number(months);
  const dayOk = Number.isInteger(debitDay) && debitDay >= 1 && debitDay <= 28;
  const monthsOk = Number.isInteger(tenure) && tenure >= 1 && tenure <= 120;
  const valid = minor !== null && minor > 0 && dayOk && monthsOk;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!valid) return;
    create.mutate(
      { query: { company_id: companyId ?? undefined }, body: { loan_id: loanId, mode, emi_minor: minor, debit_day: debitDay, tenure_months: tenure } },
      {
        onSuccess: () => {
          toaster.create({ type: 'success', title: t('payments.mandate.created_toast') });
          refresh();
          setOpen(false);
          setEmi('');
        },
      },
    );
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (!o) create.reset();
      }}
      trigger={
        <Button size="sm" data-testid="set-up-mandate">
          <CalendarClock aria-hidden /> {t('payments.mandate.set_up')}
        </Button>
      }
      title={t('payments.mandate.set_up')}
      onSubmit={submit}
      error={create.error}
      submitLabel={t('payments.mandate.create')}
      submitting={create.isPending}
      submitDisabled={!valid}
      submitTestId="mandate-submit"
    >
      <ChoiceField label={t('payments.mandate.mode')} value={mode} choices={MANDATE_MODES} choiceLabel={(m) => t(`payments.mandate.modes.${m}`)} onChange={setMode} testId="mandate-mode" />
      <Field.Root required invalid={emi !== '' && (minor === null || minor <= 0)}>
        <Field.Label>{t('payments.mandate.emi', { currency: currencySymbol(currency) })}</Field.Label>
        <Input value={emi} inputMode="decimal" onChange={(e) => setEmi(e.currentTarget.value)} data-testid="mandate-emi" />
        <Field.ErrorText>{t('payments.link.amount_invalid')}</Field.ErrorText>
      </Field.Root>
      <Flex gap="3" wrap="wrap">
        <Field.Root required invalid={!dayOk} flex="1" minW="36">
          <Field.Label>{t('payments.mandate.debit_day')}</Field.Label>
          <Input type="number" min={1} max={28} value={day} onChange={(e) => setDay(e.currentTarget.value)} data-testid="mandate-day" />
          <Field.ErrorText>{t('payments.mandate.debit_day_invalid')}</Field.ErrorText>
        </Field.Root>
        <Field.Root required invalid={!monthsOk} flex="1" minW="36">
          <Field.Label>{t('payments.mandate.months')}</Field.Label>
          <Input type="number" min={1} max={120} value={months} onChange={(e) => setMonths(e.currentTarget.value)} data-testid="mandate-months" />
          <Field.ErrorText>{t('payments.mandate.months_invalid')}</Field.ErrorText>
        </Field.Root>
      </Flex>
      <Text fontSize="sm" color="fg.muted">
        {t('payments.mandate.how')}
      </Text>
    </FormDialog>
  );
}

function MandateActions({ mandate }: { mandate: MandateRecord }) {
  const { t } = useTranslation();
  const { companyId, permissions } = useShell();
  const refresh = useRefreshMandates();
  const input = { params: { mandate_id: mandate.mandate_id }, query: { company_id: companyId ?? undefined } };
  const onError = (e: Error) => toaster.create({ type: 'error', title: errorMessage(e) });
  const present = useEndpointMutation(presentMandateDebit, { onSuccess: () => (toaster.create({ type: 'success', title: t('payments.mandate.presented') }), refresh()), onError });
  const cancel = useEndpointMutation(cancelMandate, { onSuccess: () => (toaster.create({ type: 'success', title: t('payments.mandate.cancelled') }), refresh()), onError });
  const final = MANDATE_FINAL_STATUSES.includes(mandate.status);
  return (
    <Flex gap="2" wrap="wrap">
      {mandate.status === 'ACTIVE' && can(presentMandateDebit, permissions) && (
        <Button size="sm" variant="outline" loading={present.isPending} onClick={() => present.mutate({ ...input, body: {} })} data-testid="mandate-present">
          {t('payments.mandate.present_now')}
        </Button>
      )}
      {!final && can(cancelMandate, permissions) && (
        <Button size="sm" variant="ghost" colorPalette="red" loading={cancel.isPending} onClick={() => cancel.mutate(input)} data-testid="mandate-cancel">
          {t('payments.mandate.cancel')}
        </Button>
      )}
    </Flex>
  );
}

/** One mandate: status, facts, the authorisation page while pending, actions and debits. */
export function MandateView({ mandate, currency }: { mandate: MandateRecord; currency: Currency }) {
  const { t } = useTranslation();
  return (
    <Stack gap="3" data-testid="mandate" borderTopWidth="1px" pt="3">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Flex gap="2" align="center" wrap="wrap">
          <MandateStatus status={mandate.status} />
          <Text fontWeight="semibold">{t(`payments.mandate.modes.${mandate.mode}`)}</Text>
          <Text>{t('payments.mandate.summary', { emi: formatMinor(mandate.emi_minor, currency), day: mandate.debit_day })}</Text>
        </Flex>
        <MandateActions mandate={mandate} />
      </Flex>
      <Text fontSize="sm" color="fg.muted">
        {mandate.next_debit_date ? t('payments.mandate.next', { date: mandate.next_debit_date }) : t('payments.mandate.no_next')} · {t('payments.mandate.until', { date: mandate.expires_at.slice(0, 10) })}
      </Text>
      {mandate.auth_url && (
        <Text fontSize="sm">
          {t('payments.mandate.awaiting')}{' '}
          <Link href={mandate.auth_url} target="_blank" rel="noreferrer" colorPalette="blue" data-testid="mandate-auth-link">
            {t('payments.mandate.auth_page')}
          </Link>
        </Text>
      )}
      {mandate.auth_failure && (
        <Alert.Root status="warning" size="sm">
          <Alert.Indicator />
          <Alert.Title>{t('payments.mandate.auth_failed', { reason: mandate.auth_failure })}</Alert.Title>
        </Alert.Root>
      )}
      <MandateDebits mandate={mandate} currency={currency} />
    </Stack>
  );
}

/** The mandate card of a loan's profile; renders nothing for a user without payments read. */
export function LoanMandates({ loanId, currency }: { loanId: string; currency: Currency }) {
  const { t } = useTranslation();
  const { companyId, permissions } = useShell();
  const canRead = can(listMandates, permissions);
  const mandates = useEndpoint(listMandates, { query: { company_id: companyId ?? undefined, loan_id: loanId, page_size: 5 } }, { enabled: canRead && Boolean(companyId), refetchInterval: 15_000 });
  if (!canRead) return null;
  const inForce = mandates.data?.mandates.some((m) => !MANDATE_FINAL_STATUSES.includes(m.status)) ?? true;
  return (
    <Card.Root data-testid="loan-mandates">
      <Card.Header>
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Heading as="h2" size="md">
            {t('payments.mandate.title')}
          </Heading>
          {!inForce && can(createMandate, permissions) && <SetUpMandateDialog loanId={loanId} currency={currency} />}
        </Flex>
      </Card.Header>
      <Card.Body>
        <QueryView query={mandates} isEmpty={(d) => d.mandates.length === 0} empty={t('payments.mandate.none')}>
          {(d) => (
            <Stack gap="3">
              {d.mandates.map((m) => (
                <MandateView key={m.mandate_id} mandate={m} currency={currency} />
              ))}
            </Stack>
          )}
        </QueryView>
      </Card.Body>
    </Card.Root>
  );
}
