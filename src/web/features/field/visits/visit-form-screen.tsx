/**
 * The visit form (`/app/customer/visit-details?loan_id=`, issue 4 "Visit form" and "Receipt"):
 * GPS check-in, person met, disposition with the fields it needs, remarks (markup refused, spec 5),
 * camera photos compressed on the phone, next visit date. Saving puts the visit in the outbox and
 * never needs the network. Paid / Partially Paid go on to the receipt step (payment mode, amount,
 * instrument, payer; the number made on the phone), then to the receipt to share or print.
 * Below: the loan's past visits from the server (online) and its visits still waiting to sync.
 */
import { Alert, Button, Card, Flex, Heading, HStack, Input, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { ArrowLeft } from 'lucide-react';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import type { AllocatedLoan } from '../../../../domain/contracts/field/visits';
import { collectsMoney, formFields, FOS_DISPOSITIONS, PAYMENT_MODES, PERSONS_MET, type DispositionField, type FosDisposition } from '../../../../domain/field/dispositions';
import type { Currency } from '../../../../domain/common/money';
import { enqueue, nextReceiptNumber } from '../../../../offline/outbox';
import { pingOnCheckIn } from '../../../../offline/pings';
import { useShell } from '../../../lib/shell-context';
import { EmptyState, LoadingState } from '../../../components/query-state';
import { appLink } from '../../../lib/navigation';
import { toaster } from '../../../lib/toaster';
import { CheckInCard, useCheckIn } from './check-in-card';
import { FormField } from '../form-field';
import { useCachedAllocation, useCachedLoan } from '../field-data';
import { currencySymbol, fromMinor, parseAmount } from '../../../../domain/common/money';
import { reasonLanguage } from '../../../lib/languages';
import { LINK_SEND_CHANNELS, type LinkSendChannel } from '../../../../domain/contracts/payments/links';
import { bodyMinor, localDay, minorOf, moneyMinor } from '../format';
import { PastVisits } from './past-visits';
import { PhotoPicker, type PickedPhoto } from '../photo-picker';
import { ReceiptPanel } from '../receipts/receipt-panel';
import type { ReceiptView } from '../receipts/receipt-text';
import { useFieldIdentity } from '../use-field-identity';
import { PriorityBadge } from './visit-card';
import { buildReceiptBody, buildVisitBody, EMPTY_DRAFT, instrumentFields, type DraftError, type ReceiptDraft, type VisitDraft } from './visit-draft';

/** Photos a visit may carry (POST /api/fos/visits accepts 0..5). */
const MAX_PHOTOS = 5;

function SelectField({ label, value, onChange, options, error, required, testId }: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: Array<{ value: string; label: string }>;
  error?: string | null;
  required?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <FormField label={label} error={error} required={required}>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.currentTarget.value)} data-testid={testId}>
          <option value="">{t('field.form.choose')}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  );
}

function TextField({ label, value, onChange, error, required, type = 'text', inputMode, multiline, min }: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  required?: boolean;
  type?: string;
  inputMode?: 'decimal' | 'text';
  multiline?: boolean;
  min?: string;
}) {
  return (
    <FormField label={label} error={error} required={required}>
      {multiline ? (
        <Textarea value={value} rows={3} onChange={(e) => onChange(e.currentTarget.value)} />
      ) : (
        <Input type={type} inputMode={inputMode} min={min} value={value} onChange={(e) => onChange(e.currentTarget.value)} />
      )}
    </FormField>
  );
}

