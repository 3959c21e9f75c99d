/**
 * The signed-in session's calls to the user service (spec 7 `/profile/details`, `/logout`): what
 * every signed-in screen needs, apart from the sign-in calls (api.ts), whose encryption and OTP,
 * SSO and email-change definitions the day list does not load (issue 18).
 */
import { useQuery } from '@tanstack/react-query';
import { profileDetails, signOut } from '../../../domain/contracts/auth/sign-in';
import { call } from '../../lib/endpoint';
import { useSession } from '../../lib/store';
import { takeWarm, warmSettled } from '../../lib/warm';
import type { ResponseOf } from '../../../domain/contracts/endpoint';

/** Ends the session server-side (records platform_logout). Failures are ignored by the caller. */
export function logout() {
  return call(signOut, { query: { source: 'web' } });
}

/** The query key of the profile of a session token (the login screen fills it with the sign-in's answer). */
export function profileKey(token: string | null) {
  return [profileDetails.operation, token] as const;
}

/** The signed-in user's profile; disabled while signed out. Keyed by the token: a new sign-in reads afresh. */
export function useProfile() {
  const { uat } = useSession();
  return useQuery({
    queryKey: profileKey(uat),
    queryFn: ({ signal }) => takeWarm('__roWarmProfile', null, () => call(profileDetails, { signal })) ?? call(profileDetails, { signal }),
    initialData: () => (uat ? warmSettled<ResponseOf<typeof profileDetails>>('__roWarmProfile', null) : undefined),
    enabled: Boolean(uat),
    staleTime: 5 * 60_000,
  });
}
