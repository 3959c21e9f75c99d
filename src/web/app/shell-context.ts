/** What the app shell knows and its screens read: the profile, the company, its permissions. */
import { createContext, useContext } from 'react';
import type { UserProfile } from '../../domain/contracts/auth';
import type { CompanySummary } from '../../domain/contracts/companies';
import type { PermissionsMap } from '../../domain/users/permissions';

export interface ShellState {
  profile: UserProfile | undefined;
  companyId: string | null;
  company: CompanySummary | undefined;
  permissions: PermissionsMap | undefined;
  /** `/app`, `/v1/app` or `/v2/app`. */
  prefix: string;
}

export const ShellContext = createContext<ShellState>({ profile: undefined, companyId: null, company: undefined, permissions: undefined, prefix: '/app' });

/** The shell state; outside the shell every field is empty. */
export function useShell(): ShellState {
  return useContext(ShellContext);
}
