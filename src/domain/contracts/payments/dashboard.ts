/**
 * The payments dashboard (issue 15 "a payments dashboard (collections by day, channel, gateway,
 * bucket)"): what was posted to loans between two calendar days of the company (India or
 * Western Indonesia time by its country), by day, by source, by channel, by gateway and by DPD bucket.
 * Endpoint definition; zod schemas in ./dashboard.schema.ts. Permissions: CG Payment Module ›
 * payments. Amounts: integer minor units.
 */
import type { PermissionRequirement } from '../../users/permissions';
import { endpoint } from '../endpoint';
import type { PaymentsDashboard } from './dashboard.schema';
export type { PaymentsDashboard };

/** Longest range one request covers, days. */
export const MAX_DASHBOARD_DAYS = 366;
/** Default range: the last 30 days, today included. */
export const DEFAULT_DASHBOARD_DAYS = 30;

/** GET /api/payment/dashboard?from=&to=: collections in the range. @throws 400 when `from` is after `to` or the range is longer than 366 days */
export const getPaymentsDashboard = endpoint({
  operation: 'payments.dashboard.get',
  method: 'GET',
  path: '/payment/dashboard',
  access: 'company',
  permission: { module: 'CG Payment Module', action: 'payments', access: 'read' } as const satisfies PermissionRequirement,
  tags: ['payments'],
  summary: 'Collections by day, source, channel, gateway and DPD bucket',
  schemas: async () => {
    const s = await import('./dashboard.schema');
    return { query: s.dashboardQuery, response: s.paymentsDashboard };
  },
});
