/**
 * Permissions and tenancy (spec 6, 7): a missing permission is a 403 naming it; a user of one
 * company reads or changes nothing of another, whichever way the other company is named.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/modules/users/schema';
import type { TestApp } from './helpers';
import { LENDER, TRUST, createTestApp, headers, signIn } from './helpers';

let t: TestApp;
let adminIn: string;
let adminId: string;
let trustUserId: string;
beforeAll(async () => {
  t = await createTestApp();
  adminIn = (await signIn(t.app, 'admin@demo.in')).token;
  adminId = (await signIn(t.app, 'admin@demo.id')).token;
  [{ userId: trustUserId }] = await t.database.db.select({ userId: users.userId }).from(users).where(eq(users.email, 'fos@demo.id'));
});
afterAll(async () => {
  await t?.close();
});

describe('permissions', () => {
  it('answers 403 naming the missing permission to a field executive listing users', async () => {
    const { token } = await signIn(t.app, 'fos@demo.in');
    const res = await t.app.inject({ method: 'GET', url: '/api/user/company/users', headers: headers(token, LENDER) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      success: false,
      message: 'Permission not found: User Management Module › users (read)',
      data: { missing_permission: { module: 'User Management Module', action: 'users', access: 'read' } },
    });
  });

  it('lets a read-only manager list users but not create one', async () => {
    const { token } = await signIn(t.app, 'manager@demo.in');
    expect((await t.app.inject({ method: 'GET', url: '/api/user/company/users', headers: headers(token, LENDER) })).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/company/users',
      headers: headers(token, LENDER),
      payload: { name: 'X', email: 'x@demo.in', password: 'Demo@1234', user_type: 'user', profession: 'other' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().data.missing_permission).toEqual({ module: 'User Management Module', action: 'users', access: 'write' });
  });

  it('answers the telecaller permissions of their profile only', async () => {
    const { token } = await signIn(t.app, 'telecaller@demo.in');
    const res = await t.app.inject({ method: 'GET', url: `/api/user/company/permissions?company_id=${LENDER}&simplified=true`, headers: headers(token) });
    expect(res.statusCode).toBe(200);
    const details = res.json().data.profile_details;
    expect(details.profile_name).toBe('Telecaller');
    expect(details.permissions.calling.click_to_call).toEqual({ read: true, write: true });
    expect(details.permissions['User Management Module']).toBeUndefined();
  });

  it('answers 400 company_id is required on a company route without a company', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/company', headers: headers(adminIn) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('company_id is required');
  });
});

describe('company A admin asking for company B', () => {
  const notAssigned = { success: false, message: 'You are not assigned to this company', data: null };

  it('gets 403 for B users, settings and permissions named by header', async () => {
    for (const url of ['/api/user/company/users', '/api/user/company', '/api/user/company/permissions', '/api/user/company-type', '/api/user/roles', '/api/user/profiles']) {
      const res = await t.app.inject({ method: 'GET', url, headers: headers(adminIn, TRUST) });
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toEqual(notAssigned);
    }
  });

  it('gets 403 when B is named by query, even with its own company in the header', async () => {
    for (const url of ['/api/user/company/users', '/api/user/company', '/api/user/company/permissions']) {
      const res = await t.app.inject({ method: 'GET', url: `${url}?company_id=${TRUST}`, headers: headers(adminIn, LENDER) });
      expect(res.statusCode, url).toBe(403);
      expect(res.body).not.toContain('Nusantara');
    }
  });

  it('cannot change B settings by header or query', async () => {
    const byHeader = await t.app.inject({ method: 'PUT', url: '/api/user/company', headers: headers(adminIn, TRUST), payload: { trademark: 'Hijacked' } });
    expect(byHeader.statusCode).toBe(403);
    const byQuery = await t.app.inject({ method: 'PUT', url: `/api/user/company?company_id=${TRUST}`, headers: headers(adminIn, LENDER), payload: { trademark: 'Hijacked' } });
    expect(byQuery.statusCode).toBe(403);
    const trust = await t.app.inject({ method: 'GET', url: '/api/user/company', headers: headers(adminId, TRUST) });
    expect(trust.json().data.trademark).toBe('Nusantara Amanah Trust');
  });

  it('gets 404 and nothing of B when naming a B user by path id within its own company', async () => {
    const get = await t.app.inject({ method: 'GET', url: `/api/user/company/users/${trustUserId}`, headers: headers(adminIn, LENDER) });
    expect(get.statusCode).toBe(404);
    expect(get.json()).toEqual({ success: false, message: 'User not found', data: null });
    const put = await t.app.inject({ method: 'PUT', url: `/api/user/company/users/${trustUserId}`, headers: headers(adminIn, LENDER), payload: { name: 'Changed' } });
    expect(put.statusCode).toBe(404);
    const patch = await t.app.inject({ method: 'PATCH', url: `/api/user/company/users/${trustUserId}/deactivate`, headers: headers(adminIn, LENDER) });
    expect(patch.statusCode).toBe(404);

    const seen = await t.app.inject({ method: 'GET', url: `/api/user/company/users/${trustUserId}`, headers: headers(adminId, TRUST) });
    expect(seen.json().data.user_details).toMatchObject({ name: 'Budi Santoso', active: true });
  });

  it('lists only its own company in /companies and only its users in /company/users', async () => {
    const companies = await t.app.inject({ method: 'GET', url: '/api/user/companies', headers: headers(adminIn) });
    expect(companies.json().data.companies.map((c: { company_id: string }) => c.company_id)).toEqual([LENDER]);
    const list = await t.app.inject({ method: 'GET', url: '/api/user/company/users?page_size=100', headers: headers(adminIn, LENDER) });
    const emails: string[] = list.json().data.users.map((u: { email: string }) => u.email);
    expect(emails).toContain('fos@demo.in');
    expect(emails.some((e) => e.endsWith('@demo.id'))).toBe(false);
  });

  it('cannot use a B profile or role when creating a user in A', async () => {
    const profiles = await t.app.inject({ method: 'GET', url: '/api/user/profiles', headers: headers(adminId, TRUST) });
    const trustProfileId = profiles.json().data.profiles[0].profile_id;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/company/users',
      headers: headers(adminIn, LENDER),
      payload: { name: 'Cross', email: 'cross@demo.in', password: 'Demo@1234', user_type: 'user', profession: 'other', profile_id: trustProfileId },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Profile not found');
  });
});
