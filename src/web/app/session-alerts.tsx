/**
 * The session-level alarms raised by the API client (spec 8): the session-expired modal (401),
 * the permission-not-found modal (403 naming a permission) and the blocking message (521).
 */
import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { session } from '../lib/store';

const SessionDialogs = lazy(() => import('./session-dialogs'));

function BlockingMessage() {
  const { t } = useTranslation();
  const { blockingMessage } = useSnapshot(session);
  if (blockingMessage === null) return null;
  return (
    <Box role="alertdialog" aria-modal="true" aria-labelledby="blocking-title" position="fixed" inset="0" zIndex="max" bg="bg" display="flex" alignItems="center" justifyContent="center" p="6">
      <Stack maxW="md" gap="4" textAlign="center">
        <Heading id="blocking-title" size="lg">
          {t('blocking.title')}
        </Heading>
        <Text>{blockingMessage}</Text>
        <Button onClick={() => window.location.reload()}>{t('blocking.retry')}</Button>
      </Stack>
    </Box>
  );
}

/** Mount once inside the router. The modals' chunk loads the first time one is raised, then stays. */
export function SessionAlerts() {
  const { sessionExpired, missingPermission } = useSnapshot(session);
  const [dialogsWanted, setDialogsWanted] = useState(false);
  if (!dialogsWanted && (sessionExpired || missingPermission !== null)) setDialogsWanted(true);
  return (
    <>
      {dialogsWanted && (
        <Suspense fallback={null}>
          <SessionDialogs />
        </Suspense>
      )}
      <BlockingMessage />
    </>
  );
}
