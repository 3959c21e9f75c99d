/**
 * Permission profiles of a company (spec 6 "profile settings wizard"; spec 7 `/profiles`): named
 * permissions maps that memberships point to.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Profile, ProfileBody } from '../../../../domain/contracts/users/profiles';
import type { Db, DbOrTx } from '../../../db/client';
import { conflict, notFound } from '../../../http/errors';
import { profiles, userAudit } from '../schema';

// Qualified by hand: Drizzle drops table names in single-table selects, which would turn the
// correlation into a self-comparison inside the subquery.
const profileUserCount = sql<number>`(select count(*)::int from user_companies uc where uc.profile_id = "profiles"."profile_id" and uc.active)`;

function profileSelect(db: DbOrTx) {
  return db.select({ profile: profiles, userCount: profileUserCount }).from(profiles);
}

function toProfile(r: { profile: typeof profiles.$inferSelect; userCount: number }): Profile {
  return {
    profile_id: r.profile.profileId,
    company_id: r.profile.companyId,
    profile_name: r.profile.profileName,
    description: r.profile.description,
    permissions: r.profile.permissions as Profile['permissions'],
    user_count: Number(r.userCount),
  };
}

/** Profiles (permission groups) of the company by name. */
export async function listProfiles(db: Db, companyId: string): Promise<Profile[]> {
  const rows = await profileSelect(db).where(eq(profiles.companyId, companyId)).orderBy(asc(profiles.profileName));
  return rows.map(toProfile);
}

/** One profile of the company. @throws AppError 404 'Profile not found'. */
export async function getProfile(db: DbOrTx, companyId: string, profileId: string): Promise<Profile> {
  const [row] = await profileSelect(db).where(and(eq(profiles.companyId, companyId), eq(profiles.profileId, profileId)));
  if (!row) throw notFound('Profile not found');
  return toProfile(row);
}

async function assertProfileNameFree(db: DbOrTx, companyId: string, name: string, exceptId?: string) {
  const [row] = await db.select({ id: profiles.profileId }).from(profiles).where(and(eq(profiles.companyId, companyId), eq(profiles.profileName, name)));
  if (row && row.id !== exceptId) throw conflict('A profile with this name already exists');
}

/** Creates or, with `profileId`, replaces a profile of the company, auditing it. */
export async function saveProfile(db: Db, actorUserId: string, companyId: string, body: ProfileBody, profileId?: string): Promise<Profile> {
  return db.transaction(async (tx) => {
    if (profileId) await getProfile(tx, companyId, profileId);
    await assertProfileNameFree(tx, companyId, body.profile_name, profileId);
    const values = { profileName: body.profile_name, description: body.description ?? null, permissions: body.permissions };
    let id = profileId;
    if (id) await tx.update(profiles).set(values).where(and(eq(profiles.companyId, companyId), eq(profiles.profileId, id)));
    else [{ id }] = await tx.insert(profiles).values({ ...values, companyId }).returning({ id: profiles.profileId });
    await tx.insert(userAudit).values({ companyId, actorUserId, action: profileId ? 'profile_updated' : 'profile_created', details: { profile_id: id, profile_name: body.profile_name } });
    return getProfile(tx, companyId, id!);
  });
}
