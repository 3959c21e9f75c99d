/**
 * The shell's reads kept for a reload offline (issue 12 "the shell must come from the cached
 * profile"): the profile and permissions of the signed-in session come back into a fresh query
 * client, stale (so they are fetched again online), never for another session, and the token
 * itself is not copied into the cache.
 */
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type * as ShellCacheModule from '../../../src/web/lib/shell-cache';
import type * as StoreModule from '../../../src/web/lib/store';

const memory = new Map<string, string>();
const storage = {
  getItem: (k: string) => memory.get(k) ?? null,
  setItem: (k: string, v: string) => void memory.set(k, String(v)),
  removeItem: (k: string) => void memory.delete(k),
  clear: () => memory.clear(),
};

type ShellCache = typeof ShellCacheModule;
type Store = typeof StoreModule;
let shell: ShellCache;
let store: Store;

beforeAll(async () => {
  Object.assign(globalThis, { localStorage: storage, sessionStorage: storage });
  shell = await import('../../../src/web/lib/shell-cache');
  store = await import('../../../src/web/lib/store');
});
beforeEach(() => {
  memory.clear();
  store.session.uat = 'token-of-asha';
});

const PROFILE = ['user.profile.details', 'token-of-asha'];
const PERMISSIONS = ['user.permissions.mine', null, { company_id: 'demo-lender-in', simplified: 'true' }];
const profile = { user_id: 'u-1', name: 'Asha', profession: 'field executive', assigned_companies_dict: { a: { company_id: 'demo-lender-in', company_name: 'Demo Lender' } } };

describe('keepShellReads', () => {
  it("restores the session's profile and permissions into a fresh client, stale, without copying the token", () => {
    const first = new QueryClient();
    shell.keepShellReads(first);
    first.setQueryData(PROFILE, profile);
    first.setQueryData(PERMISSIONS, { profile_details: { permissions: { fos: { visits: { read: true } } } } });
    first.setQueryData(['portfolio.loans.list', null, null], { loans: [1, 2, 3] });
    const raw = memory.get(shell.SHELL_CACHE_KEY) ?? '';
    expect(raw).toContain('Demo Lender');
    expect(raw).not.toContain('token-of-asha');
    expect(raw).not.toContain('portfolio.loans.list');

    const reloaded = new QueryClient();
    shell.keepShellReads(reloaded);
    expect(reloaded.getQueryData(PROFILE)).toEqual(profile);
    expect(reloaded.getQueryData(PERMISSIONS)).toMatchObject({ profile_details: { permissions: { fos: { visits: { read: true } } } } });
    expect(reloaded.getQueryState(PROFILE)?.dataUpdatedAt).toBe(1);
    expect(reloaded.getQueryData(['portfolio.loans.list', null, null])).toBeUndefined();
  });

  it('keeps the profile sign-in set before the token was stored, once the shell watches it', () => {
    store.session.uat = null;
    const client = new QueryClient();
    shell.keepShellReads(client);
    client.setQueryData(PROFILE, profile);
    expect(memory.get(shell.SHELL_CACHE_KEY)).toBeUndefined();
    store.session.uat = 'token-of-asha';
    const unsubscribe = new QueryObserver(client, { queryKey: PROFILE, enabled: false }).subscribe(() => undefined);
    unsubscribe();
    const reloaded = new QueryClient();
    shell.keepShellReads(reloaded);
    expect(reloaded.getQueryData(PROFILE)).toEqual(profile);
  });

  it('gives nothing to another session, and sign-out clears it', () => {
    const first = new QueryClient();
    shell.keepShellReads(first);
    first.setQueryData(PROFILE, profile);

    store.session.uat = 'token-of-someone-else';
    const other = new QueryClient();
    shell.keepShellReads(other);
    expect(other.getQueryData(['user.profile.details', 'token-of-someone-else'])).toBeUndefined();
    expect(other.getQueryData(PROFILE)).toBeUndefined();

    store.session.uat = 'token-of-asha';
    store.clearSession();
    store.session.uat = 'token-of-asha';
    const after = new QueryClient();
    shell.keepShellReads(after);
    expect(after.getQueryData(PROFILE)).toBeUndefined();
  });
});
