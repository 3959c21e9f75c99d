/**
 * The ui version path prefix (spec 2: app paths may carry '/v1' or '/v2'; spec 9 "Ui versions").
 *
 * A company configures `ui_version`; a user or company admin with exactly one assigned company
 * is sent to that prefix when the path they opened carries another (or none).
 */
import type { UiVersion } from '../contracts/companies/companies';
import type { UserType } from '../users/permissions';

const PREFIX_RE = /^\/(v1|v2)(?=\/|$)/;

/** Splits '/v2/app/x' into { version: 'v2', rest: '/app/x' }; a path without a prefix has version null. */
export function stripUiVersion(pathname: string): { version: UiVersion | null; rest: string } {
  const match = PREFIX_RE.exec(pathname);
  if (!match) return { version: null, rest: pathname };
  return { version: match[1] as UiVersion, rest: pathname.slice(match[0].length) || '/' };
}

const isAppPath = (rest: string): boolean => rest === '/app' || rest.startsWith('/app/');

/** Search string with its leading '?', or '' when empty. */
const normaliseSearch = (search: string): string => (search === '' || search === '?' ? '' : search.startsWith('?') ? search : `?${search}`);

export interface UiVersionRedirectInput {
  pathname: string;
  /** location.search, with or without the leading '?'. */
  search: string;
  userType: UserType;
  assignedCompanyCount: number;
  /** The company's configured ui_version; null when unknown. */
  uiVersion: UiVersion | null | undefined;
}

/**
 * Spec 2 redirect: for a 'user' or 'company_admin' with exactly one assigned company, on an
 * '/app/...' path whose prefix differs from the company's ui_version, answers the same path and
 * search under '/{ui_version}'. Answers null when no redirect applies.
 */
export function uiVersionRedirect(input: UiVersionRedirectInput): string | null {
  if (input.userType !== 'user' && input.userType !== 'company_admin') return null;
  if (input.assignedCompanyCount !== 1 || !input.uiVersion) return null;
  const { version, rest } = stripUiVersion(input.pathname);
  if (!isAppPath(rest) || version === input.uiVersion) return null;
  return `/${input.uiVersion}${rest}${normaliseSearch(input.search)}`;
}
