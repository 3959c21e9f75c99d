/**
 * Calls of the FOS dashboard (issue 5 "FOS dashboard"; spec 2 label FOS Dashboard): the figures per
 * executive, team and in all for a period (`GET /api/fos/dashboard`), and the rows behind one
 * figure (`GET /api/fos/dashboard/rows`), whose `total` / `amount_paise_total` equal the figure.
 * Keys carry the company.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CashAgeBucket, DashboardMetric, DashboardRows, FosDashboard } from '../../../domain/contracts/field';
import type { FosDisposition } from '../../../domain/field/dispositions';
import { api } from '../../lib/api';

/** The dashboard's scope: company days 'YYYY-MM-DD' (inclusive; the server's default is this month), a team, an executive. */
export interface DashboardScope {
  from?: string;
  to?: string;
  team?: string;
  user_id?: string;
}

/** One figure to list the rows of: the metric, narrowed to a disposition or a cash age bucket. */
export interface DrillDown extends DashboardScope {
  metric: DashboardMetric;
  disposition?: FosDisposition;
  age_bucket?: CashAgeBucket;
}

export const ROWS_PAGE_SIZE = 25;

/** `GET /api/fos/dashboard`: totals, teams and executives of the caller's reports-to scope. */
export function useFosDashboard(companyId: string | null, scope: DashboardScope) {
  return useQuery({
    queryKey: ['fos-dashboard', companyId, scope],
    queryFn: ({ signal }) => api.get<FosDashboard>('fos/dashboard', { searchParams: { company_id: companyId, ...scope }, signal }),
    enabled: Boolean(companyId),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/fos/dashboard/rows`: one page of the rows behind a figure. */
export function useDashboardRows(companyId: string | null, drill: DrillDown | null, page: number) {
  return useQuery({
    queryKey: ['fos-dashboard-rows', companyId, drill, page],
    queryFn: ({ signal }) =>
      api.get<DashboardRows>('fos/dashboard/rows', {
        searchParams: { company_id: companyId, ...drill, page_number: page, page_size: ROWS_PAGE_SIZE },
        signal,
      }),
    enabled: Boolean(companyId && drill),
    // The previous page stays while the next loads, but never another figure's rows.
    placeholderData: (previous, query) => (query && JSON.stringify(query.queryKey[2]) === JSON.stringify(drill) ? previous : undefined),
  });
}
