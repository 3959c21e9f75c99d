/**
 * The FOS dashboard (issue 5; spec 2 label "FOS Dashboard"): figures per executive, team and in total,
 * and the rows behind each figure (money in paise). Endpoint definitions; zod schemas in
 * ./dashboard.schema.ts; definitions of each figure in docs/architecture.md "FOS dashboard".
 */
import { endpoint } from '../endpoint';

import type { DashboardFigures, DashboardRow, DashboardRows, FosDashboard } from './dashboard.schema';
export type { DashboardFigures, DashboardRow, DashboardRows, FosDashboard };

/** Ages of undeposited cash, cheque and DD receipts: under a day, 1–2 days, 2–7 days, over 7 days. */
export const CASH_AGE_BUCKETS = ['lt_1d', 'd1_2', 'd2_7', 'gt_7d'] as const;
export type CashAgeBucket = (typeof CASH_AGE_BUCKETS)[number];
/** The figures a drill-down lists the rows of. */
export const DASHBOARD_METRICS = ['visits_made', 'visits_planned', 'allocated_loans', 'visited_loans', 'ptps', 'ptps_kept', 'ptps_broken', 'ptps_open', 'amount_collected', 'cash_undeposited'] as const;
export type DashboardMetric = (typeof DASHBOARD_METRICS)[number];
export const PTP_STATES = ['kept', 'broken', 'open'] as const;

const DASHBOARD_READ = { module: 'fos', action: 'fos_dashboard', access: 'read' } as const;

/** GET /api/fos/dashboard: from/to are company days, inclusive (default: the first of this month to today). */
export const fosDashboard = endpoint({
  operation: 'fos.dashboard.figures',
  method: 'GET',
  path: '/fos/dashboard',
  access: 'company',
  permission: DASHBOARD_READ,
  tags: ['fos'],
  summary: 'FOS dashboard per executive, per team and in total: visits made vs planned, dispositions, PTPs kept, collections, undeposited cash by age, coverage (money in paise)',
  schemas: async () => {
    const s = await import('./dashboard.schema');
    return { query: s.fosDashboardQuery, response: s.fosDashboard };
  },
});

/** GET /api/fos/dashboard/rows: the rows behind one figure; `total` and `amount_paise_total` equal it. */
export const dashboardRows = endpoint({
  operation: 'fos.dashboard.rows',
  method: 'GET',
  path: '/fos/dashboard/rows',
  access: 'company',
  permission: DASHBOARD_READ,
  tags: ['fos'],
  summary: 'The rows behind one dashboard figure (same period and scope); total and amount_paise_total equal the figure',
  schemas: async () => {
    const s = await import('./dashboard.schema');
    return { query: s.dashboardRowsQuery, response: s.dashboardRows };
  },
});
