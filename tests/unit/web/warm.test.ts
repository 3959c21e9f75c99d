/**
 * The reads public/assets/warm.js starts before the app's JavaScript (issue 18): the app takes each
 * once, only for the token (and company) they were made with, and makes its own request when
 * warm.js's download failed, so an expired session still ends through the app's error handling.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type * as StoreModule from '../../../src/web/lib/store';
import type * as WarmModule from '../../../src/web/lib/warm';

const memory = new Map<string, string>();
const storage = { getItem: (k: string) => memory.get(k) ?? null, setItem: (k: string, v: string) => void memory.set(k, String(v)), removeItem: (k: string) => void memory.delete(k), clear: () => memory.clear() };
let store: typeof StoreModule;
let warm: typeof WarmModule;
const holder = globalThis as Record<string, unknown>;

beforeAll(async () => {
  Object.assign(globalThis, { localStorage: storage, sessionStorage: storage });
  store = await import('../../../src/web/lib/store');
  warm = await import('../../../src/web/lib/warm');
});
beforeEach(() => {
  store.session.uat = 'token-of-asha';
  delete holder.__roWarmProfile;
});

const own = () => Promise.resolve({ from: 'own request' });

describe('takeWarm', () => {
  it("answers warm.js's data once; the next read asks the server", async () => {
    holder.__roWarmProfile = { companyId: 'demo-lender-in', token: 'token-of-asha', body: Promise.resolve({ success: true, data: { from: 'warm.js' } }) };
    await expect(warm.takeWarm('__roWarmProfile', null, own)).resolves.toEqual({ from: 'warm.js' });
    expect(warm.takeWarm('__roWarmProfile', null, own)).toBeNull();
  });

  it("never answers another session's or another company's download", () => {
    holder.__roWarmProfile = { companyId: 'demo-lender-in', token: 'token-of-ravi', body: Promise.resolve({ success: true, data: { from: 'warm.js' } }) };
    expect(warm.takeWarm('__roWarmProfile', null, own)).toBeNull();
    holder.__roWarmProfile = { companyId: 'demo-lender-in', token: 'token-of-asha', body: Promise.resolve({ success: true, data: { from: 'warm.js' } }) };
    expect(warm.takeWarm('__roWarmProfile', 'demo-trust-id', own)).toBeNull();
  });

  it("makes the app's own request when warm.js's download failed or was refused", async () => {
    holder.__roWarmProfile = { companyId: 'demo-lender-in', token: 'token-of-asha', body: Promise.resolve(null) };
    await expect(warm.takeWarm('__roWarmProfile', null, own)).resolves.toEqual({ from: 'own request' });
    holder.__roWarmProfile = { companyId: 'demo-lender-in', token: 'token-of-asha', body: Promise.resolve({ success: false, message: 'Session expired' }) };
    await expect(warm.takeWarm('__roWarmProfile', 'demo-lender-in', own)).resolves.toEqual({ from: 'own request' });
  });
});

describe('warmSettled', () => {
  it('answers data already in, once, for this session and company; a later takeWarm asks the server', () => {
    holder.__roWarmProfile = { companyId: 'demo-lender-in', token: 'token-of-ravi', body: Promise.resolve(null), settled: { success: true, data: { from: 'warm.js' } } };
    expect(warm.warmSettled('__roWarmProfile', null)).toBeUndefined();
    holder.__roWarmProfile = { companyId: 'demo-lender-in', token: 'token-of-asha', body: Promise.resolve(null), settled: { success: true, data: { from: 'warm.js' } } };
    expect(warm.warmSettled('__roWarmProfile', 'demo-trust-id')).toBeUndefined();
    expect(warm.warmSettled('__roWarmProfile', 'demo-lender-in')).toEqual({ from: 'warm.js' });
    expect(warm.warmSettled('__roWarmProfile', 'demo-lender-in')).toBeUndefined();
    expect(warm.takeWarm('__roWarmProfile', null, own)).toBeNull();
  });

  it('leaves a download still on its way, or one that failed, to takeWarm (its own request reports the error)', async () => {
    holder.__roWarmProfile = { companyId: 'demo-lender-in', token: 'token-of-asha', body: Promise.resolve({ success: true, data: { from: 'warm.js' } }) };
    expect(warm.warmSettled('__roWarmProfile', null)).toBeUndefined();
    await expect(warm.takeWarm('__roWarmProfile', null, own)).resolves.toEqual({ from: 'warm.js' });
    holder.__roWarmProfile = { companyId: 'demo-lender-in', token: 'token-of-asha', body: Promise.resolve({ success: false }), settled: { success: false, message: 'Session expired' } };
    expect(warm.warmSettled('__roWarmProfile', null)).toBeUndefined();
    await expect(warm.takeWarm('__roWarmProfile', null, own)).resolves.toEqual({ from: 'own request' });
  });
});
