/**
 * Rate limits shared by API processes (issue 12): the per-IP limit of the public routes and the
 * per-account / per-OTP-recipient limits are counted in the database, so two app instances on one
 * database (two copies behind a load balancer) count together. In-process counters would give each
 * copy its own allowance. Runs on PGlite and PostgreSQL; tests/api/two-processes.test.ts shows the
 * same with two real processes on PostgreSQL.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptForServer } from '../../src/domain/auth/login-crypto';
import { buildApp, RATE_LIMITED_MESSAGE } from '../../src/server/app';
import { DEMO_PASSWORD, createTestApp, loginKey, type TestApp } from './helpers';

let t: TestApp;
let second: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp({ authAccountRateLimit: 3, authRateLimitPerMinute: 5 });
  second = await buildApp({ db: t.database, config: t.config, logger: false, runJobs: false });
  await second.ready();
}, 120_000);
afterAll(async () => {
  await second?.close();
  await t?.close();
});

async function signInFrom(app: FastifyInstance, ip: string, email: string, password: string) {
  const payload = await encryptForServer(await loginKey(app), { email, password });
  return app.inject({ method: 'POST', url: '/api/user/public/login?source=web', payload, remoteAddress: ip });
}

describe('rate limits shared by two app instances on one database', () => {
  it('refuses an account after 3 failed sign-ins spread over both instances and many IPs, right password included', async () => {
    const email = 'manager@demo.in';
    const fails = [
      [t.app, '10.0.0.1'],
      [second, '10.0.0.2'],
      [t.app, '10.0.0.3'],
    ] as const;
    for (const [app, ip] of fails) expect((await signInFrom(app, ip, email, 'Wrong#Pass1')).statusCode).toBe(401);
    // The second instance saw one failure only; the shared count is 3.
    const locked = await signInFrom(second, '10.0.0.4', email, DEMO_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ success: false, message: RATE_LIMITED_MESSAGE });
  });

  it('counts OTPs to one recipient across both instances', async () => {
    const email = 'supervisor@demo.in';
    const send = (app: FastifyInstance, ip: string) => app.inject({ method: 'POST', url: '/api/user/public/send-otp', payload: { email }, remoteAddress: ip });
    expect((await send(t.app, '10.0.1.1')).statusCode).toBe(200);
    expect((await send(second, '10.0.1.2')).statusCode).toBe(200);
    expect((await send(t.app, '10.0.1.3')).statusCode).toBe(200);
    expect((await send(second, '10.0.1.4')).statusCode).toBe(429);
  });

  it('counts one IP across both instances on a public route (5 a minute)', async () => {
    const ip = '10.0.2.1';
    const key = (app: FastifyInstance) => app.inject({ method: 'GET', url: '/api/user/public/login-key', remoteAddress: ip });
    const codes = [];
    for (const app of [t.app, second, t.app, second, t.app, second]) codes.push((await key(app)).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    // Another IP is not affected.
    expect((await t.app.inject({ method: 'GET', url: '/api/user/public/login-key', remoteAddress: '10.0.2.2' })).statusCode).toBe(200);
    // Nothing personal is stored in clear: keys are hashes.
    const rows = await t.database.db.execute('select key_hash from rate_limit_counters' as never);
    const text = JSON.stringify(rows);
    expect(text).not.toContain(ip);
    expect(text).not.toContain('supervisor@demo.in');
  });
});
