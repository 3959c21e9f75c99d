/**
 * A loan's WhatsApp conversation (issue 13 ChatR): the borrower's messages on the left, ours on
 * the right with their status, and a reply box that is open only inside WhatsApp's 24-hour
 * window after the borrower's last message (the server refuses later replies with the same
 * words the closed box shows). Ctrl+Enter sends; the thread refreshes every 10 s.
 */
import { Alert, Badge, Box, Button, Field, Flex, Heading, List, Stack, Text, Textarea } from '@chakra-ui/react';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../domain/common/dates';
import { CHAT_TEXT_MAX, type ChatThread } from '../../../domain/contracts/communication/chat';
import type { MessageRecord } from '../../../domain/contracts/communication/messages';
import { ErrorState, LoadingState } from '../../components/query-state';
import { errorMessage } from '../../lib/api';
import { companyInput, useChat, useChatReply } from './api';
import { MessageStatusChip } from './status-chip';

/** Hours and minutes from now until `iso` (never negative). */
function remaining(iso: string, now: number) {
  const minutes = Math.max(0, Math.floor((new Date(iso).getTime() - now) / 60_000));
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}

function Bubble({ m }: { m: MessageRecord }) {
  const { t } = useTranslation();
  const mine = m.direction === 'outbound';
  return (
    <Box as="li" alignSelf={mine ? 'flex-end' : 'flex-start'} maxW={{ base: '90%', md: '75%' }} data-testid="chat-message" data-direction={m.direction}>
      <Box bg={mine ? 'green.subtle' : 'bg.muted'} color="fg" rounded="lg" roundedBottomRight={mine ? 'sm' : 'lg'} roundedBottomLeft={mine ? 'lg' : 'sm'} px="3" py="2">
        <Text srOnly>{mine ? t('communication.chat_we_wrote') : t('communication.chat_borrower_wrote')}</Text>
        <Text whiteSpace="pre-wrap" wordBreak="break-word">
          {m.text}
        </Text>
        <Flex gap="2" align="center" justify="flex-end" mt="1" wrap="wrap">
          <Text fontSize="xs" color="fg.muted">
            {formatDate(m.created_at, { withTime: true })}
          </Text>
          {mine && <MessageStatusChip status={m.status} />}
        </Flex>
        {m.reasons.length > 0 && (
          <List.Root ps="4" fontSize="sm" color="fg.warning" mt="1">
            {m.reasons.map((r) => (
              <List.Item key={r.code}>{r.message}</List.Item>
            ))}
          </List.Root>
        )}
        {m.error && (
          <Text fontSize="sm" color="fg.error" mt="1">
            {m.error}
          </Text>
        )}
      </Box>
    </Box>
  );
}

function WindowState({ thread, now }: { thread: ChatThread; now: number }) {
  const { t } = useTranslation();
  if (thread.window.open && thread.window.closes_at) {
    const left = remaining(thread.window.closes_at, now);
    return (
      <Badge colorPalette="green" data-testid="chat-window" data-open="true">
        {t('communication.chat_window_open', left)}
      </Badge>
    );
  }
  return (
    <Badge colorPalette="gray" data-testid="chat-window" data-open="false">
      {thread.window.last_inbound_at ? t('communication.chat_window_closed') : t('communication.chat_window_never')}
    </Badge>
  );
}

/** The conversation and reply box of one loan. `canWrite`: the caller holds WhatsApp ChatR › chat write. */
export function ChatPanel({ companyId, loanId, canWrite }: { companyId: string | null; loanId: string; canWrite: boolean }) {
  const { t, i18n } = useTranslation();
  const chat = useChat(companyId, loanId);
  const reply = useChatReply();
  const [text, setText] = useState('');
  const key = useRef<string>(crypto.randomUUID());
  const end = useRef<HTMLDivElement>(null);
  const [now, setNow] = useState(() => Date.now());
  const count = chat.data?.messages.length ?? 0;

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    end.current?.lastElementChild?.scrollIntoView({ block: 'nearest' });
  }, [count]);

  const lang = (['en', 'hi', 'id'] as const).find((l) => i18n.language?.startsWith(l)) ?? 'en';
  const send = (event?: FormEvent) => {
    event?.preventDefault();
    const body = text.trim();
    if (!body || reply.isPending) return;
    reply.mutate(
      { ...companyInput(companyId), body: { loan_id: loanId, text: body, lang }, idempotencyKey: key.current },
      {
        onSuccess: () => {
          setText('');
          key.current = crypto.randomUUID();
        },
      },
    );
  };
  const onKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) send();
  };

  if (chat.isPending) return <LoadingState />;
  if (chat.isError) return <ErrorState error={chat.error} onRetry={() => chat.refetch()} />;
  const thread = chat.data;
  const open = thread.window.open && canWrite;

  return (
    <Stack gap="3" bg="bg" borderWidth="1px" rounded="md" p={{ base: '3', md: '5' }} data-testid="chat" aria-label={t('communication.chat_title')} role="region">
      <Flex gap="2" align="center" justify="space-between" wrap="wrap">
        <Heading as="h2" size="md">
          {t('communication.chat_title')}
        </Heading>
        <WindowState thread={thread} now={now} />
      </Flex>
      {thread.messages.length === 0 ? (
        <Text color="fg.muted">{t('communication.chat_empty')}</Text>
      ) : (
        <Stack as="ul" ref={end} listStyleType="none" m="0" p="0" gap="2" maxH="md" overflowY="auto" tabIndex={0} aria-label={t('communication.chat_messages')} aria-live="polite">
          {thread.messages.map((m) => (
            <Bubble key={m.message_id} m={m} />
          ))}
        </Stack>
      )}
      {canWrite && (
        <Stack as="form" gap="2" onSubmit={send} aria-label={t('communication.chat_reply')}>
          <Field.Root disabled={!open} invalid={reply.isError}>
            <Field.Label>{t('communication.chat_reply')}</Field.Label>
            <Textarea value={text} onChange={(e) => setText(e.currentTarget.value)} onKeyDown={onKey} maxLength={CHAT_TEXT_MAX} rows={3} autoresize data-testid="chat-text" placeholder={open ? t('communication.chat_placeholder') : undefined} />
            <Field.HelperText>{open ? t('communication.chat_help', { count: text.length, max: CHAT_TEXT_MAX }) : t('communication.chat_closed_help')}</Field.HelperText>
          </Field.Root>
          {reply.isError && (
            <Alert.Root status="error" role="alert" size="sm">
              <Alert.Indicator />
              <Alert.Title>{errorMessage(reply.error)}</Alert.Title>
            </Alert.Root>
          )}
          {reply.data && reply.data.status === 'blocked' && (
            <Text role="status" color="fg.warning">
              {t('communication.was_blocked')}
            </Text>
          )}
          <Flex justify="flex-end">
            <Button type="submit" colorPalette="green" loading={reply.isPending} disabled={!open || !text.trim()} data-testid="chat-send">
              {t('communication.chat_send')}
            </Button>
          </Flex>
        </Stack>
      )}
    </Stack>
  );
}
