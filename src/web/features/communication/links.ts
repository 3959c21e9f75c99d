/** Link to a loan's messages (spec 2 `/app/customer/communication`), keeping the company. */
import { appLink } from '../../lib/navigation';

export function loanMessagesLink(prefix: string, companyId: string | null, loanId: string): string {
  const base = appLink(prefix, 'customer/communication', companyId);
  return `${base}${base.includes('?') ? '&' : '?'}loan_id=${encodeURIComponent(loanId)}`;
}
