/** What the app shell knows and its screens read: the profile, the company, its permissions. */
import { createContext, useContext } from 'react';
import type { UserProfile } from '../../domain/contracts/auth/sign-in';
import type { CompanySummary } from '../../domain/contracts/companies/companies';
import type { PermissionsMap } from '../../domain/users/permissions';
import type { WebMenuEntry } from './area';

export interface ShellState {
  profile: UserProfile | undefined;
  companyId: string | null;
  company: CompanySummary | undefined;
  permissions: PermissionsMap | undefined;
  /** `/app`, `/v1/app` or `/v2/app`. */
  prefix: string;
  /**
   * The menu entries the permissions grant, in menu order (lib/menu.ts visibleMenu). Screens read
   * them here rather than from the menu, which would pull the area registry out of the entry chunk.
   */
  menu: readonly WebMenuEntry[];
}

export const ShellContext = createContext<ShellState>({ profile: undefined, companyId: null, company: undefined, permissions: undefined, prefix: '/app', menu: [] });

/** The shell state; outside the shell every field is empty. */
export function useShell(): ShellState {
  return useContext(ShellContext);
}
