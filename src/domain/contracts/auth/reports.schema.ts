/** Schemas of the user reports (spec 3 "User report types"; `GET /user/reports/users`). Behind ./reports.ts. */
import { z } from 'zod';
import { dayOrInstant } from '../common.schema';
import { pagingQuery } from '../envelope';
import { USER_REPORT_TYPES } from './reports';

export const userReportQuery = pagingQuery.extend({
  report_type: z.enum(USER_REPORT_TYPES),
  start_date: dayOrInstant.optional(),
  end_date: dayOrInstant.optional(),
});
export type UserReportQuery = z.infer<typeof userReportQuery>;

/** The route's query: the report's and the company's. */
export const userReportRouteQuery = userReportQuery.extend({ company_id: z.string().optional() });

/** A report cell: reports are flat records whose columns depend on the report type. */
export type ReportCell = string | number | boolean | null;

export const userReportPage = z.object({
  report_type: z.enum(USER_REPORT_TYPES),
  columns: z.array(z.string()),
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))),
  total: z.number().int(),
  page_number: z.number().int(),
  page_size: z.number().int(),
});
export type UserReportPage = z.infer<typeof userReportPage>;
