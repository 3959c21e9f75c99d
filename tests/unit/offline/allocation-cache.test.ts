/** The allocation copy the executive plans the day from when offline (issue 4 "Offline behaviour"). */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AllocatedLoan, AllocationResponse } from '../../../src/domain/contracts/field/visits';
import { cachedAllocation, cachedLoan, refreshAllocation } from '../../../src/offline/allocation-cache';
import { clearFieldDb } from './field-db-fixture';

function loan(loan_id: string, priority: number): AllocatedLoan {
  return {
    loan_id,
    allocation_month: '2026-11',
    applicant_name: `Borrower ${loan_id}`,
    applicant_contact_number: '9800000000',
    address: '12 MG Road',
    city: 'Pune',
    state: 'Maharashtra',
    pincode: '411001',
    latitude: 18.52,
    longitude: 73.85,
    total_dues: 12_500.5,
    total_dues_minor: 1_250_050,
    expected_emi: 2_500,
    expected_emi_minor: 250_000,
    dpd: 45,
    bucket: '31-60',
    priority,
    last_disposition: null,
    last_visit_at: null,
    next_visit_date: null,
  };
}

function response(loans: AllocatedLoan[], userId = 'u-fos'): AllocationResponse {
  return { executive: { user_id: userId, name: 'Field Exec', executive_code: 'FE0012' }, currency: 'INR', loans, synced_at: '2026-11-22T06:00:00.000Z' };
}

beforeEach(async () => {
  await clearFieldDb();
});

describe('allocation cache', () => {
  it('is empty before the first sync', async () => {
    expect(await cachedAllocation('u-fos', 'c1')).toEqual({ loans: [], executive: null, syncedAt: null, currency: null });
  });

  it('replaces the executive rows of the company and orders them by priority', async () => {
    await refreshAllocation(async () => response([loan('L3', 3), loan('L1', 1), loan('L2', 1)]), 'c1');
    await refreshAllocation(async () => response([loan('L9', 2), loan('L1', 1)]), 'c1');
    await refreshAllocation(async () => response([loan('X1', 1)]), 'c2');
    const c1 = await cachedAllocation('u-fos', 'c1');
    expect(c1.loans.map((l) => l.loan_id)).toEqual(['L1', 'L9']);
    expect(c1.loans[0]).not.toHaveProperty('company_id');
    expect(c1).toMatchObject({ executive: { executive_code: 'FE0012' }, syncedAt: '2026-11-22T06:00:00.000Z', currency: 'INR' });
    expect((await cachedAllocation('u-fos', 'c2')).loans.map((l) => l.loan_id)).toEqual(['X1']);
    expect((await cachedAllocation('someone-else', 'c1')).loans).toEqual([]);
  });

  it('keeps the previous copy when the fetch fails offline', async () => {
    await refreshAllocation(async () => response([loan('L1', 1)]), 'c1');
    await expect(refreshAllocation(async () => Promise.reject(new TypeError('Failed to fetch')), 'c1')).rejects.toThrow('Failed to fetch');
    expect((await cachedAllocation('u-fos', 'c1')).loans.map((l) => l.loan_id)).toEqual(['L1']);
  });

  it('answers a download before its rows are written, and a page opened later reads the same rows from IndexedDB', async () => {
    const written = refreshAllocation(async () => response([loan('L2', 2), loan('L1', 1)]), 'c1');
    // The download is read back from memory as soon as it arrived (issue 18: the day list does not
    // wait for 40 rows to be written and read back); the write finishes behind it.
    await vi.waitFor(async () => expect((await cachedAllocation('u-fos', 'c1')).loans.map((l) => l.loan_id)).toEqual(['L1', 'L2']));
    expect(await cachedLoan('u-fos', 'c1', 'L2')).toMatchObject({ loan_id: 'L2', priority: 2 });
    expect(await cachedLoan('someone-else', 'c1', 'L2')).toBeNull();
    await written;
    // Another page (a fresh module instance: no download in memory) reads what was stored.
    vi.resetModules();
    const later = await import('../../../src/offline/allocation-cache');
    expect(later.downloadedAllocation('u-fos', 'c1')).toBeUndefined();
    expect((await later.cachedAllocation('u-fos', 'c1')).loans.map((l) => l.loan_id)).toEqual(['L1', 'L2']);
    expect(await later.cachedLoan('u-fos', 'c1', 'L2')).toMatchObject({ loan_id: 'L2', address: '12 MG Road' });
  });

  it('goes back to IndexedDB when another page or the service worker writes the allocation', async () => {
    await refreshAllocation(async () => response([loan('L1', 1)]), 'c1');
    vi.resetModules();
    const otherTab = await import('../../../src/offline/allocation-cache');
    await otherTab.refreshAllocation(async () => response([loan('L7', 1), loan('L8', 3)]), 'c1');
    // The other context's write arrives over the BroadcastChannel; this page's copy is then stale.
    await vi.waitFor(async () => expect((await cachedAllocation('u-fos', 'c1')).loans.map((l) => l.loan_id)).toEqual(['L7', 'L8']));
  });
});
