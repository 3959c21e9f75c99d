/** Device storage checks behind the field app's "storage nearly full" warning (issue 4). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestPersistentStorage, storageStatus } from '../../../src/offline/storage';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('storage', () => {
  it('warns above 85 % of the quota, not at or below it', async () => {
    vi.stubGlobal('navigator', { storage: { estimate: async () => ({ usage: 86, quota: 100 }) } });
    expect(await storageStatus()).toEqual({ usage: 86, quota: 100, nearlyFull: true });
    vi.stubGlobal('navigator', { storage: { estimate: async () => ({ usage: 85, quota: 100 }) } });
    expect((await storageStatus()).nearlyFull).toBe(false);
  });

  it('reports nothing rather than failing where the browser does not tell', async () => {
    vi.stubGlobal('navigator', {});
    expect(await storageStatus()).toEqual({ usage: 0, quota: 0, nearlyFull: false });
    expect(await requestPersistentStorage()).toBe(false);
  });

  it('asks for persistent storage only when not already persisted', async () => {
    const persist = vi.fn(async () => true);
    vi.stubGlobal('navigator', { storage: { persisted: async () => false, persist } });
    expect(await requestPersistentStorage()).toBe(true);
    expect(persist).toHaveBeenCalledOnce();
    const again = vi.fn(async () => true);
    vi.stubGlobal('navigator', { storage: { persisted: async () => true, persist: again } });
    expect(await requestPersistentStorage()).toBe(true);
    expect(again).not.toHaveBeenCalled();
  });
});
