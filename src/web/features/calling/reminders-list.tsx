/**
 * The agent's reminders due today (spec 4): callbacks and PTP follow-ups, overdue first; a toast
 * announces each one as it falls due while the desk is open.
 */
import { Badge, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReminderRecord } from '../../../domain/contracts/calling/calls';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-state';
import { toaster } from '../../lib/toaster';
import { useReminders } from './api';

/** Toasts each reminder once, when its time comes. */
function useDueNotices(reminders: ReminderRecord[] | undefined) {
  const { t } = useTranslation();
  const told = useRef(new Set<string>());
  useEffect(() => {
    const check = () => {
      for (const r of reminders ?? []) {
        if (Date.parse(r.reminder_date) <= Date.now() && !told.current.has(r.reminder_id)) {
          told.current.add(r.reminder_id);
          toaster.create({ type: 'info', title: t('calling.reminder_due', { loan: r.loan_id }), description: r.remarks || undefined });
        }
      }
    };
    check();
    const id = window.setInterval(check, 30_000);
    return () => window.clearInterval(id);
  }, [reminders, t]);
}

export function RemindersList({ companyId, onOpen }: { companyId: string | null; onOpen: (loanId: string) => void }) {
  const { t } = useTranslation();
  const list = useReminders(companyId);
  useDueNotices(list.data?.reminders);
  return (
    <Stack gap="2" borderWidth="1px" rounded="md" p="4" bg="bg" role="region" aria-label={t('calling.reminders')}>
      <Text fontWeight="semibold">{t('calling.reminders')}</Text>
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.reminders.length === 0 ? (
        <EmptyState>{t('calling.no_reminders')}</EmptyState>
      ) : (
        list.data.reminders.map((r) => (
          <Flex key={r.reminder_id} gap="2" align="center" justify="space-between" wrap="wrap" data-testid="reminder">
            <Flex gap="2" align="center">
              <Badge colorPalette={r.kind === 'ptp' ? 'purple' : 'blue'}>{t(`calling.reminder_kind.${r.kind}`)}</Badge>
              <Text fontSize="sm">{new Date(r.reminder_date).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}</Text>
              <Text fontSize="sm" fontWeight="medium">
                {r.loan_id}
              </Text>
            </Flex>
            <Button size="xs" variant="outline" onClick={() => onOpen(r.loan_id)}>
              {t('calling.open')}
            </Button>
          </Flex>
        ))
      )}
    </Stack>
  );
}
