/**
 * The rank of user types (issue 12 "Rank rules: nobody acts on a user of higher rank"; spec 6 user
 * types): chief admin > super admin > company admin > super user > user. Platform admins (chief
 * and super admins) work across companies.
 */
import type { UserType } from './permissions';

const RANK: Record<UserType, number> = { chief_admin: 5, super_admin: 4, company_admin: 3, super_user: 2, user: 1 };

/** The user types that administer the platform rather than one company. */
export const PLATFORM_USER_TYPES: readonly UserType[] = ['chief_admin', 'super_admin'];

/** The rank of a user type (an unknown one ranks lowest). */
export function rankOf(userType: UserType | string): number {
  return RANK[userType as UserType] ?? 0;
}

/** Whether `actor` may act on a user of `target`'s type: never on a higher rank. */
export function mayActOn(actor: UserType | string, target: UserType | string): boolean {
  return rankOf(actor) >= rankOf(target);
}

/** Whether a user type is a platform admin. */
export function isPlatformAdmin(userType: UserType | string): boolean {
  return (PLATFORM_USER_TYPES as readonly string[]).includes(userType);
}

/** The attributes of a user that are theirs across companies (the rest are one company's). */
export const IDENTITY_ATTRIBUTES = ['email', 'name', 'mobile', 'user_type'] as const;
