/**
 * Schemas of the FOS dashboard and its drill-down rows (/api/fos/dashboard, /rows; issue 5). Behind ./dashboard.ts.
 */
import { z } from 'zod';
import { FOS_DISPOSITIONS } from '../../field/dispositions';
import { calendarDay } from '../common.schema';
import { pagingQuery } from '../envelope';
import { CASH_AGE_BUCKETS, DASHBOARD_METRICS, PTP_STATES } from './dashboard';


/**
 * GET /api/fos/dashboard: from/to are the company's calendar days, inclusive (default: the first of
 * the current month to today).
 */
export const fosDashboardQuery = z.object({
  company_id: z.string().optional(),
  from: calendarDay.optional(),
  to: calendarDay.optional(),
  team: z.string().max(80).optional(),
  user_id: z.string().max(64).optional(),
});

const money = z.number().int();
const ageBucket = z.object({ count: z.number().int(), amount_paise: money });
/**
 * The figures of one executive, team or all. Definitions (docs/architecture.md "FOS dashboard"):
 * - visits_made: visits checked in during the period;
 * - visits_planned: loans allocated to the executive (fos) in the months the period touches, plus
 *   revisits scheduled in the period (next_visit_date of earlier visits);
 * - coverage_pct: visited_loans / allocated_loans × 100 (1 decimal), visited_loans being the
 *   allocated loans visited at least once in the period;
 * - ptps: 'Promise to Pay' visits in the period; kept when receipts and online payments on the loan
 *   from the visit to the end of the PTP date add up to the PTP amount; broken when the date has
 *   passed without that; open otherwise;
 * - amount_collected_paise: receipts made in the period;
 * - cash_undeposited_paise: cash / cheque / DD receipts not deposited now, whatever their date,
 *   with their age buckets.
 */
export const dashboardFigures = z.object({
  visits_made: z.number().int(),
  visits_planned: z.number().int(),
  allocated_loans: z.number().int(),
  visited_loans: z.number().int(),
  coverage_pct: z.number(),
  /** Visits made by disposition. */
  dispositions: z.record(z.string(), z.number().int()),
  ptps: z.number().int(),
  ptps_kept: z.number().int(),
  ptps_broken: z.number().int(),
  ptps_open: z.number().int(),
  ptp_amount_paise: money,
  ptp_kept_amount_paise: money,
  receipts: z.number().int(),
  amount_collected_paise: money,
  cash_undeposited_receipts: z.number().int(),
  cash_undeposited_paise: money,
  cash_age: z.object({ lt_1d: ageBucket, d1_2: ageBucket, d2_7: ageBucket, gt_7d: ageBucket }),
});
export type DashboardFigures = z.infer<typeof dashboardFigures>;
export const fosDashboard = z.object({
  from: z.string(),
  to: z.string(),
  time_zone: z.string(),
  currency: z.enum(['INR', 'IDR']),
  totals: dashboardFigures,
  teams: z.array(dashboardFigures.extend({ team: z.string().nullable(), executives: z.number().int() })),
  executives: z.array(dashboardFigures.extend({ user_id: z.string(), name: z.string(), team: z.string().nullable() })),
});
export type FosDashboard = z.infer<typeof fosDashboard>;


/**
 * GET /api/fos/dashboard/rows: the rows behind one figure, for the same period and scope as the
 * dashboard; `disposition` narrows visits_made to one disposition, `age_bucket` narrows
 * cash_undeposited. `total` and `amount_paise_total` equal the figure.
 */
export const dashboardRowsQuery = pagingQuery.extend({
  company_id: z.string().optional(),
  metric: z.enum(DASHBOARD_METRICS),
  from: calendarDay.optional(),
  to: calendarDay.optional(),
  team: z.string().max(80).optional(),
  user_id: z.string().max(64).optional(),
  disposition: z.enum(FOS_DISPOSITIONS).optional(),
  age_bucket: z.enum(CASH_AGE_BUCKETS).optional(),
});
export const dashboardRow = z.object({
  user_id: z.string(),
  executive_name: z.string(),
  team: z.string().nullable(),
  loan_id: z.string(),
  /** visit, allocation (an allocated loan), next_visit (a scheduled revisit), receipt. */
  kind: z.enum(['visit', 'allocation', 'next_visit', 'receipt']),
  /** When it happened (check-in, allocation, collection); null for a scheduled revisit. */
  at: z.string().nullable(),
  /** The calendar day it counts on (revisits: the next_visit_date). */
  date: z.string().nullable(),
  visit_id: z.string().nullable(),
  disposition: z.string().nullable(),
  amount_paise: z.number().int().nullable(),
  ptp_date: z.string().nullable(),
  ptp_state: z.enum(PTP_STATES).nullable(),
  /** Receipts and online payments on the loan from the PTP visit to the end of its date. */
  paid_paise: z.number().int().nullable(),
  receipt_number: z.string().nullable(),
  payment_mode: z.string().nullable(),
  age_hours: z.number().nullable(),
  age_bucket: z.enum(CASH_AGE_BUCKETS).nullable(),
});
export type DashboardRow = z.infer<typeof dashboardRow>;
export const dashboardRows = z.object({
  metric: z.enum(DASHBOARD_METRICS),
  rows: z.array(dashboardRow),
  total: z.number().int(),
  /** Sum of amount_paise over every row (not just this page): PTP amounts, receipts, cash. */
  amount_paise_total: z.number().int(),
  page_number: z.number().int(),
  page_size: z.number().int(),
});
export type DashboardRows = z.infer<typeof dashboardRows>;
