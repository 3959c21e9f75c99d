/**
 * Account takeover across companies (issue 12): a company admin changes only company-scoped
 * attributes of a user shared with another company or of a platform admin; nobody acts on a
 * higher rank; deactivating a user in one company does not sign them out of the other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HIGHER_RANK_MESSAGE, IDENTITY_MESSAGE } from '../../src/server/modules/users/company-users/service';
import { LENDER, TRUST, attemptLogin, createTestApp, headers, signIn, type TestApp } from './helpers';

let t: TestApp;
let admin: Record<string, string>;
let superAdmin: Record<string, string>;
const userId = async (email: string) => (await t.app.inject({ url: `/api/user/company/users?search_value=${encodeURIComponent(email)}`, headers: admin })).json().data.users[0].user_id as string;
const put = (h: Record<string, string>, id: string, body: object) => t.app.inject({ method: 'PUT', url: `/api/user/company/users/${id}`, headers: h, payload: body });

beforeAll(async () => {
  t = await createTestApp();
  admin = headers((await signIn(t.app, 'admin@demo.in')).token, LENDER);
  superAdmin = headers((await signIn(t.app, 'super.admin@demo.in')).token, LENDER);
}, 120_000);
afterAll(async () => t?.close());

describe('identity attributes', () => {
  it("refuses a company admin changing a platform admin's email (the takeover of issue 12), and the OTP reset still reaches the owner", async () => {
    const id = await userId('super.admin@demo.in');
    const res = await put(admin, id, { email: 'attacker@evil.test' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(HIGHER_RANK_MESSAGE);
    const after = (await t.app.inject({ url: `/api/user/company/users/${id}`, headers: admin })).json().data.user_details;
    expect(after.email).toBe('super.admin@demo.in');
  });

  it("refuses a company admin changing the name or mobile of a user shared with another company, but lets them set the role and team", async () => {
    // A user of both companies, created by the platform admin.
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/user/company/users',
      headers: superAdmin,
      payload: { name: 'Shared Agent', email: 'shared.agent@demo.in', password: 'Strong#Pass1', user_type: 'user', profession: 'telecalling' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.user_details.user_id as string;
    const intoTrust = await t.app.inject({ method: 'POST', url: '/api/user/company/users', headers: { ...superAdmin, 'x-company-id': TRUST }, payload: { name: 'Shared Agent', email: 'shared.agent@demo.in', password: 'Strong#Pass1', user_type: 'user', profession: 'telecalling' } });
    // The email is taken: joining a second company is done by the membership, which this API does
    // not offer yet; make the second membership directly.
    expect(intoTrust.statusCode).toBe(409);
    await t.database.executeSql(`insert into user_companies (company_id, user_id) values ('${TRUST}', '${id}')`);

    for (const body of [{ name: 'Renamed' }, { mobile: '9822000000' }, { email: 'other@demo.in' }, { user_type: 'super_user' }]) {
      const res = await put(admin, id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(403);
      expect(res.json().message).toBe(IDENTITY_MESSAGE);
    }
    const company = await put(admin, id, { team: 'Calling A' });
    expect(company.statusCode, company.body).toBe(200);
    expect(company.json().data.user_details.team).toBe('Calling A');
    // The platform admin may change identity attributes.
    const byPlatform = await put(superAdmin, id, { name: 'Shared Agent Two' });
    expect(byPlatform.statusCode, byPlatform.body).toBe(200);
  });

  it('lets a company admin edit the identity of a user of their company alone', async () => {
    const id = await userId('telecaller@demo.in');
    const res = await put(admin, id, { name: 'Sneha Kulkarni' });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a super user acting on a company admin (rank), and giving a type above their own', async () => {
    const su = headers((await signIn(t.app, 'super.user@demo.in')).token, LENDER);
    const target = await userId('admin@demo.in');
    const res = await put(su, target, { team: 'X' });
    // The super user's profile may lack users write: either way nothing changes.
    expect([403]).toContain(res.statusCode);
    const after = (await t.app.inject({ url: `/api/user/company/users/${target}`, headers: admin })).json().data.user_details;
    expect(after.team).not.toBe('X');
  });
});

describe('deactivation', () => {
  it('signs the user out of nothing while another company keeps them; a user left in no company is signed out', async () => {
    // chief.admin@demo.in is a member of both demo companies.
    const chief = await signIn(t.app, 'chief.admin@demo.in');
    const id = chief.user.user_id;
    const off = await t.app.inject({ method: 'PATCH', url: `/api/user/company/users/${id}/deactivate`, headers: superAdmin });
    // A super admin may not act on the chief admin (higher rank).
    expect(off.statusCode).toBe(403);
    expect(off.json().message).toBe(HIGHER_RANK_MESSAGE);

    const shared = await userId('shared.agent@demo.in');
    const login = await signIn(t.app, 'shared.agent@demo.in', 'Strong#Pass1');
    const deactivated = await t.app.inject({ method: 'PATCH', url: `/api/user/company/users/${shared}/deactivate`, headers: admin });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    // Still signed in: the trust keeps them; the lender refuses them.
    expect((await t.app.inject({ url: '/api/user/profile/details', headers: headers(login.token) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/user/company', headers: headers(login.token, TRUST) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/user/company', headers: headers(login.token, LENDER) })).statusCode).toBe(403);
    // Out of the trust too: signed out, and sign-in refused.
    const outOfTrust = await t.app.inject({ method: 'PATCH', url: `/api/user/company/users/${shared}/deactivate`, headers: { ...superAdmin, 'x-company-id': TRUST } });
    expect(outOfTrust.statusCode, outOfTrust.body).toBe(200);
    expect((await t.app.inject({ url: '/api/user/profile/details', headers: headers(login.token) })).statusCode).toBe(401);
    expect((await attemptLogin(t.app, 'shared.agent@demo.in', 'Strong#Pass1')).statusCode).toBe(401);
  });
});
