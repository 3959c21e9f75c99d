/** Visit verification screen logic (issue 5): the flags' reasons, the optimistic removal, the 'all' tab. */
import { describe, expect, it } from 'vitest';
import type { VerificationItem, VerificationQueue } from '../../../src/domain/contracts/field/verification';
import { flagReasons } from '../../../src/web/features/field/verification/flag-reasons';
import { mergeStatuses, withoutVisit } from '../../../src/web/features/field/verification/queue-model';

function item(id: string, over: Partial<VerificationItem['visit']> = {}, rest: Partial<Omit<VerificationItem, 'visit'>> = {}): VerificationItem {
  return {
    visit: {
      visit_id: id,
      loan_id: 'LN1',
      allocation_month: '2026-11',
      latitude: 19.99,
      longitude: 73.78,
      accuracy_m: 20,
      checked_in_at: '2026-11-20T10:00:00.000Z',
      person_met: 'Borrower',
      disposition: 'Promise to Pay',
      amount_collected: null,
      ptp_date: '2026-11-30',
      ptp_amount: 5000,
      ptp_amount_minor: 500_000,
      amount_collected_minor: null,
      callback_at: null,
      dispute_reason: null,
      new_address: null,
      remarks: '',
      next_visit_date: null,
      receipt_number: null,
      user_id: 'u1',
      executive_name: 'Ganesh Shinde',
      photo_urls: [],
      distance_m: 120,
      flags: [],
      verification_status: 'pending',
      verified_by: null,
      verified_by_name: null,
      verified_at: null,
      verification_reason: null,
      created_at: '2026-11-20T10:00:00.000Z',
      ...over,
    },
    executive: { user_id: 'u1', name: 'Ganesh Shinde', team: 'Field' },
    loan: { loan_id: 'LN1', allocation_month: '2026-11', applicant_name: 'A', address: null, city: null, pincode: null, latitude: 19.98, longitude: 73.77, total_dues_paise: 300_000 },
    receipt: null,
    ...rest,
  };
}

const queue = (items: VerificationItem[], total = items.length): VerificationQueue => ({ visits: items, total, page_number: 1, page_size: 20, receipt_deposit_days: 3 });

describe('flagReasons', () => {
  it('says how far the check-in was against the limit, and how poor the GPS was', () => {
    const reasons = flagReasons(item('v1', { flags: ['too_far', 'poor_accuracy'], distance_m: 6895, accuracy_m: 180 }), 'INR');
    expect(reasons).toEqual([
      { flag: 'too_far', key: 'verification.reason.too_far', values: { distance: '6.9 km', limit: '3.0 km' } },
      { flag: 'poor_accuracy', key: 'verification.reason.poor_accuracy', values: { accuracy: 180, limit: 100 } },
    ]);
  });

  it('compares the PTP with the dues in the company currency (visit amounts in rupees, dues in paise)', () => {
    const [reason] = flagReasons(item('v1', { flags: ['ptp_above_dues'], ptp_amount: 5000, ptp_amount_minor: 500_000 }), 'INR');
    expect(reason!.values).toEqual({ ptp: 'Rs 5,000', dues: 'Rs 3,000' });
    const [rupiah] = flagReasons(item('v1', { flags: ['ptp_above_dues'], ptp_amount: 5000, ptp_amount_minor: 500_000 }), 'IDR');
    expect(rupiah!.values).toEqual({ ptp: 'Rp 5,000', dues: 'Rp 3,000' });
  });

  it('ages an undeposited receipt in whole days from its collection', () => {
    const receipt = { receipt_number: 'EMPFOS-900002', amount_paise: 80_000, payment_mode: 'cash', collected_at: '2026-11-17T10:00:00.000Z', deposited: false };
    const [reason] = flagReasons(item('v1', { flags: ['receipt_not_deposited'] }, { receipt }), 'INR', 2, new Date('2026-11-20T09:00:00.000Z'));
    expect(reason).toEqual({ flag: 'receipt_not_deposited', key: 'verification.reason.receipt_not_deposited', values: { number: 'EMPFOS-900002', amount: 'Rs 800', days: 2, limit: 2 } });
    // The limit shown is the server's (RECEIPT_DEPOSIT_DAYS), not the default.
    const [strict] = flagReasons(item('v1', { flags: ['receipt_not_deposited'] }, { receipt }), 'INR', 1, new Date('2026-11-20T09:00:00.000Z'));
    expect(strict!.values.limit).toBe(1);
    const [unknown] = flagReasons(item('v1', { flags: ['receipt_not_deposited'] }), 'INR', 5);
    expect(unknown).toEqual({ flag: 'receipt_not_deposited', key: 'verification.reason.receipt_not_deposited_unknown', values: { days: 5 } });
  });

  it('falls back to the short reason when the figures are missing', () => {
    const reasons = flagReasons(item('v1', { flags: ['too_far', 'ptp_above_dues', 'receipt_not_deposited', 'no_location', 'no_photo'], distance_m: null, ptp_amount: null, ptp_amount_minor: null }), 'INR');
    expect(reasons.map((r) => r.key)).toEqual([
      'verification.reason.too_far_unknown',
      'verification.reason.ptp_above_dues_unknown',
      'verification.reason.receipt_not_deposited_unknown',
      'verification.reason.no_location',
      'verification.reason.no_photo',
    ]);
  });
});

describe('withoutVisit (optimistic removal)', () => {
  it('takes the decided visit out and counts one less', () => {
    const next = withoutVisit(queue([item('a'), item('b'), item('c')], 7), 'b');
    expect(next.visits.map((i) => i.visit.visit_id)).toEqual(['a', 'c']);
    expect(next.total).toBe(6);
  });

  it('leaves a page without that visit as it is', () => {
    const page = queue([item('a')], 3);
    expect(withoutVisit(page, 'zzz')).toBe(page);
  });
});

describe('mergeStatuses (the all tab)', () => {
  it('lists every status newest check-in first and pages the result', () => {
    const pending = queue([item('p1', { checked_in_at: '2026-11-18T10:00:00Z' }), item('p2', { checked_in_at: '2026-11-21T10:00:00Z' })]);
    const approved = queue([item('a1', { checked_in_at: '2026-11-20T10:00:00Z', verification_status: 'approved' })]);
    const rejected = queue([item('r1', { checked_in_at: '2026-11-19T10:00:00Z', verification_status: 'rejected' })]);
    const first = mergeStatuses([pending, approved, rejected], 1, 3);
    expect(first.visits.map((i) => i.visit.visit_id)).toEqual(['p2', 'a1', 'r1']);
    expect(first.total).toBe(4);
    expect(first.truncated).toBe(false);
    // The server's receipt limit travels with the merged page.
    expect(first.receipt_deposit_days).toBe(3);
    expect(mergeStatuses([pending, approved, rejected], 2, 3).visits.map((i) => i.visit.visit_id)).toEqual(['p1']);
  });

  it('says so when a status has more visits than were gathered', () => {
    expect(mergeStatuses([queue([item('p1')], 900)], 1, 20).truncated).toBe(true);
  });
});
