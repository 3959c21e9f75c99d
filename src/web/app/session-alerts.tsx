/**
 * The session-level alarms raised by the API client (spec 8): the session-expired modal (401),
 * the permission-not-found modal (403 naming a permission) and the blocking message (521). The
 * modals (Chakra dialogs) are a lazy chunk; the blocking message is plain (shell.css).
 */
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../lib/store';
import { WithChakra } from '../components/with-chakra';

const SessionDialogs = lazy(() => import('./session-dialogs'));

function BlockingMessage() {
  const { t } = useTranslation();
  const { blockingMessage } = useSession();
  if (blockingMessage === null) return null;
  return (
    <div role="alertdialog" aria-modal="true" aria-labelledby="blocking-title" className="ro-blocking">
      <div>
        <h1 id="blocking-title">{t('blocking.title')}</h1>
        <p>{blockingMessage}</p>
        <button type="button" className="ro-btn" data-variant="solid" onClick={() => window.location.reload()}>
          {t('blocking.retry')}
        </button>
      </div>
    </div>
  );
}

/** Mount once inside the router. The modals' chunk loads the first time one is raised, then stays. */
export function SessionAlerts() {
  const { sessionExpired, missingPermission } = useSession();
  const [dialogsWanted, setDialogsWanted] = useState(false);
  if (!dialogsWanted && (sessionExpired || missingPermission !== null)) setDialogsWanted(true);
  return (
    <>
      {dialogsWanted && (
        <WithChakra fallback={null}>
          <SessionDialogs />
        </WithChakra>
      )}
      <BlockingMessage />
    </>
  );
}
