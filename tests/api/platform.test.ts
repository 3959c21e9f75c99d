/**
 * The server as a whole: protection by default on every route, health, OpenAPI document,
 * public config, envelope on errors, companies endpoints, and serving the built web app.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './helpers';
import { LENDER, TRUST, createTestApp, headers, signIn } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('protection by default', () => {
  it('every route declares its access and every non-public route answers 401 without a token', async () => {
    const routes = t.app.registeredRoutes;
    expect(routes.length).toBeGreaterThan(25);
    const protectedRoutes = routes.filter((r) => r.access !== 'public' && r.method !== 'HEAD');
    expect(protectedRoutes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['GET /api/user/company/users', 'POST /api/user/logout', 'PUT /api/user/company', 'PATCH /api/user/company/users/:id/deactivate']),
    );
    for (const route of protectedRoutes) {
      const url = route.url.replace(/:(\w+)/g, 'some-$1');
      const res = await t.app.inject({ method: route.method as 'GET', url: `${url}?company_id=${LENDER}`, headers: { 'x-company-id': LENDER }, payload: route.method === 'GET' ? undefined : {} });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json(), `${route.method} ${route.url}`).toEqual({ success: false, message: 'Session expired', data: null });
    }
    const publicApi = routes.filter((r) => r.access === 'public' && r.url.startsWith('/api/user')).map((r) => r.url);
    expect(publicApi.every((u) => u.startsWith('/api/user/public/'))).toBe(true);
  });

  it('refuses to start when a route declares no access', async () => {
    const extra = await createTestApp();
    try {
      // A fresh app is not ready until inject/ready; add an undeclared route before that.
      const { buildApp } = await import('../../src/server/app');
      const app = await buildApp({ db: extra.database, config: extra.config, logger: false });
      app.get('/api/undeclared', async () => 'open');
      await expect(app.ready()).rejects.toThrow(/GET \/api\/undeclared declares no access/);
    } finally {
      await extra.close();
    }
  });
});

describe('platform routes', () => {
  it('health answers 200 with the database up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'ok', data: { database: 'up' } });
    expect(res.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
    expect(res.headers['content-security-policy']).toContain('img-src');
    expect(res.headers['content-security-policy']).toContain('https://tile.openstreetmap.org');
  });

  it('serves the OpenAPI document listing the login route with its body schema', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.paths['/api/user/public/login'].post.requestBody.content['application/json'].schema.required).toEqual(['kid', 'payload']);
    expect(Object.keys(doc.paths)).toContain('/api/user/company/users/{id}');
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('publishes the web configuration', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/public-config' });
    expect(res.json().data).toEqual({
      map_tile_url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      country_trace_url: 'https://www.cloudflare.com/cdn-cgi/trace',
      countries: { INDIA: { api_base_url: '/api' }, INDONESIA: { api_base_url: '/api' } },
    });
  });

  it('answers unknown API routes with a 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/recovery/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'Route not found', data: null });
  });

  it('answers a query that breaks the contract with 400 naming the field', async () => {
    const { token } = await signIn(t.app, 'admin@demo.in');
    const res = await t.app.inject({ method: 'GET', url: '/api/user/company/users?page_size=0', headers: headers(token, LENDER) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('page_size');
    expect(res.json().data).toBeNull();
  });
});

describe('companies', () => {
  it('lists both companies for the chief admin, filtered by type and search', async () => {
    const { token } = await signIn(t.app, 'chief.admin@demo.in');
    const get = async (q: string) => (await t.app.inject({ method: 'GET', url: `/api/user/companies${q}`, headers: headers(token) })).json().data;
    expect((await get('')).companies.map((c: { company_id: string }) => c.company_id).sort()).toEqual([LENDER, TRUST]);
    expect((await get('?company_type=trusts')).companies.map((c: { company_id: string }) => c.company_id)).toEqual([TRUST]);
    expect((await get('?search_type=trademark&search_value=sahyadri')).companies.map((c: { trademark: string }) => c.trademark)).toEqual(['Sahyadri Finance Ltd']);
    expect((await get('')).page_size).toBe(10);
  });

  it('answers company-type and lets the admin change settings', async () => {
    const { token } = await signIn(t.app, 'admin@demo.id');
    const type = await t.app.inject({ method: 'GET', url: '/api/user/company-type', headers: headers(token, TRUST) });
    expect(type.json().data).toEqual({ company_id: TRUST, company_type: 'trusts', is_credit_line: false, ui_version: 'v2', trademark: 'Nusantara Amanah Trust', country: 'INDONESIA' });

    const put = await t.app.inject({ method: 'PUT', url: '/api/user/company', headers: headers(token, TRUST), payload: { predictive_enabled: true, ui_version: 'v1' } });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toMatchObject({ predictive_enabled: true, ui_version: 'v1', country_currency_code: 'IDR', dlt_check_applicable: true });
    const bad = await t.app.inject({ method: 'PUT', url: '/api/user/company', headers: headers(token, TRUST), payload: { ui_version: 'v3' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('ui_version');
  });

  it('refuses settings changes to a user without company_settings write', async () => {
    const { token } = await signIn(t.app, 'fos@demo.id');
    const res = await t.app.inject({ method: 'PUT', url: '/api/user/company', headers: headers(token, TRUST), payload: { inbound_enabled: true } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Permission not found: User Management Module › company_settings (write)');
  });
});

describe('web app', () => {
  let dist: string;
  let web: TestApp;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Recovery Ops</title>');
    writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("install", () => {});');
    writeFileSync(path.join(dist, 'assets', 'app-Ab1_c-23.js'), 'console.log(1)');
    writeFileSync(path.join(dist, 'assets', 'index.js'), 'console.log(2)');
    web = await createTestApp({ webDistDir: dist });
  });
  afterAll(async () => {
    await web?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves files, falls back to index.html for app routes, and keeps /api 404s as JSON', async () => {
    const asset = await web.app.inject({ method: 'GET', url: '/assets/app-Ab1_c-23.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    // The entry and the locale chunks keep their names across builds (issue 18): revalidated.
    const entry = await web.app.inject({ method: 'GET', url: '/assets/index.js' });
    expect(entry.statusCode).toBe(200);
    expect(entry.headers['cache-control']).toBe('no-cache');
    const sw = await web.app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.headers['cache-control']).toBe('no-cache');
    for (const url of ['/', '/login?next=%2Fapp', '/v2/app/customer-details']) {
      const page = await web.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('<title>Recovery Ops</title>');
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
    const api = await web.app.inject({ method: 'GET', url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json().message).toBe('Route not found');
    expect((await web.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('when the database is gone', () => {
  it('health answers 503 and other routes a bare 500 Something went wrong', async () => {
    const broken = await createTestApp();
    const { token } = await signIn(broken.app, 'admin@demo.in');
    await broken.database.close();
    try {
      const health = await broken.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ success: false, message: 'Database unavailable', data: { database: 'down' } });
      const res = await broken.app.inject({ method: 'GET', url: '/api/user/profile/details', headers: headers(token) });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ success: false, message: 'Something went wrong', data: null });
    } finally {
      await broken.close();
    }
  });
});
