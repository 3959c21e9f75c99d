/**
 * Field-force tracking calls of the fos service (issue 5; spec 2 /app/field-force-tracking) on their
 * endpoint definitions (contracts/field/tracking.ts; src/web/lib/endpoint.ts): the team's last
 * positions and one executive's day trail. The live stream is use-live-positions.ts.
 */
import { keepPreviousData } from '@tanstack/react-query';
import type { QueryKey } from '@tanstack/react-query';
import { dayTrail, lastPositions } from '../../../../domain/contracts/field/tracking';
import { endpointKey, useEndpoint } from '../../../lib/endpoint';

/** Server-side filters of the last positions (lastPositionsQuery); '' means any. */
export interface TrackingFilters {
  team: string;
  territory: string;
  profession: string;
}

/** How often the full list is read again besides the live stream (catches new executives, re-counts visits). */
export const LAST_POSITIONS_REFRESH_MS = 2 * 60_000;

/** The key prefix of the company's last-positions reads, whatever the filters (TanStack matches the query object partly). */
export function lastPositionsKey(companyId: string | null): QueryKey {
  return endpointKey(lastPositions, { query: { company_id: companyId ?? undefined } });
}

/** GET /api/fos/tracking/last-positions with the filters; kept while a new filter loads. */
export function useLastPositions(companyId: string | null, filters: TrackingFilters) {
  return useEndpoint(
    lastPositions,
    { query: { company_id: companyId ?? undefined, team: filters.team, territory: filters.territory, profession: filters.profession } },
    { enabled: Boolean(companyId), placeholderData: keepPreviousData, refetchInterval: LAST_POSITIONS_REFRESH_MS },
  );
}

/** The trail read of one executive's company day ('YYYY-MM-DD'; '' while none is chosen). */
function trailInput(companyId: string | null, userId: string | null, date: string | null) {
  return { query: { company_id: companyId ?? undefined, user_id: userId ?? undefined, date: date ?? '' } };
}

/** The query key of useTrail's read (to refresh an open trail). */
export function trailKey(companyId: string | null, userId: string | null, date: string | null): QueryKey {
  return endpointKey(dayTrail, trailInput(companyId, userId, date));
}

/** GET /api/fos/tracking/trail of one executive's company day ('YYYY-MM-DD'). */
export function useTrail(companyId: string | null, userId: string | null, date: string | null) {
  return useEndpoint(dayTrail, trailInput(companyId, userId, date), { enabled: Boolean(companyId && userId && date), retry: false });
}
