/**
 * The endpoint-wide suite (issue 12 "Tests that keep it so"): driven by the OpenAPI document and
 * the registered routes, so every route added later is covered without an edit here.
 * - every non-public operation refuses no token, a garbage token and a signed-out token (401);
 * - a user without any permission gets 403 'Permission not found' from every operation that
 *   declares a permission;
 * - a user of one company gets nothing of the other: naming the other company is refused, and the
 *   other company's ids in every path, query and body slot answer no row of it;
 * - a battery of bad inputs (NUL, huge strings, wrong types, impossible dates, deep JSON,
 *   malformed multipart, wrong content type, bad percent-encoding, long path parameters) gets a
 *   4xx in the envelope with a message.
 * Never a 5xx, never an unauthenticated 2xx, never a leak. Failures are collected per check and
 * listed with the operation and the input that caused them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { RegisteredRoute } from '../../src/server/http/access';
import { LENDER, TRUST, createTestApp, headers, signIn, type TestApp } from './helpers';
import { badInputs, fillPool, foreignIdsOf, operationsOf, requestFor, sampleBody, type Operation } from './endpoint-wide-helpers';

let t: TestApp;
let ops: Operation[];
let admin: Record<string, string>;
let nobody: Record<string, string>;
let foreign: Awaited<ReturnType<typeof foreignIdsOf>>;

beforeAll(async () => {
  t = await createTestApp();
  ops = operationsOf((await t.app.inject({ url: '/api/docs/json' })).json(), t.app.registeredRoutes as RegisteredRoute[]);
  admin = headers((await signIn(t.app, 'admin@demo.in')).token, LENDER);
  // A member of the lender whose profile grants nothing.
  const profile = await t.app.inject({ method: 'POST', url: '/api/user/profiles', headers: admin, payload: { profile_name: 'No access', permissions: {} } });
  expect(profile.statusCode, profile.body).toBe(200);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/user/company/users',
    headers: admin,
    payload: { name: 'Nobody', email: 'nobody@demo.in', password: 'Demo@1234', user_type: 'user', profession: 'other', profile_id: profile.json().data.profile_id },
  });
  expect(created.statusCode, created.body).toBe(200);
  nobody = headers((await signIn(t.app, 'nobody@demo.in')).token, LENDER);
  await fillPool(t.app, admin);
  foreign = await foreignIdsOf(t.app, headers((await signIn(t.app, 'admin@demo.id')).token, TRUST), admin);
}, 180_000);
afterAll(async () => t?.close());

/** A problem with an answer: a 5xx, an error outside the envelope. */
function problemOf(res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `${res.statusCode} ${res.body.slice(0, 200)}`;
  if (res.statusCode >= 400) {
    let body: unknown;
    try {
      body = res.json();
    } catch {
      return `${res.statusCode} outside the envelope: ${res.body.slice(0, 120)}`;
    }
    const e = body as { success?: unknown; message?: unknown };
    if (e.success !== false || typeof e.message !== 'string' || e.message === '') return `${res.statusCode} outside the envelope: ${res.body.slice(0, 120)}`;
  }
  return null;
}

const label = (op: Operation) => `${op.method} ${op.path}`;

