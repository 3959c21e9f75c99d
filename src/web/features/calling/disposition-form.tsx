/**
 * The disposition form after a call (spec 4): the company's dispositions; a PTP asks its date and
 * amount (major units on screen, minor units on the server), a callback its time (a reminder);
 * remarks; for an inbound call matched to several loans, which loan it was about. Sent once per
 * call: sending again answers the first.
 */
import { Alert, Button, Field, Input, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallingSettings, CallRecord } from '../../../domain/contracts/calling/calls';
import { errorMessage } from '../../lib/api';
import { toaster } from '../../lib/toaster';
import { companyInput, useRecordDisposition } from './api';
import { currencySymbol, fromMinor } from '../../../domain/common/money';
import { reasonLanguage } from '../../lib/languages';
import { linkAmountOf, NO_LINK, PaymentLinkFields, toastLinkOutcome, type LinkAsk } from './payment-link-fields';

/** '2026-11-23T18:30' in the browser's zone → an ISO instant with its offset. */
function instantOf(local: string): string | null {
  if (!local) return null;
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** `dueMinor`: the loan's dues (minor units), the suggested payment link amount when no PTP amount is typed. */
export function DispositionForm({ companyId, call, settings, dueMinor = null, onDone }: { companyId: string | null; call: CallRecord; settings: CallingSettings; dueMinor?: number | null; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const save = useRecordDisposition();
  const [name, setName] = useState('');
  const [ptpDate, setPtpDate] = useState('');
  const [ptpAmount, setPtpAmount] = useState('');
  const [callbackAt, setCallbackAt] = useState('');
  const [remarks, setRemarks] = useState('');
  const [link, setLink] = useState<LinkAsk>(NO_LINK);
  const suggestedLink = ptpAmount || (dueMinor ? String(fromMinor(dueMinor)) : '');
  const linkAmount = linkAmountOf(link, suggestedLink);
  const currencyLabel = currencySymbol(settings.currency);
  // An inbound call whose number matched several loans: the agent says which loan it was about.
  const choices = call.direction === 'inbound' && call.matched_loan_ids.length > 1 ? call.matched_loan_ids : [];
  const [loanId, setLoanId] = useState(call.loan_id);
  const option = settings.dispositions.find((d) => d.name === name);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!option) return;
    if (link.on && !(Number(linkAmount) > 0)) return;
    const amount = Number(ptpAmount);
    // mutateAsync, not mutate's callbacks: the refreshed call (with its disposition) may unmount
    // this form before they would run, and the confirmation must still show.
    const body = {
      call_id: call.call_id,
      disposition: name,
      ptp_date: option.ptp ? ptpDate || null : null,
      ptp_amount: option.ptp && ptpAmount ? amount : null,
      callback_at: option.callback ? instantOf(callbackAt) : null,
      remarks,
      ...(choices.length > 0 ? { loan_id: loanId } : {}),
      ...(link.on ? { payment_link: { amount: Number(linkAmount), channel: link.channel, lang: reasonLanguage(i18n.language) } } : {}),
    };
    void save
      .mutateAsync({ ...companyInput(companyId), body })
      .then((answer) => {
        toaster.create({ type: 'success', title: t('calling.disposition_saved') });
        // A toast, not the form: the refreshed call (now disposed) unmounts the form.
        if (answer.payment_link) toastLinkOutcome(answer.payment_link, t);
        onDone();
      })
      // The form shows the error (save.error).
      .catch(() => undefined);
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('calling.disposition')} data-testid="disposition-form">
      <Stack gap="3" borderWidth="1px" rounded="md" p="4" bg="bg">
      <Text fontWeight="semibold">{t('calling.disposition')}</Text>
      {choices.length > 0 && (
        <Field.Root required>
          <Field.Label>{t('calling.disposition_loan')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={loanId} onChange={(e) => setLoanId(e.currentTarget.value)} data-testid="disposition-loan">
              {choices.map((id) => (
                <option key={id} value={id}>
                  {id}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      )}
      <Field.Root required>
        <Field.Label>{t('calling.disposition')}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field value={name} onChange={(e) => setName(e.currentTarget.value)} data-testid="disposition-choice">
            <option value="">{t('calling.choose')}</option>
            {settings.dispositions.map((d) => (
              <option key={d.name} value={d.name}>
                {d.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      {option?.ptp && (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <Field.Root required>
            <Field.Label>{t('calling.ptp_date')}</Field.Label>
            <Input type="date" value={ptpDate} onChange={(e) => setPtpDate(e.currentTarget.value)} data-testid="ptp-date" />
          </Field.Root>
          <Field.Root required>
            <Field.Label>{t('calling.ptp_amount', { currency: currencyLabel })}</Field.Label>
            <Input inputMode="decimal" value={ptpAmount} onChange={(e) => setPtpAmount(e.currentTarget.value.replace(/[^\d.]/g, ''))} data-testid="ptp-amount" />
          </Field.Root>
        </SimpleGrid>
      )}
      {option?.callback && (
        <Field.Root required>
          <Field.Label>{t('calling.callback_at')}</Field.Label>
          <Input type="datetime-local" value={callbackAt} onChange={(e) => setCallbackAt(e.currentTarget.value)} data-testid="callback-at" />
        </Field.Root>
      )}
      <Field.Root>
        <Field.Label>{t('calling.remarks')}</Field.Label>
        <Textarea value={remarks} maxLength={2000} rows={2} onChange={(e) => setRemarks(e.currentTarget.value)} />
      </Field.Root>
      <PaymentLinkFields ask={link} onChange={setLink} suggested={suggestedLink} currencyLabel={currencyLabel} />
      {save.error && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{errorMessage(save.error)}</Alert.Title>
        </Alert.Root>
      )}
      <Button type="submit" disabled={!option} loading={save.isPending} alignSelf="start" data-testid="save-disposition">
        {t('calling.save_disposition')}
      </Button>
      </Stack>
    </form>
  );
}
