/**
 * The template editor (issue 13): name, channel, language, the body with `{{variables}}`, an
 * email's subject, an SMS's DLT registration (content template id, entity id, sender header ≤ 6,
 * category) with the `{#var#}` body to register, and a preview for a loan before saving/sending.
 */
import { Alert, Box, Button, Code, Field, Flex, Input, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DLT_CATEGORIES, DLT_HEADER_MAX, type DltCategory } from '../../../domain/compliance/dlt';
import { dltBodyOf } from '../../../domain/communication/render';
import { MESSAGE_CHANNELS, TEMPLATE_LANGUAGES, type MessageChannel, type TemplateLanguage } from '../../../domain/communication/status';
import { LOAN_VARIABLES, type TemplateRecord } from '../../../domain/contracts/communication/templates';
import { errorMessage } from '../../lib/api';
import { companyInput, useCreateTemplate, usePreview, useUpdateTemplate } from './api';
import { ChoiceField } from '../../components/choice-field';

interface Draft {
  name: string;
  channel: MessageChannel;
  language: TemplateLanguage;
  subject: string;
  body: string;
  dltTemplateId: string;
  dltEntityId: string;
  dltHeader: string;
  dltCategory: DltCategory;
}

const draftOf = (t: TemplateRecord | null): Draft => ({
  name: t?.name ?? '',
  channel: t?.channel ?? 'sms',
  language: t?.language ?? 'en',
  subject: t?.subject ?? '',
  body: t?.body ?? '',
  dltTemplateId: t?.dlt?.dlt_template_id ?? '',
  dltEntityId: t?.dlt?.dlt_entity_id ?? '',
  dltHeader: t?.dlt?.dlt_sender_header ?? '',
  dltCategory: t?.dlt?.dlt_category ?? 'service_explicit',
});

