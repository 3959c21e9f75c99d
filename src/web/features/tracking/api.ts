/**
 * Field-force tracking calls of the fos service (issue 5; spec 2 /app/field-force-tracking;
 * contracts/field.ts tracking section): the team's last positions and one executive's day trail.
 * The live stream is use-live-positions.ts.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LastPositionsResponse, TrailResponse } from '../../../domain/contracts/field';
import { api } from '../../lib/api';

/** Server-side filters of the last positions (lastPositionsQuery); '' means any. */
export interface TrackingFilters {
  team: string;
  territory: string;
  profession: string;
}

/** How often the full list is read again besides the live stream (catches new executives, re-counts visits). */
export const LAST_POSITIONS_REFRESH_MS = 2 * 60_000;

/** GET /api/fos/tracking/last-positions with the filters; kept while a new filter loads. */
export function useLastPositions(companyId: string | null, filters: TrackingFilters) {
  return useQuery({
    queryKey: ['tracking-last-positions', companyId, filters],
    queryFn: ({ signal }) =>
      api.get<LastPositionsResponse>('fos/tracking/last-positions', {
        searchParams: { company_id: companyId, team: filters.team, territory: filters.territory, profession: filters.profession },
        signal,
      }),
    enabled: Boolean(companyId),
    placeholderData: keepPreviousData,
    refetchInterval: LAST_POSITIONS_REFRESH_MS,
  });
}

/** GET /api/fos/tracking/trail of one executive's company day ('YYYY-MM-DD'). */
export function useTrail(companyId: string | null, userId: string | null, date: string | null) {
  return useQuery({
    queryKey: ['tracking-trail', companyId, userId, date],
    queryFn: ({ signal }) => api.get<TrailResponse>('fos/tracking/trail', { searchParams: { company_id: companyId, user_id: userId, date }, signal }),
    enabled: Boolean(companyId && userId && date),
    retry: false,
  });
}
