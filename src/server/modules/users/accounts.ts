/**
 * Users as the sign-in needs them (the auth area, through queries.ts): an account by email with
 * its password hash, a new password, whether the account may sign in anywhere, and the first
 * company of an email (the SSO lookup).
 */
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import type { CallerUser } from '../../http/caller';
import { toCallerUser } from './membership';
import { userCompanies, users } from './schema';

/** An account as sign-in reads it. */
export interface Account {
  user: CallerUser;
  passwordHash: string;
  /** The language of the user's OTP SMS (en, hi, id); null: the company's default. */
  preferredLanguage: string | null;
}

/** The account of an email (compared lower-case), or null. */
export async function accountByEmail(db: DbOrTx, email: string): Promise<Account | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  return row ? { user: toCallerUser(row), passwordHash: row.passwordHash, preferredLanguage: row.preferredLanguage } : null;
}

/** Stores a new password hash for the user. */
export async function setPasswordHash(db: DbOrTx, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.userId, userId));
}

/** Whether the user is an active member of at least one company. */
export async function hasActiveMembership(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db.select({ userId: userCompanies.userId }).from(userCompanies).where(and(eq(userCompanies.userId, userId), eq(userCompanies.active, true))).limit(1);
  return Boolean(row);
}

/** The first company (by id) where the email's user is an active member, or null. */
export async function firstCompanyOfEmail(db: Db, email: string): Promise<string | null> {
  const [row] = await db
    .select({ companyId: userCompanies.companyId })
    .from(users)
    .innerJoin(userCompanies, eq(userCompanies.userId, users.userId))
    .where(and(eq(users.email, email.trim().toLowerCase()), eq(userCompanies.active, true)))
    .orderBy(userCompanies.companyId)
    .limit(1);
  return row?.companyId ?? null;
}

/**
 * The company's members as a subquery others may join (reports): user_id, name, email, active
 * membership flag. `db.select().from(membersSubquery(db, id))`.
 */
export function membersSubquery(db: DbOrTx, companyId: string) {
  return db
    .select({ userId: users.userId, name: users.name, email: users.email, membershipActive: userCompanies.active })
    .from(userCompanies)
    .innerJoin(users, eq(users.userId, userCompanies.userId))
    .where(eq(userCompanies.companyId, companyId))
    .as('members');
}

/**
 * Users' names (and teams) as a subquery others may join to show who did something:
 * `.leftJoin(n, eq(n.userId, table.authorId))`. Give each join its own alias.
 */
export function userNamesSubquery(db: DbOrTx, alias = 'user_names') {
  return db.select({ userId: users.userId, name: users.name, team: users.team }).from(users).as(alias);
}
