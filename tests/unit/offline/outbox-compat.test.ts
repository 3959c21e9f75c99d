/**
 * Items a phone queued under the previous app version (issue 11: the outbox now builds requests
 * from endpoint definitions) still drain after an update, going by their kind alone.
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { fieldDb } from '../../../src/offline/db';
import { clearFieldDb } from './field-db-fixture';
import type { OutboxFile, OutboxItem } from '../../../src/offline/db';
import { drainOutbox } from '../../../src/offline/queue';
import { enqueue, outboxItems } from '../../../src/offline/outbox';
import { saveOfflineSession } from '../../../src/offline/session';
import { RECEIPT, SESSION, fakeServer, queueVisit, visitBody } from './outbox-fixture';

beforeEach(async () => {
  await clearFieldDb();
  await saveOfflineSession(SESSION);
});

describe('items queued by the previous app version', () => {
  /** An item as versions before issue 11 stored it: the request spelled out in method, path and json_field. */
  function oldItem(kind: string, path: string, jsonField: string | null, body: unknown, files: OutboxFile[] = []) {
    return {
      idempotency_key: crypto.randomUUID(),
      user_id: SESSION.user_id,
      company_id: SESSION.company_id,
      kind,
      method: 'POST',
      path,
      json_field: jsonField,
      body,
      files,
      loan_id: null,
      summary: `old ${kind}`,
      created_at: new Date().toISOString(),
      attempts: 0,
      next_attempt_at: Date.now(),
      status: 'pending',
      last_error: null,
      last_status: null,
    };
  }
  /** Stores items the way the old version's Dexie code did, below this version's types. */
  async function storeOld(...items: ReturnType<typeof oldItem>[]) {
    const db = await fieldDb();
    for (const item of items) await db.add('outbox', item as unknown as OutboxItem);
  }
  const photo = (field: string, name: string): OutboxFile => ({ field, name, type: 'image/jpeg', blob: new Blob([new Uint8Array(1_000)], { type: 'image/jpeg' }) });

  it('sends each old item to the endpoint of its kind, built from the definition', async () => {
    const deposit = { receipt_numbers: ['FE1-000001'], bank_name: 'SBI', branch: '', deposit_reference: '', deposited_at: '2026-11-05T09:00:00.000Z', amount: 500 };
    const ping = { latitude: 19.99, longitude: 73.78, accuracy_m: 12, recorded_at: '2026-11-05T04:30:00.000Z', battery: 80, source: 'timer' };
    await storeOld(
      oldItem('visit', '/api/fos/visits', 'visit', visitBody('L-old'), [photo('photos', 'door.jpg')]),
      oldItem('receipt', '/api/fos/receipts', null, RECEIPT),
      oldItem('deposit', '/api/fos/deposits', 'deposit', deposit, [photo('slip', 'slip.jpg')]),
      oldItem('document', '/api/document/uploads', null, { loan_id: 'L-old', allocation_month: '2026-11', document_type: 'kyc', description: '' }, [photo('file', 'pan.jpg')]),
      oldItem('ping', '/api/fos/tracking/pings', null, ping),
    );
    const server = fakeServer();
    expect(await drainOutbox({ fetchImpl: server.fetchImpl })).toEqual({ sent: 5, failed: 0, remaining: 0 });
    const [visit, receipt, slip, document, pings] = server.requests;
    expect(server.requests.map((q) => q.url)).toEqual(['/api/fos/visits', '/api/fos/receipts', '/api/fos/deposits', '/api/document/uploads', '/api/fos/tracking/pings']);
    expect(JSON.parse((visit.body as FormData).get('visit') as string)).toEqual(visitBody('L-old'));
    expect(((visit.body as FormData).get('photos') as File).name).toBe('door.jpg');
    expect(JSON.parse(receipt.body as string)).toEqual(RECEIPT);
    expect(JSON.parse((slip.body as FormData).get('deposit') as string)).toEqual(deposit);
    expect(((slip.body as FormData).get('slip') as File).name).toBe('slip.jpg');
    expect((document.body as FormData).get('document_type')).toBe('kyc');
    expect(((document.body as FormData).get('file') as File).name).toBe('pan.jpg');
    expect(JSON.parse(pings.body as string)).toEqual({ pings: [ping] });
    expect(await (await fieldDb()).count('outbox')).toBe(0);
  });

  it('goes by the kind alone: a stored path or JSON field is not what is sent', async () => {
    await storeOld(oldItem('visit', '/api/v0/visits', 'visit_json', visitBody('L-old')));
    const server = fakeServer();
    await drainOutbox({ fetchImpl: server.fetchImpl });
    expect(server.requests[0].url).toBe('/api/fos/visits');
    const form = server.requests[0].body as FormData;
    expect(form.has('visit_json')).toBe(false);
    expect(JSON.parse(form.get('visit') as string)).toMatchObject({ loan_id: 'L-old' });
  });

  it('keeps an item of a kind this version cannot send as failed, and sends the rest', async () => {
    await storeOld(oldItem('selfie', '/api/fos/selfies', null, {}), oldItem('receipt', '/api/fos/receipts', null, RECEIPT));
    const server = fakeServer();
    expect(await drainOutbox({ fetchImpl: server.fetchImpl })).toEqual({ sent: 1, failed: 1, remaining: 0 });
    expect(server.requests.map((q) => q.url)).toEqual(['/api/fos/receipts']);
    const [kept] = await (await fieldDb()).getAll('outbox');
    expect(kept).toMatchObject({ status: 'failed', last_status: null });
    expect(kept.last_error).toMatch(/cannot send/);
  });

  it('new items still carry the old request fields, for a worker of the previous version', async () => {
    await queueVisit('a');
    await enqueue('receipt', { body: RECEIPT, loanId: 'L-b', summary: 'Receipt' });
    const [visit, receipt] = await outboxItems(SESSION.user_id, SESSION.company_id);
    expect(visit).toMatchObject({ kind: 'visit', method: 'POST', path: '/api/fos/visits', json_field: 'visit' });
    expect(visit.files[0].field).toBe('photos');
    expect(receipt).toMatchObject({ kind: 'receipt', method: 'POST', path: '/api/fos/receipts', json_field: null });
  });
});
