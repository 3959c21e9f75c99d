/** User, profile and role management and the user reports (spec 3, 6, 7). */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_MESSAGE, PASSWORD_MESSAGE } from '../../src/domain/validation/rules';
import { sessions } from '../../src/server/modules/auth/schema';
import { userAudit } from '../../src/server/modules/users/schema';
import { tokenHash } from '../../src/server/modules/auth/service';
import { demoTeam } from '../../src/server/seed/demo-team';
import type { TestApp } from './helpers';
import { LENDER, attemptLogin, createTestApp, headers, signIn } from './helpers';

let t: TestApp;
let admin: string;
const TEAM_NAMES = demoTeam().map((m) => m.name);
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signIn(t.app, 'admin@demo.in')).token;
});
afterAll(async () => {
  await t?.close();
});

const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object, token = admin) =>
  t.app.inject({ method, url: `/api/user${url}`, headers: headers(token, LENDER), ...(payload ? { payload } : {}) });

describe('company users', () => {
  let createdId: string;
  const newUser = {
    name: 'Nikhil Sawant',
    email: 'nikhil.sawant@demo.in',
    mobile: '9822012345',
    password: 'Strong#Pass1',
    user_type: 'user',
    profession: 'field executive',
    team: 'Field',
    location: 'Kolhapur',
    client_employee_id: 'EMP-7001',
  };

  it('creates a user who can then sign in, and audits it', async () => {
    const res = await api('POST', '/company/users', newUser);
    expect(res.statusCode).toBe(200);
    const user = res.json().data.user_details;
    expect(user).toMatchObject({ name: 'Nikhil Sawant', email: 'nikhil.sawant@demo.in', profession: 'field executive', active: true, last_login_at: null });
    createdId = user.user_id;
    const signedIn = await signIn(t.app, newUser.email, newUser.password);
    expect(Object.keys(signedIn.user.assigned_companies_dict)).toEqual([LENDER]);
    const audit = await t.database.db.select().from(userAudit).where(and(eq(userAudit.targetUserId, createdId), eq(userAudit.action, 'user_created')));
    expect(audit).toHaveLength(1);
  });

  it('refuses a duplicate email with 409 and bad email or password with the spec 5 messages', async () => {
    const dup = await api('POST', '/company/users', { ...newUser, email: 'NIKHIL.SAWANT@demo.in' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('A user with this email already exists');
    const badEmail = await api('POST', '/company/users', { ...newUser, email: 'not-an-email' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().message).toBe(EMAIL_MESSAGE);
    const badPassword = await api('POST', '/company/users', { ...newUser, email: 'other.one@demo.in', password: 'weakpassword' });
    expect(badPassword.statusCode).toBe(400);
    expect(badPassword.json().message).toBe(PASSWORD_MESSAGE);
  });

  it('does not let a company admin create a super admin', async () => {
    const res = await api('POST', '/company/users', { ...newUser, email: 'sa2@demo.in', user_type: 'super_admin' });
    expect(res.statusCode).toBe(403);
  });

  it('searches by each key and filters by comma lists', async () => {
    const names = async (query: string) => (await api('GET', `/company/users?${query}`)).json().data.users.map((u: { name: string }) => u.name);
    expect(await names('search_type=name&search_value=nikhil')).toEqual(['Nikhil Sawant']);
    expect(await names('search_type=email&search_value=SAWANT@')).toEqual(['Nikhil Sawant']);
    expect(await names('search_type=mobile&search_value=98220')).toEqual(['Nikhil Sawant']);
    expect(await names('search_type=client_employee_id&search_value=emp-7001')).toEqual(['Nikhil Sawant']);
    expect(await names(`search_type=user_id&search_value=${createdId}`)).toEqual(['Nikhil Sawant']);
    expect(await names('search_value=kolhapur')).toEqual([]);
    expect(await names('search_value=%25')).toEqual([]);
    // The demo field team (demo-team.ts) are field executives too.
    expect((await names('professions=field%20executive,lawyer&page_size=50')).sort()).toEqual(['Ganesh Shinde', 'Kavita Rao', 'Nikhil Sawant', ...TEAM_NAMES].sort());
    expect(await names('professions=field%20executive&locations=Kolhapur')).toEqual(['Nikhil Sawant']);
    expect((await names('teams=Legal')).sort()).toEqual(['Arjun Iyer', 'Kavita Rao']);
  });

  it('pages with page_number and page_size (default 10)', async () => {
    const first = (await api('GET', '/company/users')).json().data;
    expect(first.page_size).toBe(10);
    expect(first.users).toHaveLength(10);
    expect(first.total).toBe(13 + TEAM_NAMES.length);
    const second = (await api('GET', '/company/users?page_number=2')).json().data;
    expect(second.users).toHaveLength(3 + TEAM_NAMES.length);
    expect(second.users.map((u: { user_id: string }) => u.user_id)).not.toContain(first.users[0].user_id);
  });

  it('answers the filter values present in the company', async () => {
    const res = await api('GET', '/users/filter?filters=professions,teams,locations');
    const { filters } = res.json().data;
    expect(filters.teams).toEqual(['Calling', 'Collections', 'Field', 'Legal', 'Operations']);
    expect(filters.locations).toContain('Kolhapur');
    expect(filters.professions).toContain('telecalling supervisor');
  });

  it('edits a user', async () => {
    const res = await api('PUT', `/company/users/${createdId}`, { team: 'Recovery', location: 'Satara' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user_details).toMatchObject({ team: 'Recovery', location: 'Satara', name: 'Nikhil Sawant' });
    const read = await api('GET', `/company/users/${createdId}`);
    expect(read.json().data.user_details.team).toBe('Recovery');
  });

  it('deactivating ends the sessions and blocks sign-in; activating lets the user back', async () => {
    const { token } = await signIn(t.app, newUser.email, newUser.password);
    const res = await api('PATCH', `/company/users/${createdId}/deactivate`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user_details.active).toBe(false);
    const profile = await t.app.inject({ method: 'GET', url: '/api/user/profile/details', headers: headers(token) });
    expect(profile.statusCode).toBe(401);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash(token)));
    expect(row.endReason).toBe('deactivated');
    const denied = await attemptLogin(t.app, newUser.email, newUser.password);
    expect(denied.statusCode).toBe(401);
    expect(denied.json().message).toBe('Invalid email or password');
    const list = await api('GET', '/company/users?search_value=nikhil');
    expect(list.json().data.users).toHaveLength(0);
    const withInactive = await api('GET', '/company/users?search_value=nikhil&include_inactive=true');
    expect(withInactive.json().data.users).toHaveLength(1);

    expect((await api('PATCH', `/company/users/${createdId}/activate`)).statusCode).toBe(200);
    expect((await attemptLogin(t.app, newUser.email, newUser.password)).statusCode).toBe(200);
  });
});

describe('roles', () => {
  it('lists the seeded reports-to tree', async () => {
    const roles: { role_id: string; role_name: string; reports_to_role_id: string | null }[] = (await api('GET', '/roles')).json().data.roles;
    const byName = new Map(roles.map((r) => [r.role_name, r]));
    expect(byName.get('Field Executive')!.reports_to_role_id).toBe(byName.get('Area Manager')!.role_id);
    expect(byName.get('Area Manager')!.reports_to_role_id).toBe(byName.get('Collection Head')!.role_id);
    expect(byName.get('Lawyer')!.reports_to_role_id).toBe(byName.get('Legal Head')!.role_id);
  });

  it('creates a role and refuses a reports-to cycle', async () => {
    const roles: { role_id: string; role_name: string }[] = (await api('GET', '/roles')).json().data.roles;
    const head = roles.find((r) => r.role_name === 'Collection Head')!;
    const fe = roles.find((r) => r.role_name === 'Field Executive')!;
    const created = await api('POST', '/roles', { role_name: 'Recovery Agent', description: 'Door-step recovery', reports_to_role_id: fe.role_id });
    expect(created.statusCode).toBe(200);
    expect(created.json().data).toMatchObject({ role_name: 'Recovery Agent', reports_to_role_id: fe.role_id, user_count: 0 });

    const cycle = await api('PUT', `/roles/${head.role_id}`, { role_name: 'Collection Head', reports_to_role_id: created.json().data.role_id });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().message).toBe('A role cannot report to itself or to a role below it');
    const self = await api('PUT', `/roles/${head.role_id}`, { role_name: 'Collection Head', reports_to_role_id: head.role_id });
    expect(self.statusCode).toBe(400);
  });
});

describe('profiles', () => {
  it('creates and edits a profile whose permissions then apply', async () => {
    const created = await api('POST', '/profiles', { profile_name: 'Auditor', description: 'Reads users', permissions: { 'User Management Module': { users: { read: true, write: false } } } });
    expect(created.statusCode).toBe(200);
    const profileId = created.json().data.profile_id;
    const fos = (await api('GET', '/company/users?search_value=fos@demo.in&search_type=email')).json().data.users[0];
    expect((await api('PUT', `/company/users/${fos.user_id}`, { profile_id: profileId })).statusCode).toBe(200);
    const { token } = await signIn(t.app, 'fos@demo.in');
    expect((await api('GET', '/company/users', undefined, token)).statusCode).toBe(200);
    expect((await api('GET', '/roles', undefined, token)).statusCode).toBe(403);

    const edited = await api('PUT', `/profiles/${profileId}`, { profile_name: 'Auditor', permissions: {} });
    expect(edited.json().data.user_count).toBe(1);
    expect((await api('GET', '/company/users', undefined, token)).statusCode).toBe(403);
  });
});

describe('user reports', () => {
  it('reports login sessions, session summary, audit and users for the company', async () => {
    const { token } = await signIn(t.app, 'area.manager@demo.in');
    await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: headers(token, LENDER) });

    const detailed = (await api('GET', '/reports/users?report_type=detailed_login_session&page_size=100')).json().data;
    const row = detailed.rows.find((r: { email: string }) => r.email === 'area.manager@demo.in');
    expect(row).toMatchObject({ end_reason: 'platform_logout', duration_minutes: 0 });
    expect(typeof row.login_at).toBe('string');

    const summary = (await api('GET', '/reports/users?report_type=session_summary&page_size=100')).json().data;
    expect(summary.rows.find((r: { email: string }) => r.email === 'area.manager@demo.in')).toMatchObject({ sessions: 1 });
    expect(summary.rows.some((r: { email: string }) => r.email.endsWith('@demo.id'))).toBe(false);

    const audit = (await api('GET', '/reports/users?report_type=user_audit&page_size=100')).json().data;
    const actions = audit.rows.map((r: { action: string }) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['logout', 'user_created', 'user_deactivated', 'role_created']));

    const usersReport = (await api('GET', '/reports/users?report_type=users')).json().data;
    expect(usersReport.total).toBe(13 + TEAM_NAMES.length);
    const activity = await api('GET', '/reports/users?report_type=detailed_activity_session');
    expect(activity.statusCode).toBe(200);
  });
});
