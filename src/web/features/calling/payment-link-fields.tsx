/**
 * "Send payment link" in the disposition form (issue 15): a tick, the amount (major units; until
 * edited it follows the PTP amount, else the loan's dues) and the channel. The disposition carries
 * it as `payment_link`; the server makes and sends the link through the payments area. Kept apart
 * from the form so the form's change stays small.
 */
import { Checkbox, Field, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { toaster } from '../../lib/toaster';
import { ChoiceField } from '../../components/choice-field';
import { LINK_SEND_CHANNELS, type LinkSendChannel } from '../../../domain/contracts/payments/links';
import type { PaymentLinkOutcome } from '../../../domain/contracts/payments/links.schema';

export interface LinkAsk {
  on: boolean;
  /** What the agent typed; null until edited (then the suggestion is shown). */
  amount: string | null;
  channel: LinkSendChannel;
}
export const NO_LINK: LinkAsk = { on: false, amount: null, channel: 'whatsapp' };

/** The amount a link is asked for: the typed one, else the suggestion (PTP amount, else dues). */
export const linkAmountOf = (ask: LinkAsk, suggested: string) => (ask.amount ?? suggested).trim();

export function PaymentLinkFields({ ask, onChange, suggested, currencyLabel }: { ask: LinkAsk; onChange: (a: LinkAsk) => void; suggested: string; currencyLabel: string }) {
  const { t } = useTranslation();
  const amount = linkAmountOf(ask, suggested);
  const bad = ask.on && amount !== '' && !(Number(amount) > 0);
  return (
    <Stack gap="2">
      <Checkbox.Root checked={ask.on} onCheckedChange={(e) => onChange({ ...ask, on: e.checked === true })} size="sm" data-testid="disposition-send-link">
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t('calling.send_payment_link')}</Checkbox.Label>
      </Checkbox.Root>
      {ask.on && (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <Field.Root required invalid={bad}>
            <Field.Label>{t('calling.link_amount', { currency: currencyLabel })}</Field.Label>
            <Input inputMode="decimal" value={amount} onChange={(e) => onChange({ ...ask, amount: e.currentTarget.value.replace(/[^\d.]/g, '') })} data-testid="disposition-link-amount" />
            <Field.ErrorText>{t('calling.link_amount_invalid')}</Field.ErrorText>
          </Field.Root>
          <ChoiceField
            label={t('calling.link_channel')}
            value={ask.channel}
            choices={LINK_SEND_CHANNELS}
            choiceLabel={(c) => t(`calling.link_via.${c}`)}
            onChange={(channel) => onChange({ ...ask, channel })}
            testId="disposition-link-channel"
            required
          />
        </SimpleGrid>
      )}
    </Stack>
  );
}

/**
 * Says what became of the link: sent, or the server's word on why not (the disposition itself was
 * saved), kept on screen long enough to read.
 */
export function toastLinkOutcome(outcome: PaymentLinkOutcome, t: TFunction) {
  if (outcome.sent) {
    toaster.create({ type: 'success', title: t('calling.link_sent') });
    return;
  }
  const reasons = outcome.reasons.map((r) => r.message).filter((m) => !outcome.message.includes(m));
  toaster.create({ type: 'warning', title: t('calling.link_not_sent'), description: [outcome.message, ...reasons].join(' '), duration: 20_000 });
}
