/**
 * Who is recording field work, online or not (issue 4 "Offline behaviour"): the user from the
 * loaded profile, or, when the page was reloaded offline and the profile cannot load, from the
 * offline session saved at sign-in (same token only, so another user's rows never show).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { META_KEYS, getMeta } from '../../../offline/db';
import type { OfflineSession } from '../../../offline/db';
import { useShell } from '../../lib/shell-context';
import { useSession } from '../../lib/store';

export interface FieldIdentity {
  userId: string | null;
  companyId: string | null;
  /** False while the offline session is still being read. */
  ready: boolean;
}

export function useFieldIdentity(): FieldIdentity {
  const { profile, companyId } = useShell();
  const { uat } = useSession();
  const stored = useLiveQuery(() => getMeta<OfflineSession>(META_KEYS.session).then((s) => s ?? false), []);
  if (profile) return { userId: profile.user_id, companyId, ready: true };
  const offlineUser = stored && stored.token === uat ? stored.user_id : null;
  return { userId: offlineUser, companyId, ready: stored !== undefined };
}
