/**
 * The "Chats" tab of /app/communication (issue 13 ChatR): WhatsApp conversations, those where the
 * borrower wrote last first, with the time left in each 24-hour window; a row opens the loan's
 * conversation (/app/customer/communication?loan_id=).
 */
import { Badge, Box, Checkbox, Flex, Link, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate } from '../../../domain/common/dates';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-state';
import { useChats } from './api';

export function ChatsPanel({ companyId }: { companyId: string | null }) {
  const { t } = useTranslation();
  const [waiting, setWaiting] = useState(true);
  const chats = useChats(companyId, waiting);
  const now = Date.now();

  return (
    <Stack gap="4" pt="4">
      <Checkbox.Root checked={waiting} onCheckedChange={(e) => setWaiting(e.checked === true)} data-testid="chats-waiting">
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t('communication.chats_waiting_only')}</Checkbox.Label>
      </Checkbox.Root>
      {chats.isPending ? (
        <LoadingState />
      ) : chats.isError ? (
        <ErrorState error={chats.error} onRetry={() => chats.refetch()} />
      ) : chats.data.chats.length === 0 ? (
        <EmptyState>{waiting ? t('communication.chats_none_waiting') : t('communication.chats_none')}</EmptyState>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm" data-testid="chats">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('communication.loan_id')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('communication.chats_last_message')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('communication.chats_when')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('communication.chats_window')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {chats.data.chats.map((c) => {
                const minutes = c.window.closes_at ? Math.max(0, Math.floor((new Date(c.window.closes_at).getTime() - now) / 60_000)) : 0;
                return (
                  <Table.Row key={c.loan_id} data-testid="chat-row">
                    <Table.Cell>
                      <Link asChild fontWeight="medium" color="blue.fg">
                        <RouterLink to={`/app/customer/communication?loan_id=${encodeURIComponent(c.loan_id)}`}>{c.loan_id}</RouterLink>
                      </Link>
                      {c.from && (
                        <Text fontSize="xs" color="fg.muted">
                          {c.from}
                        </Text>
                      )}
                    </Table.Cell>
                    <Table.Cell maxW="md">
                      <Flex gap="2" align="center">
                        <Badge colorPalette={c.last_direction === 'inbound' ? 'orange' : 'gray'} flexShrink={0}>
                          {c.last_direction === 'inbound' ? t('communication.chats_needs_reply') : t('communication.chats_answered')}
                        </Badge>
                        <Box minW="0">
                          <Text truncate>{c.last_text}</Text>
                        </Box>
                      </Flex>
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{formatDate(c.last_at, { withTime: true })}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">
                      {c.window.open ? (
                        <Badge colorPalette="green">{t('communication.chat_window_open', { hours: Math.floor(minutes / 60), minutes: minutes % 60 })}</Badge>
                      ) : (
                        <Badge colorPalette="gray">{t('communication.chat_window_closed')}</Badge>
                      )}
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Stack>
  );
}