describe('every operation', () => {
  it('is in the OpenAPI document with its access, and public ones say so (security: [])', () => {
    expect(ops.length).toBeGreaterThan(50);
    const undocumented = ops.filter((op) => op.access === 'public' && !(Array.isArray(op.security) && op.security.length === 0)).map(label);
    expect(undocumented).toEqual([]);
  });

  it('refuses callers without a live session (no token, garbage, signed out): 401 in the envelope', async () => {
    const signedOut = (await signIn(t.app, 'manager@demo.in')).token;
    await t.app.inject({ method: 'POST', url: '/api/user/logout?source=web', headers: headers(signedOut) });
    const failures: string[] = [];
    for (const op of ops.filter((o) => o.access !== 'public')) {
      for (const [name, h] of [
        ['no token', { 'x-company-id': LENDER }],
        ['garbage token', { authenticationtoken: 'garbage-garbage-garbage', 'x-company-id': LENDER }],
        ['signed-out token', headers(signedOut, LENDER)],
      ] as const) {
        const res = await t.app.inject(requestFor(op, { headers: h, body: sampleBody(op) }));
        if (res.statusCode !== 401 || problemOf(res)) failures.push(`${label(op)} with ${name}: ${res.statusCode} ${res.body.slice(0, 100)}`);
      }
    }
    expect(failures.length, `\n${failures.join("\n")}`).toBe(0);
  });

  it('refuses a member without the declared permission: 403 Permission not found', async () => {
    const failures: string[] = [];
    for (const op of ops.filter((o) => o.permission && !o.stream)) {
      const res = await t.app.inject(requestFor(op, { headers: nobody, body: sampleBody(op) }));
      if (res.statusCode !== 403 || !String(res.json().message).startsWith('Permission not found')) failures.push(`${label(op)}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(failures.length, `\n${failures.join("\n")}`).toBe(0);
  });

  it("refuses naming a company the caller is not assigned to (header or query)", async () => {
    const failures: string[] = [];
    for (const op of ops.filter((o) => o.access === 'company' && !o.stream)) {
      for (const req of [
        requestFor(op, { headers: { ...admin, 'x-company-id': TRUST }, body: sampleBody(op) }),
        requestFor(op, { headers: admin, query: { company_id: TRUST }, body: sampleBody(op) }),
      ]) {
        const res = await t.app.inject(req);
        if (res.statusCode !== 403 || problemOf(res)) failures.push(`${label(op)} ${req.url}: ${res.statusCode} ${res.body.slice(0, 100)}`);
      }
    }
    expect(failures.length, `\n${failures.join("\n")}`).toBe(0);
  });

  it("answers nothing of another company to its ids in any path, query or body slot", async () => {
    const failures: string[] = [];
    for (const op of ops.filter((o) => o.access === 'company' && !o.stream && o.idSlots.length > 0)) {
      for (const slot of op.idSlots) {
        for (const value of foreign.idsFor(slot.name)) {
          const body = sampleBody(op);
          const input = slot.in === 'body' ? { headers: admin, body: { ...body, [slot.name]: slot.name.endsWith('_ids') ? [value] : value } } : { headers: admin, body, [slot.in]: { [slot.name]: value } };
          const res = await t.app.inject(requestFor(op, input));
          const problem = problemOf(res);
          if (problem) failures.push(`${label(op)} ${slot.in}.${slot.name}=${value}: ${problem}`);
          else if (res.statusCode < 300 && foreign.leaks(res.body)) failures.push(`${label(op)} ${slot.in}.${slot.name}=${value}: 2xx showing the other company's data: ${foreign.leaks(res.body)}`);
        }
      }
    }
    expect(failures.length, `\n${failures.join("\n")}`).toBe(0);
  }, 120_000);

  it('answers bad input with a 4xx in the envelope, never a 5xx', async () => {
    const failures: string[] = [];
    let caller = admin;
    for (const op of ops.filter((o) => !o.stream)) {
      // Signing out ends the session it is called with: that operation gets its own sessions.
      const endsSession = op.path === '/api/user/logout';
      for (const bad of badInputs(op)) {
        const h = op.access === 'public' ? {} : endsSession ? headers((await signIn(t.app, 'manager@demo.in')).token, LENDER) : caller;
        const res = await t.app.inject(requestFor(op, { headers: h, body: sampleBody(op), ...bad.request }));
        const problem = problemOf(res);
        if (problem) failures.push(`${label(op)} ${bad.name}: ${problem}`);
        // The battery must reach past the access check, or it tests nothing.
        else if (op.access !== 'public' && res.statusCode === 401) failures.push(`${label(op)} ${bad.name}: 401 — the caller's session was lost`);
      }
      if ((await t.app.inject({ url: '/api/user/profile/details', headers: caller })).statusCode !== 200) {
        failures.push(`${label(op)}: ended the caller's session`);
        caller = headers((await signIn(t.app, 'admin@demo.in')).token, LENDER);
      }
    }
    expect(failures.length, `\n${failures.join('\n')}`).toBe(0);
  }, 300_000);
});
