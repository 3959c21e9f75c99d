/**
 * Sign-out (spec 4): tell the server (records platform_logout), clear local and session storage
 * keeping `country_login`, then load the login page with `next` set by `signOutRedirect`.
 */
import { signOutRedirect } from '../../../domain/auth/sign-out';
import { clearSession } from '../../lib/store';
import { logout } from './session-api';

/** Signs out and reloads on the login page. Never throws: a failed logout call still signs out locally. */
export async function signOut(): Promise<void> {
  try {
    await logout();
  } catch {
    // The token may already be dead (401) or the network gone; the local session ends anyway.
  }
  try {
    // The outbox drain must stop using this token; unsent field work stays queued (issue 4).
    const [{ loadOfflineSession, saveOfflineSession }, { endDutyOnSignOut }] = await Promise.all([import('../../../offline/session'), import('../../../offline/pings')]);
    // Signing out ends the working day: no more position pings for this user (issue 5).
    const saved = await loadOfflineSession();
    if (saved) await endDutyOnSignOut(saved.user_id);
    await saveOfflineSession(null);
  } catch {
    // IndexedDB unavailable: nothing was saved there either.
  }
  leaveToLogin();
}

/** Clears the local session and reloads on the login page (no server call: the session is gone). */
export function leaveToLogin(): void {
  const target = signOutRedirect(window.location.pathname, window.location.search);
  clearSession();
  window.location.assign(target);
}
