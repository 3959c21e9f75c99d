/**
 * `/app/customer/communication?loan_id=` (spec 2 customer tab; issue 13): a loan's messages,
 * newest first, each with its status chip and — when the compliance check blocked it — the
 * reasons; and "send from a template": choose a channel and template, preview the text the
 * borrower gets, send. A blocked send is shown at once with why.
 */
import { Alert, Box, Button, Card, Field, Flex, Heading, Input, List, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { formatDate } from '../../../domain/common/dates';
import { listMessages, MESSAGE_CHANNELS, sendMessage, type MessageChannel, type MessageRecord } from '../../../domain/contracts/communication/messages';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-state';
import { errorMessage } from '../../lib/api';
import { can } from '../../lib/endpoint';
import { useShell } from '../../lib/shell-context';
import { companyInput, useMessages, usePreview, useSend, useTemplates } from './api';
import { MessageStatusChip } from './status-chip';
import { PreviewBox } from './template-editor';
import { ChoiceField } from '../../components/choice-field';
import { getChat, sendChatReply } from '../../../domain/contracts/communication/chat';
import { ChatPanel } from './chat-panel';

const LANGS = ['en', 'hi', 'id'] as const;

function MessageCard({ m }: { m: MessageRecord }) {
  const { t } = useTranslation();
  return (
    <Card.Root size="sm" data-testid="message" data-status={m.status} variant={m.direction === 'inbound' ? 'subtle' : 'outline'}>
      <Card.Body gap="2">
        <Flex gap="2" align="center" wrap="wrap">
          <MessageStatusChip status={m.status} />
          <Text fontWeight="medium">{m.direction === 'inbound' ? t('communication.inbound') : (m.template_name ?? t(`communication.channel_${m.channel}`))}</Text>
          <Text fontSize="sm" color="fg.muted">
            {t(`communication.channel_${m.channel}`)}
            {m.to ? ` · ${m.to}` : ''} · {formatDate(m.created_at, { withTime: true })}
          </Text>
        </Flex>
        {m.subject && <Text fontWeight="semibold">{m.subject}</Text>}
        <Text whiteSpace="pre-wrap" wordBreak="break-word">
          {m.text}
        </Text>
        {m.reasons.length > 0 && (
          <Alert.Root status="warning" size="sm" data-testid="blocked-reasons">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t('communication.blocked_because')}</Alert.Title>
              <Alert.Description>
                <List.Root ps="4">
                  {m.reasons.map((r) => (
                    <List.Item key={r.code} data-code={r.code}>
                      {r.message}
                    </List.Item>
                  ))}
                </List.Root>
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        {m.error && (
          <Text color="fg.error" fontSize="sm">
            {m.error}
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function SendForm({ companyId, loanId }: { companyId: string | null; loanId: string }) {
  const { t, i18n } = useTranslation();
  const [channel, setChannel] = useState<MessageChannel>('sms');
  const [templateId, setTemplateId] = useState('');
  const templates = useTemplates(companyId, channel);
  const preview = usePreview();
  const send = useSend();
  const lang = LANGS.find((l) => i18n.language?.startsWith(l)) ?? 'en';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!templateId) return;
    send.mutate({ ...companyInput(companyId), body: { loan_id: loanId, channel, template_id: templateId, variables: {}, lang } });
  };

  return (
    <Stack as="form" onSubmit={submit} gap="3" bg="bg" borderWidth="1px" rounded="md" p={{ base: '4', md: '5' }} aria-label={t('communication.send_title')}>
      <Heading as="h2" size="md">
        {t('communication.send_title')}
      </Heading>
      <Flex gap="3" wrap="wrap" align="end">
        <ChoiceField
          label={t('communication.channel')}
          value={channel}
          choices={MESSAGE_CHANNELS}
          choiceLabel={(c) => t(`communication.channel_${c}`)}
          onChange={(c) => {
            setChannel(c);
            setTemplateId('');
            preview.reset();
          }}
          testId="send-channel"
          rootProps={{ w: { base: 'full', md: '40' } }}
        />
        <Field.Root flex="1" minW="56" required>
          <Field.Label>{t('communication.template')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={templateId}
              onChange={(e) => {
                setTemplateId(e.currentTarget.value);
                if (e.currentTarget.value) preview.mutate({ ...companyInput(companyId), params: { template_id: e.currentTarget.value }, body: { loan_id: loanId, variables: {} } });
              }}
              placeholder={t('communication.choose_template')}
              data-testid="send-template"
            >
              {(templates.data?.templates ?? []).map((tpl) => (
                <option key={tpl.template_id} value={tpl.template_id}>
                  {`${tpl.name} · ${tpl.language}`}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Button type="submit" loading={send.isPending} disabled={!templateId} data-testid="send-message">
          {t('communication.send')}
        </Button>
      </Flex>
      {templates.data && templates.data.templates.length === 0 && <Text color="fg.muted">{t('communication.no_templates_channel')}</Text>}
      {preview.isError && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{errorMessage(preview.error)}</Alert.Title>
        </Alert.Root>
      )}
      {preview.data && <PreviewBox preview={preview.data} />}
      {send.isError && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{errorMessage(send.error)}</Alert.Title>
        </Alert.Root>
      )}
      {send.data && (
        <Box role="status" aria-live="polite" data-testid="send-result">
          {send.data.status === 'blocked' ? <Text color="fg.warning">{t('communication.was_blocked')}</Text> : send.data.status === 'failed' ? <Text color="fg.error">{t('communication.was_failed')}</Text> : <Text color="fg.success">{t('communication.was_sent')}</Text>}
        </Box>
      )}
    </Stack>
  );
}

export default function LoanMessagesPage() {
  const { t } = useTranslation();
  const { companyId, permissions } = useShell();
  const [params, setParams] = useSearchParams();
  const loanId = params.get('loan_id')?.trim() ?? '';
  const [draft, setDraft] = useState(loanId);
  const messages = useMessages(companyId, loanId);
  const canRead = can(listMessages, permissions);

  const open = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams(params);
    next.set('loan_id', draft.trim());
    setParams(next);
  };

  return (
    <Stack gap="5" maxW="4xl" minW="0">
      <Heading as="h1" size="xl">
        {t('communication.loan_title')}
      </Heading>
      <Flex as="form" onSubmit={open} gap="3" align="end" wrap="wrap">
        <Field.Root w={{ base: 'full', md: '64' }}>
          <Field.Label>{t('communication.loan_id')}</Field.Label>
          <Input value={draft} maxLength={100} onChange={(e) => setDraft(e.currentTarget.value)} data-testid="loan-id" />
        </Field.Root>
        <Button type="submit" variant="outline" disabled={!draft.trim()}>
          {t('communication.open_loan')}
        </Button>
      </Flex>
      {!canRead ? (
        <EmptyState>{t('communication.no_permission')}</EmptyState>
      ) : !loanId ? (
        <EmptyState>{t('communication.choose_loan')}</EmptyState>
      ) : (
        <>
          {can(getChat, permissions) && <ChatPanel key={`chat-${loanId}`} companyId={companyId} loanId={loanId} canWrite={can(sendChatReply, permissions)} />}
          {can(sendMessage, permissions) && <SendForm key={loanId} companyId={companyId} loanId={loanId} />}
          <Heading as="h2" size="md">
            {t('communication.messages')}
          </Heading>
          {messages.isPending ? (
            <LoadingState />
          ) : messages.isError ? (
            <ErrorState error={messages.error} onRetry={() => messages.refetch()} />
          ) : messages.data.messages.length === 0 ? (
            <EmptyState>{t('communication.no_messages')}</EmptyState>
          ) : (
            <Stack gap="3" data-testid="messages">
              {messages.data.messages.map((m) => (
                <MessageCard key={m.message_id} m={m} />
              ))}
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}
