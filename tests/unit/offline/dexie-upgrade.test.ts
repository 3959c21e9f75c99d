/**
 * Issue 18: the field app moved from Dexie to `idb`. A phone updated from the Dexie version keeps
 * its database: the outbox it queued is read and sent, the allocation and the session stay, and
 * writes are announced to the other contexts (pages, the service worker) as Dexie's live queries
 * noticed them.
 */
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { cachedAllocation } from '../../../src/offline/allocation-cache';
import { FIELD_CHANGE_CHANNEL, FIELD_DB_NAME, FIELD_DB_VERSION, fieldDb, onFieldChange, setMeta } from '../../../src/offline/db';
import { outboxItems } from '../../../src/offline/outbox';
import { drainOutbox } from '../../../src/offline/queue';
import { loadOfflineSession } from '../../../src/offline/session';
import { SESSION, fakeServer, visitBody } from './outbox-fixture';

/** The database exactly as the Dexie version declared it (src/offline/db.ts before issue 18). */
function dexieVersionDb() {
  const db = new Dexie(FIELD_DB_NAME);
  db.version(1).stores({
    allocation: '[company_id+loan_id], user_id',
    outbox: '++id, status, created_at, [user_id+company_id], [user_id+company_id+status], loan_id',
    meta: 'key',
  });
  return db;
}

describe('a phone updated from the Dexie version', () => {
  it('opens the same database at Dexie’s version, with the same indexes, and sends what it queued', async () => {
    const old = dexieVersionDb();
    await old.table('meta').put({ key: 'session', value: SESSION });
    await old.table('allocation').put({ company_id: SESSION.company_id, loan_id: 'L-1', user_id: SESSION.user_id, priority: 1, borrower_name: 'Ramesh Kumar' });
    await old.table('meta').put({ key: `executive:${SESSION.company_id}`, value: { user_id: SESSION.user_id, name: 'Field One', executive_code: 'FE0012' } });
    const base = { user_id: SESSION.user_id, company_id: SESSION.company_id, files: [], loan_id: 'L-1', attempts: 0, next_attempt_at: 0, status: 'pending', last_error: null, last_status: null, created_at: new Date().toISOString() };
    await old.table('outbox').bulkAdd([
      { ...base, idempotency_key: 'k-1', kind: 'visit', body: visitBody('L-1'), summary: 'Visit · one' },
      { ...base, idempotency_key: 'k-2', kind: 'visit', body: visitBody('L-1'), summary: 'Visit · two' },
    ]);
    const dexieVersion = old.verno;
    old.close();

    const db = await fieldDb();
    expect(db.version).toBe(FIELD_DB_VERSION);
    expect(dexieVersion * 10).toBe(FIELD_DB_VERSION);
    expect([...db.objectStoreNames].sort()).toEqual(['allocation', 'meta', 'outbox']);
    expect([...db.transaction('outbox').store.indexNames].sort()).toEqual(['[user_id+company_id+status]', '[user_id+company_id]', 'created_at', 'loan_id', 'status']);
    expect(await loadOfflineSession()).toEqual(SESSION);
    expect((await cachedAllocation(SESSION.user_id, SESSION.company_id)).loans.map((l) => l.loan_id)).toEqual(['L-1']);
    expect((await outboxItems(SESSION.user_id, SESSION.company_id)).map((i) => i.summary)).toEqual(['Visit · one', 'Visit · two']);

    const server = fakeServer();
    expect(await drainOutbox({ fetchImpl: server.fetchImpl })).toEqual({ sent: 2, failed: 0, remaining: 0 });
    expect(server.requests.map((r) => r.headers['idempotency-key'])).toEqual(['k-1', 'k-2']);
  });
});

describe('change notification', () => {
  it('tells this page’s readers and the other contexts which stores a committed write changed', async () => {
    const heard: string[][] = [];
    const off = onFieldChange((stores) => heard.push([...stores]));
    const other = new BroadcastChannel(FIELD_CHANGE_CHANNEL);
    const broadcast = new Promise<unknown>((resolve) => other.addEventListener('message', (e) => resolve(e.data), { once: true }));
    await setMeta('last_sync_at', '2026-11-24T10:00:00.000Z');
    expect(heard).toEqual([['meta']]);
    expect(await broadcast).toEqual({ stores: ['meta'] });
    off();
    other.close();
  });
});
