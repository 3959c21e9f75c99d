/** Receipt numbers made on the phone (issue 4 "Receipt": executive code + sequence, unique without the network). */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { META_KEYS, closeFieldDb, setMeta } from '../../../src/offline/db';
import { clearFieldDb } from './field-db-fixture';
import { alignReceiptSequence, nextReceiptNumber } from '../../../src/offline/outbox';
import { saveOfflineSession } from '../../../src/offline/session';
import { SESSION } from './outbox-fixture';

beforeEach(async () => {
  await clearFieldDb();
  await saveOfflineSession(SESSION);
});

describe('nextReceiptNumber', () => {
  it('increases per executive, never repeats under concurrency and survives reopening the database', async () => {
    expect(await nextReceiptNumber('demo-lender-in', 'FE0012')).toBe('FE0012-000001');
    expect(await nextReceiptNumber('demo-lender-in', 'FE0012')).toBe('FE0012-000002');
    expect(await nextReceiptNumber('demo-lender-in', 'FE0099')).toBe('FE0099-000001');
    const burst = await Promise.all(Array.from({ length: 5 }, () => nextReceiptNumber('demo-lender-in', 'FE0012')));
    expect(new Set(burst).size).toBe(5);
    await closeFieldDb();
    expect(await nextReceiptNumber('demo-lender-in', 'FE0012')).toBe('FE0012-000008');
  });
});

describe('alignReceiptSequence', () => {
  it("raises the phone's sequence to the server's highest number of this executive, never lowers it", async () => {
    // Before the allocation was ever cached there is no executive: nothing changes.
    await alignReceiptSequence('demo-lender-in', ['FE0012-000040']);
    expect(await nextReceiptNumber('demo-lender-in', 'FE0012')).toBe('FE0012-000001');

    await setMeta(META_KEYS.executive('demo-lender-in'), { user_id: 'u-fos', name: 'Field Exec', executive_code: 'FE0012' });
    // A new phone: the server already holds number 40 of FE0012 (and a higher one of another executive).
    await alignReceiptSequence('demo-lender-in', ['FE0012-000007', 'FE0012-000040', 'FE0099-000500', 'not-a-number']);
    expect(await nextReceiptNumber('demo-lender-in', 'FE0012')).toBe('FE0012-000041');
    // Lower numbers on the server (receipts still queued here are ahead of it) leave the phone's sequence alone.
    await alignReceiptSequence('demo-lender-in', ['FE0012-000010']);
    expect(await nextReceiptNumber('demo-lender-in', 'FE0012')).toBe('FE0012-000042');
  });
});
