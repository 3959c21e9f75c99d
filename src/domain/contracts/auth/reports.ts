/**
 * User reports (spec 3 "User report types"; `GET /user/reports/users`): sign-in sessions (the auth
 * area's) and the users area's audit trail and member list, from one endpoint. Endpoint
 * definition and the report types; zod schemas in ./reports.schema.ts.
 */
import { endpoint } from '../endpoint';

import type { ReportCell, UserReportPage, UserReportQuery } from './reports.schema';
export type { ReportCell, UserReportPage, UserReportQuery };

/** Spec 3 "User report types", in the order the screen's tabs show them. */
export const USER_REPORT_TYPES = ['session_summary', 'detailed_activity_session', 'user_audit', 'detailed_login_session', 'users'] as const;
export type UserReportType = (typeof USER_REPORT_TYPES)[number];

/** GET /api/user/reports/users: one page of a user report (User Management Module › user_reports read). */
export const userReport = endpoint({
  operation: 'user.reports.users',
  method: 'GET',
  path: '/user/reports/users',
  access: 'company',
  permission: { module: 'User Management Module', action: 'user_reports', access: 'read' },
  tags: ['reports'],
  summary: 'One page of a user report (sessions, activity, audit trail, users)',
  schemas: async () => {
    const s = await import('./reports.schema');
    return { query: s.userReportRouteQuery, response: s.userReportPage };
  },
});