export function TemplateEditor({ companyId, template, onDone }: { companyId: string | null; template: TemplateRecord | null; onDone: () => void }) {
  const { t } = useTranslation();
  const [d, setD] = useState<Draft>(() => draftOf(template));
  const [previewLoan, setPreviewLoan] = useState('');
  const create = useCreateTemplate();
  const update = useUpdateTemplate();
  const preview = usePreview();
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setD((x) => ({ ...x, [k]: v }));
  const hasDlt = d.channel === 'sms' && Boolean(d.dltTemplateId || d.dltEntityId || d.dltHeader);
  const saving = create.isPending || update.isPending;
  const error = create.error ?? update.error;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      name: d.name.trim(),
      channel: d.channel,
      language: d.language,
      subject: d.channel === 'email' ? d.subject.trim() : null,
      body: d.body,
      dlt: hasDlt ? { dlt_template_id: d.dltTemplateId.trim(), dlt_entity_id: d.dltEntityId.trim(), dlt_sender_header: d.dltHeader.trim(), dlt_category: d.dltCategory } : null,
    };
    if (template) update.mutate({ ...companyInput(companyId), params: { template_id: template.template_id }, body }, { onSuccess: onDone });
    else create.mutate({ ...companyInput(companyId), body }, { onSuccess: onDone });
  };

  return (
    <Stack as="form" onSubmit={submit} gap="4" bg="bg" borderWidth="1px" rounded="md" p={{ base: '4', md: '6' }} aria-label={t('communication.editor')}>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <Field.Root required>
          <Field.Label>{t('communication.name')}</Field.Label>
          <Input value={d.name} maxLength={100} onChange={(e) => set('name', e.currentTarget.value)} data-testid="template-name" />
        </Field.Root>
        <ChoiceField label={t('communication.channel')} value={d.channel} choices={MESSAGE_CHANNELS} choiceLabel={(c) => t(`communication.channel_${c}`)} onChange={(c) => set('channel', c)} testId="template-channel" />
        <ChoiceField label={t('communication.language')} value={d.language} choices={TEMPLATE_LANGUAGES} choiceLabel={(l) => t(`communication.language_${l}`)} onChange={(l) => set('language', l)} />
      </SimpleGrid>
      {d.channel === 'email' && (
        <Field.Root required>
          <Field.Label>{t('communication.subject')}</Field.Label>
          <Input value={d.subject} maxLength={200} onChange={(e) => set('subject', e.currentTarget.value)} />
        </Field.Root>
      )}
      <Field.Root required>
        <Field.Label>{t('communication.body')}</Field.Label>
        <Textarea value={d.body} rows={4} maxLength={2000} onChange={(e) => set('body', e.currentTarget.value)} data-testid="template-body" />
        <Field.HelperText>
          {t('communication.variables_help')}{' '}
          {LOAN_VARIABLES.map((v) => (
            <Code key={v} me="1" fontSize="xs">{`{{${v}}}`}</Code>
          ))}
        </Field.HelperText>
      </Field.Root>
      {d.channel === 'sms' && (
        <Box borderWidth="1px" rounded="md" p="4">
          <Text fontWeight="semibold" mb="1">
            {t('communication.dlt_title')}
          </Text>
          <Text fontSize="sm" color="fg.muted" mb="3">
            {t('communication.dlt_help')}
          </Text>
          <SimpleGrid columns={{ base: 1, md: 4 }} gap="3">
            <Field.Root>
              <Field.Label>{t('communication.dlt_template_id')}</Field.Label>
              <Input value={d.dltTemplateId} inputMode="numeric" maxLength={30} onChange={(e) => set('dltTemplateId', e.currentTarget.value)} />
            </Field.Root>
            <Field.Root>
              <Field.Label>{t('communication.dlt_entity_id')}</Field.Label>
              <Input value={d.dltEntityId} inputMode="numeric" maxLength={30} onChange={(e) => set('dltEntityId', e.currentTarget.value)} />
            </Field.Root>
            <Field.Root>
              <Field.Label>{t('communication.dlt_header')}</Field.Label>
              <Input value={d.dltHeader} maxLength={DLT_HEADER_MAX} onChange={(e) => set('dltHeader', e.currentTarget.value)} />
            </Field.Root>
            <Field.Root>
              <Field.Label>{t('communication.dlt_category')}</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field value={d.dltCategory} onChange={(e) => set('dltCategory', e.currentTarget.value as DltCategory)}>
                  {DLT_CATEGORIES.map((c) => (
                    <option key={c} value={c}>
                      {t(`communication.dlt_category_${c}`)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          </SimpleGrid>
          {d.body && (
            <Text fontSize="sm" mt="3">
              {t('communication.dlt_body')} <Code whiteSpace="pre-wrap">{dltBodyOf(d.body)}</Code>
            </Text>
          )}
        </Box>
      )}
      {error && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{errorMessage(error)}</Alert.Title>
        </Alert.Root>
      )}
      <Flex gap="3" wrap="wrap" align="end">
        <Button type="submit" loading={saving} disabled={!d.name.trim() || !d.body.trim()}>
          {t('communication.save')}
        </Button>
        <Button variant="outline" onClick={onDone}>
          {t('communication.cancel')}
        </Button>
        {template && (
          <>
            <Field.Root w="auto" minW="40">
              <Field.Label>{t('communication.preview_loan')}</Field.Label>
              <Input value={previewLoan} maxLength={100} onChange={(e) => setPreviewLoan(e.currentTarget.value)} />
            </Field.Root>
            <Button variant="outline" loading={preview.isPending} onClick={() => preview.mutate({ ...companyInput(companyId), params: { template_id: template.template_id }, body: { loan_id: previewLoan.trim() || undefined, variables: {} } })}>
              {t('communication.preview')}
            </Button>
          </>
        )}
      </Flex>
      {preview.isError && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{errorMessage(preview.error)}</Alert.Title>
        </Alert.Root>
      )}
      {preview.data && <PreviewBox preview={preview.data} />}
    </Stack>
  );
}

export function PreviewBox({ preview }: { preview: { text: string; subject: string | null; missing: string[]; dlt_ok: boolean | null; dlt_problem: string | null } }) {
  const { t } = useTranslation();
  return (
    <Stack gap="2" bg="bg.muted" rounded="md" p="3" role="status" aria-label={t('communication.preview')} data-testid="preview">
      {preview.subject && <Text fontWeight="semibold">{preview.subject}</Text>}
      <Text whiteSpace="pre-wrap">{preview.text}</Text>
      {preview.missing.length > 0 && <Text color="fg.warning">{t('communication.missing', { names: preview.missing.join(', ') })}</Text>}
      {preview.dlt_ok === true && <Text color="fg.success">{t('communication.dlt_ok')}</Text>}
      {preview.dlt_ok === false && <Text color="fg.error">{preview.dlt_problem}</Text>}
    </Stack>
  );
}
