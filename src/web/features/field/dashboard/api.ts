/**
 * Calls of the FOS dashboard (issue 5 "FOS dashboard"; spec 2 label FOS Dashboard) on their endpoint
 * definitions (contracts/field/dashboard.ts; src/web/lib/endpoint.ts): the figures per executive,
 * team and in all for a period (`fosDashboard`), and the rows behind one figure (`dashboardRows`),
 * whose `total` / `amount_paise_total` equal the figure. Keys carry the company in the query.
 */
import { keepPreviousData } from '@tanstack/react-query';
import { dashboardRows, fosDashboard } from '../../../../domain/contracts/field/dashboard';
import type { QueryOf } from '../../../../domain/contracts/endpoint';
import { useEndpoint } from '../../../lib/endpoint';

/** The dashboard's scope: company days 'YYYY-MM-DD' (inclusive; the server's default is this month), a team, an executive. */
export type DashboardScope = Omit<QueryOf<typeof fosDashboard>, 'company_id'>;

/** One figure to list the rows of: the metric, narrowed to a disposition or a cash age bucket. */
export type DrillDown = DashboardScope & Pick<QueryOf<typeof dashboardRows>, 'metric' | 'disposition' | 'age_bucket'>;

export const ROWS_PAGE_SIZE = 25;

/** `GET /api/fos/dashboard`: totals, teams and executives of the caller's reports-to scope. */
export function useFosDashboard(companyId: string | null, scope: DashboardScope) {
  return useEndpoint(fosDashboard, { query: { company_id: companyId ?? undefined, ...scope } }, { enabled: Boolean(companyId), placeholderData: keepPreviousData });
}

/** The rows query of a figure's page. Without a figure the read is disabled; its key then names a placeholder metric. */
function rowsQuery(companyId: string | null, drill: DrillDown | null, page: number): QueryOf<typeof dashboardRows> {
  return { company_id: companyId ?? undefined, metric: 'visits_made', ...drill, page_size: ROWS_PAGE_SIZE, page_number: page };
}

/** The figure a rows query is of: the query without its page. */
function figureOf(query: unknown): string {
  const { page_number: _page, ...figure } = (query ?? {}) as Record<string, unknown>;
  return JSON.stringify(figure);
}

/** `GET /api/fos/dashboard/rows`: one page of the rows behind a figure. */
export function useDashboardRows(companyId: string | null, drill: DrillDown | null, page: number) {
  const query = rowsQuery(companyId, drill, page);
  return useEndpoint(
    dashboardRows,
    { query },
    {
      enabled: Boolean(companyId && drill),
      // The previous page stays while the next loads, but never another figure's rows.
      placeholderData: (previous, previousQuery) => (previousQuery && figureOf(previousQuery.queryKey[2]) === figureOf(query) ? previous : undefined),
    },
  );
}
