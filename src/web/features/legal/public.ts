/** What other features may import of the legal area: the link to a loan's notice-tracking tab. */
import { appLink } from '../../lib/navigation';

/** Link to a loan's notices and cases (spec 2 `/app/customer/notice-tracking`), keeping the company. */
export function loanNoticesLink(prefix: string, companyId: string | null, loanId: string): string {
  const base = appLink(prefix, 'customer/notice-tracking', companyId);
  return `${base}${base.includes('?') ? '&' : '?'}loan_id=${encodeURIComponent(loanId)}`;
}
