/**
 * Who is recording field work, online or not (issue 4 "Offline behaviour"): the user from the
 * loaded profile, or, when the page was reloaded offline and the profile cannot load, from the
 * offline session saved at sign-in (same token only, so another user's rows never show).
 */
import { META_KEYS, getMeta } from '../../../offline/db';
import type { OfflineSession } from '../../../offline/db';
import { useShell } from '../../lib/shell-context';
import { useSession } from '../../lib/store';
import { useOfflineRead } from '../../lib/use-offline-read';

export interface FieldIdentity {
  userId: string | null;
  companyId: string | null;
  /** False while the offline session is still being read. */
  ready: boolean;
}

export function useFieldIdentity(): FieldIdentity {
  const { profile, companyId } = useShell();
  const { uat } = useSession();
  const stored = useOfflineRead(() => getMeta<OfflineSession>(META_KEYS.session).then((s) => s ?? false), [], ['meta']);
  if (profile) return { userId: profile.user_id, companyId, ready: true };
  const offlineUser = stored && stored.token === uat ? stored.user_id : null;
  return { userId: offlineUser, companyId, ready: stored !== undefined };
}
