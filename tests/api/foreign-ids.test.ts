/**
 * Ids taken from input are resolved within the caller's company (issue 12 "Another company's user
 * ids accepted"): an admin of the lender naming a user, profile or role of the trust (and of no
 * lender membership) in a path, query or body gets a 4xx, and the answer carries nothing of them.
 */
import { and, eq, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, roles, userCompanies, users } from '../../src/server/modules/users/schema';
import { demoMonth } from '../../src/server/seed/demo-portfolio';
import { createTestApp, headers, LENDER, signIn, TRUST, type TestApp } from './helpers';

let t: TestApp;
let admin: Record<string, string>;
/** A user of the trust only: id, name, email. */
let foreign: { userId: string; name: string; email: string };
let foreignProfile: string;
let foreignRole: string;
const month = demoMonth(new Date());
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  admin = headers((await signIn(t.app, 'admin@demo.in')).token, LENDER);
  const db = t.database.db;
  const lenderMembers = db.select({ id: userCompanies.userId }).from(userCompanies).where(eq(userCompanies.companyId, LENDER));
  [foreign] = await db
    .select({ userId: users.userId, name: users.name, email: users.email })
    .from(users)
    .innerJoin(userCompanies, and(eq(userCompanies.userId, users.userId), eq(userCompanies.companyId, TRUST)))
    .where(notInArray(users.userId, lenderMembers))
    .orderBy(users.email)
    .limit(1);
  expect(foreign, 'a user of the trust only').toBeDefined();
  [{ id: foreignProfile }] = await db.select({ id: profiles.profileId }).from(profiles).where(eq(profiles.companyId, TRUST)).limit(1);
  [{ id: foreignRole }] = await db.select({ id: roles.roleId }).from(roles).where(eq(roles.companyId, TRUST)).limit(1);
});
afterAll(async () => t?.close());

/** The answer is a 4xx and names nothing of the foreign user. */
function refusedWithoutLeak(res: { statusCode: number; body: string }, what: string) {
  expect(res.statusCode, `${what}: ${res.body}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, what).toBeLessThan(500);
  for (const secret of [foreign.name, foreign.email]) expect(res.body.includes(secret), `${what} leaks ${secret}`).toBe(false);
}

describe("another company's ids", () => {
  it('POST /api/bulk/loan-operations refuses its user_id and from_user_id without naming them', async () => {
    const post = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/bulk/loan-operations', headers: admin, payload: { allocation_month: month, ...payload } });
    refusedWithoutLeak(await post({ operation_type: 'allocate_loans', user_id: foreign.userId, loan_ids: ['LN00000001'] }), 'allocate user_id');
    refusedWithoutLeak(await post({ operation_type: 'deallocate_loans', user_id: foreign.userId }), 'deallocate user_id');
    const lenderFos = (await signIn(t.app, 'fos@demo.in')).user.user_id;
    refusedWithoutLeak(await post({ operation_type: 'move_loans', user_id: lenderFos, from_user_id: foreign.userId }), 'move from_user_id');
  });

  it('POST /api/allocation/suggestions refuses its user_ids', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/allocation/suggestions', headers: admin, payload: { allocation_month: month, loan_ids: ['LN00000001'], user_ids: [foreign.userId] } });
    refusedWithoutLeak(res, 'suggestion user_ids');
  });

  it('field screens refuse its user_id in the query', async () => {
    for (const url of [`/api/fos/tracking/trail?date=${today}&user_id=${foreign.userId}`, `/api/fos/dashboard?user_id=${foreign.userId}`, `/api/fos/verification/visits?user_id=${foreign.userId}`, `/api/fos/visits?user_id=${foreign.userId}`]) {
      const res = await t.app.inject({ url, headers: admin });
      // A filter by an unknown user answers nothing of them: a 4xx, or an empty answer.
      if (res.statusCode === 200) {
        for (const secret of [foreign.name, foreign.email, foreign.userId]) expect(res.body.includes(secret), `${url} leaks ${secret}`).toBe(false);
      } else refusedWithoutLeak(res, url);
    }
  });

  it('users: its user id in the path, its profile and role ids in a body', async () => {
    refusedWithoutLeak(await t.app.inject({ url: `/api/user/company/users/${foreign.userId}`, headers: admin }), 'GET user');
    refusedWithoutLeak(await t.app.inject({ method: 'PUT', url: `/api/user/company/users/${foreign.userId}`, headers: admin, payload: { team: 'South' } }), 'PUT user');
    refusedWithoutLeak(await t.app.inject({ method: 'PATCH', url: `/api/user/company/users/${foreign.userId}/deactivate`, headers: admin }), 'deactivate user');
    const userBody = { name: 'Foreign Ids', email: 'foreign.ids@demo.in', password: 'Str0ng!Passw0rd', user_type: 'user', profession: 'field executive' };
    const createUser = (extra: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/user/company/users', headers: admin, payload: { ...userBody, ...extra } });
    for (const extra of [{ profile_id: foreignProfile }, { role_id: foreignRole }]) {
      const res = await createUser(extra);
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    // The same body without the foreign ids is fine: the refusals were about the ids.
    const plain = await createUser({});
    expect(plain.statusCode, plain.body).toBe(200);
    const createRole = (reports: string | null) => t.app.inject({ method: 'POST', url: '/api/user/roles', headers: admin, payload: { role_name: `Parent ${reports ?? 'none'}`, reports_to_role_id: reports } });
    const role = await createRole(foreignRole);
    expect(role.statusCode, role.body).toBeGreaterThanOrEqual(400);
    expect(role.statusCode).toBeLessThan(500);
    expect((await createRole(null)).statusCode).toBe(200);
  });
});
