/**
 * Links to the portfolio screens (spec 2 `/app/customer-loans`, `/app/customer/loan-details`,
 * `/app/customer-details`, `/app/customer/activity-summary`) that keep the company (spec 2: the
 * URL always carries company_id) and add the screen's own query parameters.
 */
import { appLink } from '../../lib/navigation';

export const SCREENS = {
  loans: 'customer-loans',
  loanDetails: 'customer/loan-details',
  customer: 'customer-details',
  activity: 'customer/activity-summary',
  bulk: 'bulk-operations',
  paymentLinkBatches: 'payment-link-batches',
} as const;

/**
 * @param params extra query parameters; empty or null values are left out
 * @returns e.g. `/app/customer/loan-details?company_id=c1&loan_id=L1&allocation_month=2026-01`
 */
export function screenLink(prefix: string, screen: string, companyId: string | null, params: Record<string, string | null | undefined> = {}): string {
  const base = appLink(prefix, screen, companyId);
  const extra = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) extra.set(key, value);
  const query = extra.toString();
  if (!query) return base;
  return `${base}${base.includes('?') ? '&' : '?'}${query}`;
}