function LoanHeader({ loan, currency }: { loan: AllocatedLoan; currency: Currency | null }) {
  const { t } = useTranslation();
  return (
    <Card.Root size="sm">
      <Card.Body gap="1" p="3">
        <Flex justify="space-between" gap="2">
          <Text fontWeight="semibold" truncate>
            {loan.applicant_name ?? t('field.visits.no_name')}
          </Text>
          <PriorityBadge priority={loan.priority} />
        </Flex>
        <Text fontSize="sm" color="fg.muted">
          {loan.loan_id} · {moneyMinor(minorOf(loan.total_dues_minor, loan.total_dues), currency)} · {t('field.visits.dpd', { dpd: loan.dpd ?? '—' })}
        </Text>
        {loan.address && (
          <Text fontSize="sm" lineClamp={2}>
            {[loan.address, loan.city, loan.pincode].filter(Boolean).join(', ')}
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}

type Step = { step: 'visit' } | { step: 'receipt' } | { step: 'done'; receipt: ReceiptView };

export default function VisitFormScreen() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const loanId = params.get('loan_id');
  const { companyId, prefix, company } = useShell();
  const { userId, ready } = useFieldIdentity();
  const loan = useCachedLoan(userId, companyId, loanId);
  const allocation = useCachedAllocation(userId, companyId);
  const { checkin, retry } = useCheckIn();
  const [draft, setDraft] = useState<VisitDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<Partial<Record<string, DraftError>>>({});
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const [receipt, setReceipt] = useState<ReceiptDraft>({ payment_mode: 'cash', amount: '', instrument_number: '', bank_name: '', payer_name: '' });
  const [step, setStep] = useState<Step>({ step: 'visit' });
  const [saving, setSaving] = useState(false);
  // "Send payment link" (issue 15): sent with the visit, so offline it waits in the outbox with it.
  const [link, setLink] = useState({ on: false, amount: '', channel: 'whatsapp' });
  const [saveError, setSaveError] = useState<string | null>(null);
  const today = localDay();
  const visitsLink = appLink(prefix, 'visit-details', companyId);
  const currency = allocation?.currency ?? null;

  const disposition = (FOS_DISPOSITIONS as readonly string[]).includes(draft.disposition) ? (draft.disposition as FosDisposition) : null;
  const fields = useMemo(() => (disposition ? formFields(disposition) : []), [disposition]);
  // Typing in a field clears its error; the rest wait for the next save.
  const clear = (key: string) => setErrors(({ [key]: _gone, ...rest }) => rest);
  const set = (key: keyof VisitDraft) => (value: string) => {
    setDraft((d) => ({ ...d, [key]: value }));
    clear(key);
  };
  const setR = (key: keyof ReceiptDraft) => (value: string) => {
    setReceipt((r) => ({ ...r, [key]: value }));
    clear(key);
  };
  const err = (key: string) => (errors[key] ? t(`field.errors.${errors[key]}`) : null);
  const fix = checkin.state === 'fix' ? checkin.fix : null;

  if (!ready || loan === undefined) return <LoadingState />;
  if (!loanId || loan === null)
    return (
      <Stack gap="3" maxW="2xl">
        <EmptyState>{t('field.form.not_allocated')}</EmptyState>
        <Button asChild variant="outline" alignSelf="start">
          <RouterLink to={visitsLink}>
            <ArrowLeft aria-hidden /> {t('field.form.back')}
          </RouterLink>
        </Button>
      </Stack>
    );

  // Until typed: the promised amount, else the loan's dues.
  const linkAmount = link.amount || draft.ptp_amount || (loan.total_dues_minor ? String(fromMinor(loan.total_dues_minor)) : '');
  const visitBodyOrErrors = () => {
    const built = buildVisitBody(draft, { loanId: loan.loan_id, allocationMonth: loan.allocation_month, checkIn: fix, now: new Date(), today });
    if (!link.on || built.errors) return built;
    const amount = parseAmount(linkAmount);
    if (amount === null || amount <= 0) return { errors: { link_amount: 'amount' as const } };
    return { ...built, body: { ...built.body, payment_link: { amount: fromMinor(amount), channel: link.channel as LinkSendChannel, lang: reasonLanguage(i18n.language) } } };
  };

  const photoFiles = () => photos.map((p, i) => ({ name: `visit-photo-${i + 1}.jpg`, type: p.blob.type || 'image/jpeg', blob: p.blob }));
  const summary = (kind: string, detail: string) => `${t(`field.sync.kind_${kind}`)} · ${loan.applicant_name ?? loan.loan_id} · ${detail}`;

  const failSave = (e: unknown) => {
    const name = e instanceof Error ? e.name : '';
    setSaveError(name === 'QuotaExceededError' ? t('field.form.storage_full') : e instanceof Error ? e.message : String(e));
  };

  const submitVisit = async (event: FormEvent) => {
    event.preventDefault();
    setSaveError(null);
    const built = visitBodyOrErrors();
    if (built.errors) {
      setErrors(built.errors);
      return;
    }
    setErrors({});
    if (collectsMoney(built.body.disposition)) {
      setReceipt((r) => ({ ...r, amount: r.amount || draft.amount_collected, payer_name: r.payer_name || (draft.person_met === 'Borrower' ? (loan.applicant_name ?? '') : '') }));
      setStep({ step: 'receipt' });
      return;
    }
    setSaving(true);
    try {
      await enqueue('visit', { body: built.body, files: photoFiles(), loanId: loan.loan_id, summary: summary('visit', t(`field.disposition.${built.body.disposition}`)) });
      // Issue 5: a check-in is also a position of the executive's day while on duty.
      void pingOnCheckIn(fix);
      toaster.create({ type: 'success', title: t('field.form.saved') });
      navigate(visitsLink);
    } catch (e) {
      failSave(e);
    } finally {
      setSaving(false);
    }
  };

  const submitReceipt = async (event: FormEvent) => {
    event.preventDefault();
    setSaveError(null);
    const built = visitBodyOrErrors();
    if (built.errors) {
      setErrors(built.errors);
      setStep({ step: 'visit' });
      return;
    }
    const collectedAt = new Date().toISOString();
    const ctx = { loanId: loan.loan_id, allocationMonth: loan.allocation_month, collectedAt, latitude: fix?.latitude ?? null, longitude: fix?.longitude ?? null };
    const check = buildReceiptBody(receipt, { ...ctx, receiptNumber: 'CHECK-000001' });
    if (check.errors) {
      setErrors(check.errors);
      return;
    }
    const executive = allocation?.executive;
    if (!executive || !companyId) {
      setSaveError(t('field.receipt.no_executive'));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const receiptNumber = await nextReceiptNumber(companyId, executive.executive_code);
      const receiptBuilt = buildReceiptBody(receipt, { ...ctx, receiptNumber });
      if (!receiptBuilt.body) throw new Error(t('field.errors.amount'));
      // The visit records what was collected and under which receipt; the receipt follows it in the queue.
      const visit = { ...built.body, amount_collected: fromMinor(bodyMinor(receiptBuilt.body)), receipt_number: receiptNumber };
      await enqueue('visit', { body: visit, files: photoFiles(), loanId: loan.loan_id, summary: summary('visit', t(`field.disposition.${visit.disposition}`)) });
      void pingOnCheckIn(fix);
      await enqueue('receipt', { body: receiptBuilt.body, loanId: loan.loan_id, summary: summary('receipt', `${receiptNumber} · ${moneyMinor(bodyMinor(receiptBuilt.body), currency)}`) });
      setStep({
        step: 'done',
        receipt: {
          ...receiptBuilt.body,
          applicant_name: loan.applicant_name,
          executive_name: executive.name,
          company_name: company?.trademark ?? null,
          currency: currency ?? 'INR',
        },
      });
    } catch (e) {
      failSave(e);
    } finally {
      setSaving(false);
    }
  };

  const fieldInput: Record<DispositionField, ReactNode> = {
    amount_collected: <TextField key="amount_collected" label={t('field.form.amount_collected')} value={draft.amount_collected} onChange={set('amount_collected')} error={err('amount_collected')} required inputMode="decimal" />,
    ptp_date: <TextField key="ptp_date" label={t('field.form.ptp_date')} type="date" min={today} value={draft.ptp_date} onChange={set('ptp_date')} error={err('ptp_date')} required />,
    ptp_amount: <TextField key="ptp_amount" label={t('field.form.ptp_amount')} value={draft.ptp_amount} onChange={set('ptp_amount')} error={err('ptp_amount')} required inputMode="decimal" />,
    callback_at: <TextField key="callback_at" label={t('field.form.callback_at')} type="datetime-local" value={draft.callback_at} onChange={set('callback_at')} error={err('callback_at')} required />,
    dispute_reason: <TextField key="dispute_reason" label={t('field.form.dispute_reason')} value={draft.dispute_reason} onChange={set('dispute_reason')} error={err('dispute_reason')} required multiline />,
    new_address: <TextField key="new_address" label={t('field.form.new_address')} value={draft.new_address} onChange={set('new_address')} error={err('new_address')} multiline />,
  };

  return (
    <Stack gap="3" maxW="2xl">
      <HStack gap="2" className="no-print">
        <Button asChild size="sm" variant="ghost" px="1">
          <RouterLink to={visitsLink} aria-label={t('field.form.back')}>
            <ArrowLeft aria-hidden />
          </RouterLink>
        </Button>
        <Heading as="h1" size="xl">
          {step.step === 'visit' ? t('field.form.title') : t('field.receipt.step_title')}
        </Heading>
      </HStack>
      {step.step !== 'done' && <LoanHeader loan={loan} currency={currency} />}
      {saveError && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Description>{saveError}</Alert.Description>
        </Alert.Root>
      )}

      {step.step === 'visit' && (
        <Stack asChild gap="4">
          <form noValidate onSubmit={(e) => void submitVisit(e)} aria-label={t('field.form.title')}>
            <CheckInCard checkin={checkin} onRetry={retry} />
            <SelectField label={t('field.form.person_met')} value={draft.person_met} onChange={set('person_met')} options={PERSONS_MET.map((p) => ({ value: p, label: t(`field.person_met.${p}`) }))} error={err('person_met')} required testId="person-met" />
            <SelectField
              label={t('field.form.disposition')}
              value={draft.disposition}
              onChange={set('disposition')}
              options={FOS_DISPOSITIONS.map((d) => ({ value: d, label: t(`field.disposition.${d}`) }))}
              error={err('disposition')}
              required
              testId="disposition"
            />
            {fields.map((field) => fieldInput[field])}
            <TextField label={t('field.form.remarks')} value={draft.remarks} onChange={set('remarks')} error={err('remarks')} multiline />
            <PhotoPicker label={t('field.form.photos')} photos={photos} onChange={setPhotos} max={MAX_PHOTOS} testId="visit-photos" />
            <label style={{ display: 'flex', alignItems: 'center', gap: 8, minHeight: 44 }}>
              <input type="checkbox" style={{ width: 20, height: 20 }} checked={link.on} onChange={(e) => setLink({ ...link, on: e.currentTarget.checked })} data-testid="visit-send-link" /> {t('field.form.send_link')}
            </label>
            {link.on && (
              <>
                <TextField label={t('field.form.link_amount', { currency: currencySymbol(currency) })} value={linkAmount} onChange={(v) => { setLink({ ...link, amount: v }); clear('link_amount'); }} error={err('link_amount')} required inputMode="decimal" />
                <SelectField label={t('field.form.link_channel')} value={link.channel} onChange={(v) => setLink({ ...link, channel: v || 'whatsapp' })} options={LINK_SEND_CHANNELS.map((c) => ({ value: c, label: t(`field.form.link_via.${c}`) }))} required testId="visit-link-channel" />
              </>
            )}
            <TextField label={t('field.form.next_visit_date')} type="date" min={today} value={draft.next_visit_date} onChange={set('next_visit_date')} error={err('next_visit_date')} />
            <Button type="submit" colorPalette="blue" size="lg" loading={saving}>
              {disposition && collectsMoney(disposition) ? t('field.form.next_receipt') : t('field.form.save')}
            </Button>
            <Text fontSize="xs" color="fg.muted">
              {t('field.form.offline_note')}
            </Text>
          </form>
        </Stack>
      )}

      {step.step === 'receipt' && (
        <Stack asChild gap="4">
          <form noValidate onSubmit={(e) => void submitReceipt(e)} aria-label={t('field.receipt.step_title')}>
            <SelectField
              label={t('field.receipt.payment_mode')}
              value={receipt.payment_mode}
              onChange={setR('payment_mode')}
              options={PAYMENT_MODES.map((m) => ({ value: m, label: t(`field.receipt.mode.${m}`) }))}
              error={err('payment_mode')}
              required
              testId="payment-mode"
            />
            <TextField label={t('field.receipt.amount')} value={receipt.amount} onChange={setR('amount')} error={err('amount')} required inputMode="decimal" />
            {instrumentFields(receipt.payment_mode).number && (
              <TextField
                label={receipt.payment_mode === 'upi' ? t('field.receipt.upi_reference') : receipt.payment_mode === 'cheque' ? t('field.receipt.cheque_number') : t('field.receipt.dd_number')}
                value={receipt.instrument_number}
                onChange={setR('instrument_number')}
                error={err('instrument_number')}
                required
              />
            )}
            {instrumentFields(receipt.payment_mode).bank && <TextField label={t('field.receipt.bank')} value={receipt.bank_name} onChange={setR('bank_name')} error={err('bank_name')} required />}
            <TextField label={t('field.receipt.payer')} value={receipt.payer_name} onChange={setR('payer_name')} error={err('payer_name')} required />
            <HStack gap="2">
              <Button variant="outline" flex="1" onClick={() => setStep({ step: 'visit' })} disabled={saving}>
                {t('common.back')}
              </Button>
              <Button type="submit" colorPalette="blue" flex="2" loading={saving}>
                {t('field.receipt.save')}
              </Button>
            </HStack>
          </form>
        </Stack>
      )}

      {step.step === 'done' && (
        <>
          <ReceiptPanel receipt={step.receipt} queued />
          <Button asChild variant="outline" className="no-print">
            <RouterLink to={visitsLink}>{t('field.form.back')}</RouterLink>
          </Button>
        </>
      )}

      {step.step !== 'done' && <PastVisits loanId={loan.loan_id} userId={userId} companyId={companyId} />}
    </Stack>
  );
}
