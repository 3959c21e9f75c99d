/** What other features may import of the legal area: the link to a loan's notice-tracking tab, the Notice management tab of bulk operations. */
import { lazy } from 'react';
import { appLink } from '../../lib/navigation';

/** The Notice management tab (spec 2 bulk operation tabs): notice batches and templates, loaded when opened. */
export const NoticeManagementTab = lazy(() => import('./notice-tracking-page').then((m) => ({ default: m.NoticeManagement })));

/** Link to a loan's notices and cases (spec 2 `/app/customer/notice-tracking`), keeping the company. */
export function loanNoticesLink(prefix: string, companyId: string | null, loanId: string): string {
  const base = appLink(prefix, 'customer/notice-tracking', companyId);
  return `${base}${base.includes('?') ? '&' : '?'}loan_id=${encodeURIComponent(loanId)}`;
}
