/** "Check a contact": a dry run of the compliance decision for a loan, channel, number and moment, showing each reason. */
import { Alert, Button, Field, Input, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTACT_CHANNELS, CONTACT_PURPOSES } from '../../../domain/compliance/rules';
import type { ContactChannel, ContactPurpose } from '../../../domain/compliance/rules';
import { errorMessage } from '../../lib/api';
import { companyInput, useCheck } from './api';
import { DecisionReasons } from './decision-reasons';
import { ChoiceField } from '../../components/choice-field';

const LANGS = ['en', 'hi', 'id'] as const;

/** '2026-11-23T18:30' in the browser's zone → an ISO instant with its offset. */
function instantOf(local: string): string | undefined {
  if (!local) return undefined;
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

export function CheckForm({ companyId }: { companyId: string | null }) {
  const { t, i18n } = useTranslation();
  const check = useCheck();
  const [loanId, setLoanId] = useState('');
  const [channel, setChannel] = useState<ContactChannel>('call');
  const [purpose, setPurpose] = useState<ContactPurpose>('payment');
  const [to, setTo] = useState('');
  const [at, setAt] = useState('');
  const [text, setText] = useState('');
  const [templateId, setTemplateId] = useState('');
  const lang = LANGS.find((l) => i18n.language?.startsWith(l)) ?? 'en';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!loanId.trim()) return;
    check.mutate({
      ...companyInput(companyId),
      body: {
        channel,
        loan_id: loanId.trim(),
        purpose,
        lang,
        ...(to.trim() ? { to: to.trim() } : {}),
        ...(instantOf(at) ? { at: instantOf(at) } : {}),
        ...(channel === 'sms' && text ? { text } : {}),
        ...(channel === 'sms' && templateId.trim() ? { dlt_template_id: templateId.trim() } : {}),
      },
    });
  };

  return (
    <Stack gap="4" bg="bg" borderWidth="1px" rounded="md" p={{ base: '4', md: '6' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <Field.Root required>
              <Field.Label>{t('compliance.loan_id')}</Field.Label>
              <Input value={loanId} maxLength={100} onChange={(e) => setLoanId(e.currentTarget.value)} data-testid="check-loan-id" />
            </Field.Root>
            <ChoiceField label={t('compliance.channel')} value={channel} choices={CONTACT_CHANNELS} choiceLabel={(c) => t(`compliance.channel_${c}`)} onChange={setChannel} testId="check-channel" />
            <ChoiceField label={t('compliance.purpose')} value={purpose} choices={CONTACT_PURPOSES} choiceLabel={(p) => t(`compliance.purpose_${p}`)} onChange={setPurpose} />
            <Field.Root>
              <Field.Label>{t('compliance.to')}</Field.Label>
              <Input value={to} maxLength={200} onChange={(e) => setTo(e.currentTarget.value)} />
              <Field.HelperText>{t('compliance.to_help')}</Field.HelperText>
            </Field.Root>
            <Field.Root>
              <Field.Label>{t('compliance.at')}</Field.Label>
              <Input type="datetime-local" value={at} onChange={(e) => setAt(e.currentTarget.value)} data-testid="check-at" />
              <Field.HelperText>{t('compliance.at_help')}</Field.HelperText>
            </Field.Root>
            {channel === 'sms' && (
              <Field.Root>
                <Field.Label>{t('compliance.dlt_template_id')}</Field.Label>
                <Input value={templateId} maxLength={64} onChange={(e) => setTemplateId(e.currentTarget.value)} />
              </Field.Root>
            )}
          </SimpleGrid>
          {channel === 'sms' && (
            <Field.Root>
              <Field.Label>{t('compliance.sms_text')}</Field.Label>
              <Textarea value={text} maxLength={2000} onChange={(e) => setText(e.currentTarget.value)} />
            </Field.Root>
          )}
          <div>
            <Button type="submit" loading={check.isPending} disabled={!loanId.trim()}>
              {t('compliance.check')}
            </Button>
          </div>
        </Stack>
      </form>
      {check.isError && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{errorMessage(check.error)}</Alert.Title>
        </Alert.Root>
      )}
      {check.data && <DecisionReasons decision={check.data} />}
    </Stack>
  );
}
