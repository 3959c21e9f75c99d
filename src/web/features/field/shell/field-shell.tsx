/**
 * The field app's part of the app shell (issue 4), mounted once under the header on field screens
 * and for users with field permissions: saves the offline session the outbox drain sends with,
 * starts the page-driven drain (once the first screen is up, then `online`, visible, every 30 s),
 * asks for persistent storage,
 * copies the allocation when online, and shows the sync bar with the on-duty switch (issue 5:
 * position pings while on duty, for users who may record visits).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { hasPermission } from '../../../../domain/users/has-permission';
import { onServerAnswer } from '../../../lib/api';
import { saveOfflineSession } from '../../../../offline/session';
import type * as TriggersModule from '../../../../offline/triggers';
import { requestPersistentStorage } from '../../../../offline/storage';
import { useShell } from '../../../lib/shell-context';
import { afterFirstPaint } from '../../../lib/idle';
import { useSession } from '../../../lib/store';
import { DutySwitch, useDutyPings } from './duty-switch';
import { SYNCED_READS } from '../api';
import { ALLOCATION_REFRESH_KEY, useAllocationRefresh, useSyncMeta } from '../field-data';
import { SyncBar } from './sync-bar';
import { useFieldIdentity } from '../use-field-identity';

type Triggers = typeof TriggersModule;
const loadTriggers = (): Promise<Triggers> => import('../../../../offline/triggers');

export default function FieldShell() {
  const { profile, companyId, permissions } = useShell();
  const { uat } = useSession();
  const identity = useFieldIdentity();
  const userId = profile?.user_id ?? null;
  const visits = hasPermission(permissions, { module: 'fos', action: 'visits', access: 'read' });
  // Pings are posted with fos › visits (write), like the visits themselves. Reloaded offline the
  // permissions cannot load (null): a switch left on keeps recording, the server has the last word.
  const records = permissions ? hasPermission(permissions, { module: 'fos', action: 'visits', access: 'write' }) : null;
  const duty = useDutyPings(identity.userId, identity.companyId, Boolean(uat) && records !== false);
  const showDuty = records === true || (records === null && duty.on === true);

  // The drain's triggers (its first drain on start) and the storage request wait until the first
  // screen has painted (the day list's cards) and the main thread is idle: on a cheap phone they
  // would otherwise compete with it, and the drain's code (triggers, queue, connection) is loaded
  // then, not with the route (issue 18).
  const triggers = useRef<Triggers | null>(null);
  useEffect(() => {
    let stop: (() => void) | null = null;
    let cancelled = false;
    let answered = false;
    const cancel = afterFirstPaint(() => {
      void loadTriggers().then((loaded) => {
        if (cancelled) return;
        triggers.current = loaded;
        stop = loaded.startDrainTriggers();
        if (answered) void loaded.serverAnswered();
      }, () => undefined);
      void requestPersistentStorage();
    });
    // The server answers the page again (no `online` event when only the server was away): the
    // outbox's backoff ends (issue 12). Before the triggers are loaded, remembered for then.
    const unsubscribe = onServerAnswer(() => {
      if (triggers.current) void triggers.current.serverAnswered();
      else answered = true;
    });
    return () => {
      cancelled = true;
      cancel();
      stop?.();
      unsubscribe();
    };
  }, []);

  // Sign-in and company switch: the drain (page or service worker) sends as this user in this
  // company. At start the first drain above sends; later (a company switch) it drains at once.
  useEffect(() => {
    if (!uat || !userId || !companyId) return;
    void saveOfflineSession({ token: uat, company_id: companyId, user_id: userId }).then(() => triggers.current?.requestDrain(), () => undefined);
  }, [uat, userId, companyId]);

  useAllocationRefresh(userId, companyId, visits);

  // Items reached the server: the server's lists (last dispositions, visits, deposits) changed.
  const client = useQueryClient();
  const lastSyncAt = useSyncMeta()?.lastSyncAt ?? null;
  const seen = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (seen.current !== undefined && lastSyncAt !== seen.current) {
      for (const key of [ALLOCATION_REFRESH_KEY, ...SYNCED_READS]) void client.invalidateQueries({ queryKey: [key] });
    }
    seen.current = lastSyncAt;
  }, [lastSyncAt, client]);

  return <SyncBar userId={identity.userId} companyId={identity.companyId} duty={showDuty ? <DutySwitch duty={duty} /> : null} />;
}
