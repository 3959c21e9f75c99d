/**
 * The sync bar (issue 4 "A sync bar always visible: pending items, last successful sync, failed
 * items with the server's reason and a retry"). Reads the outbox live, so it moves as the drain
 * (page or service worker) sends items. A drain stopped by a 401 keeps the queue and asks the user
 * to sign in again; storage above 85 % of the quota is warned about.
 */
import { Badge, Box, Button, Flex, HStack, Icon, Stack, Text } from '@chakra-ui/react';
import { ChevronDown, CircleCheck, CloudOff, CloudUpload, RefreshCw, TriangleAlert } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SYNC_BAR_MIN_HEIGHT } from '../../app/shell-context';
import { retryItem } from '../../../offline/outbox';
import { storageStatus } from '../../../offline/storage';
import { leaveToLogin } from '../auth/sign-out';
import { useOutbox, useSyncMeta } from './field-data';
import { formatWhen } from './format';

function subscribeOnline(callback: () => void): () => void {
  window.addEventListener('online', callback);
  window.addEventListener('offline', callback);
  return () => {
    window.removeEventListener('online', callback);
    window.removeEventListener('offline', callback);
  };
}

/** navigator.onLine as React state (true when the browser does not know). */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine !== false, () => true);
}

/** Whether the device storage is above 85 % of this origin's quota (checked when the outbox changes). */
function useStorageNearlyFull(itemCount: number): boolean {
  const [full, setFull] = useState(false);
  useEffect(() => {
    let alive = true;
    void storageStatus().then((s) => {
      if (alive) setFull(s.nearlyFull);
    });
    return () => {
      alive = false;
    };
  }, [itemCount]);
  return full;
}

/** `duty`: the on-duty switch (duty-switch.tsx) when the user may record visits. */
export function SyncBar({ userId, companyId, duty }: { userId: string | null; companyId: string | null; duty?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const online = useOnline();
  const all = useOutbox(userId, companyId) ?? [];
  // Position pings (issue 5) are counted apart: they are not the executive's work to watch.
  const items = all.filter((item) => item.kind !== 'ping');
  const pings = all.length - items.length;
  const meta = useSyncMeta();
  const nearlyFull = useStorageNearlyFull(all.length);
  const [open, setOpen] = useState(false);
  const failed = items.filter((item) => item.status === 'failed');
  const pending = items.length - failed.length;
  const unauthorized = meta?.drainError === 'unauthorized';

  const syncNow = () => {
    // Backing-off items become due now; the drain lock keeps this from doubling a running drain.
    for (const item of all) if (item.id !== undefined && item.status !== 'failed') void retryItem(item.id);
  };

  return (
    <Box
      bg={unauthorized || failed.length > 0 ? 'orange.subtle' : pending > 0 ? 'blue.subtle' : 'bg'}
      borderBottomWidth="1px"
      px={{ base: '3', md: '6' }}
      py="1.5"
      minH={SYNC_BAR_MIN_HEIGHT}
      display="flex"
      flexDirection="column"
      justifyContent="center"
      data-testid="sync-bar"
      className="no-print"
    >
      <Flex align="center" gap="2" wrap="wrap" role="status" aria-live="polite">
        <Icon as={!online ? CloudOff : pending > 0 ? CloudUpload : CircleCheck} boxSize="4" color={!online ? 'fg.muted' : pending > 0 ? 'blue.fg' : 'green.fg'} aria-hidden />
        <Text fontSize="sm" fontWeight="medium" data-testid="sync-pending">
          {pending > 0 ? t('field.sync.pending', { count: pending }) : t('field.sync.all_sent')}
        </Text>
        <Text fontSize="xs" color="fg.muted" data-testid="sync-last">
          {!online ? `${t('field.sync.offline')} · ` : ''}
          {t('field.sync.last_sync', { when: formatWhen(meta?.lastSyncAt, i18n.language) })}
          {pings > 0 ? ` · ${t('tracking.duty.positions_waiting', { count: pings })}` : ''}
        </Text>
        <HStack gap="1" ms="auto">
          {duty}
          {failed.length > 0 && (
            <Button size="xs" variant="subtle" colorPalette="orange" onClick={() => setOpen((o) => !o)} aria-expanded={open} data-testid="sync-failed">
              <TriangleAlert aria-hidden /> {t('field.sync.failed', { count: failed.length })}
              <ChevronDown aria-hidden />
            </Button>
          )}
          {pending > 0 && online && !unauthorized && (
            <Button size="xs" variant="ghost" onClick={syncNow} aria-label={t('field.sync.sync_now')}>
              <RefreshCw aria-hidden />
            </Button>
          )}
        </HStack>
      </Flex>
      {unauthorized && (
        <Flex align="center" gap="2" mt="1" wrap="wrap" data-testid="sync-unauthorized">
          <Text fontSize="sm" flex="1" minW="48">
            {t('field.sync.sign_in_needed', { count: items.length })}
          </Text>
          <Button size="xs" colorPalette="blue" onClick={() => leaveToLogin()}>
            {t('field.sync.sign_in_again')}
          </Button>
        </Flex>
      )}
      {nearlyFull && (
        <Text fontSize="sm" color="orange.fg" mt="1" data-testid="storage-warning">
          {t('field.sync.storage_nearly_full')}
        </Text>
      )}
      {open && failed.length > 0 && (
        <Stack as="ul" listStyleType="none" m="0" p="0" gap="2" mt="2" mb="1" aria-label={t('field.sync.failed_items')}>
          {failed.map((item) => (
            <Flex as="li" key={item.id} gap="2" align="start" bg="bg" rounded="md" p="2" borderWidth="1px" data-testid="sync-failed-item">
              <Box flex="1" minW="0">
                <Text fontSize="sm" fontWeight="medium" truncate>
                  {item.summary}
                </Text>
                <Text fontSize="xs" color="red.fg">
                  {item.last_error ?? t('field.sync.unknown_error')}
                  {item.last_status ? ` (${item.last_status})` : ''}
                </Text>
                <Badge size="xs" mt="1">
                  {formatWhen(item.created_at, i18n.language)}
                </Badge>
              </Box>
              <Button size="xs" variant="outline" onClick={() => item.id !== undefined && void retryItem(item.id)}>
                {t('common.retry')}
              </Button>
            </Flex>
          ))}
        </Stack>
      )}
    </Box>
  );
}
