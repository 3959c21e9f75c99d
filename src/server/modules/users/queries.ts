/**
 * What other areas may use of the users area (docs/decisions/007-area-kernel.md): accounts for
 * sign-in, the signed-in user's profile, members of a company (as a subquery to join, or as the
 * list a reports-to scope sees), the reports-to scope, and the user reports on this area's tables.
 * The kernel reaches memberships, scopes and the audit trail through the identity services
 * (membership.ts `membershipServices`), not through this file.
 */
export { accountByEmail, firstCompanyOfEmail, hasActiveMembership, membersSubquery, setPasswordHash, userNamesSubquery } from './accounts';
export type { Account } from './accounts';
export { buildUserProfile, toCompanyPermissions, userById } from './membership';
export { dateRange, membershipReport, reportPage } from './reports';
export { reportsToScope, scopeSql, scopedMembersSubquery, scopedUsers } from './scope';
export type { MemberFilter, ScopedUser } from './scope';

/** The users' key, for another area's foreign key only: `text('user_id').references(userRef)`. */
export { userRef } from './refs';
