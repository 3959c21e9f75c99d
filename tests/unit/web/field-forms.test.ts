/** The field app's day plan, visit and receipt forms, and the receipt text (issue 4). */
import { describe, expect, it } from 'vitest';
import type { AllocatedLoan } from '../../../src/domain/contracts/field/visits';
import { receiptText, type ReceiptLabels } from '../../../src/web/features/field/receipts/receipt-text';
import { buildReceiptBody, buildVisitBody, EMPTY_DRAFT } from '../../../src/web/features/field/visits/visit-draft';
import { bodyMinor, formatWhen, minorOf, moneyMinor } from '../../../src/web/features/field/format';
import { hi } from 'date-fns/locale/hi';
import { id } from 'date-fns/locale/id';
import { addDateLocale } from '../../../src/web/features/field/date-locales';
import { formatDistance, navigateLink, planVisits, telLink } from '../../../src/web/features/field/visits/visit-plan';

const loan = (id: string, priority: number, lat: number | null, lng: number | null, dues = 1000): AllocatedLoan => ({
  loan_id: id,
  allocation_month: '2026-11',
  applicant_name: `Name ${id}`,
  applicant_contact_number: '98765 43210',
  address: '12 MG Road',
  city: 'Nashik',
  state: 'Maharashtra',
  pincode: '422001',
  latitude: lat,
  longitude: lng,
  total_dues: dues,
  total_dues_minor: dues * 100,
  expected_emi: null,
  expected_emi_minor: null,
  dpd: 40,
  bucket: 'B2',
  priority,
  last_disposition: null,
  last_visit_at: null,
  next_visit_date: null,
});

describe('planVisits', () => {
  const here = { lat: 20.0, lng: 73.78 };

  it('puts the most urgent first, then the nearest, and loans without a location last in their priority', () => {
    const plan = planVisits([loan('far-p1', 1, 20.2, 73.78), loan('p2', 2, 20.0, 73.781), loan('near-p1', 1, 20.01, 73.78), loan('nowhere-p1', 1, null, null)], here);
    expect(plan.map((p) => p.loan.loan_id)).toEqual(['near-p1', 'far-p1', 'nowhere-p1', 'p2']);
    expect(Math.round(plan[0].distanceM!)).toBeGreaterThan(1000);
    expect(plan[2].distanceM).toBeNull();
  });

  it('without a position orders by priority, then the largest dues', () => {
    const plan = planVisits([loan('small', 1, 20, 73, 100), loan('big', 1, 20, 73, 5000), loan('p3', 3, 20, 73, 9000)], null);
    expect(plan.map((p) => p.loan.loan_id)).toEqual(['big', 'small', 'p3']);
    expect(plan.every((p) => p.distanceM === null)).toBe(true);
  });
});

describe('card links', () => {
  it('calls the number without spaces and navigates to the coordinates or else the address', () => {
    expect(telLink('98765 43210')).toBe('tel:9876543210');
    expect(telLink(null)).toBeNull();
    expect(navigateLink(loan('a', 1, 19.99, 73.79))).toBe('https://www.google.com/maps/dir/?api=1&destination=19.99,73.79');
    expect(navigateLink(loan('b', 1, null, null))).toBe('https://www.google.com/maps/dir/?api=1&destination=12%20MG%20Road%2C%20Nashik%2C%20422001');
  });

  it('shows distances in metres near and kilometres far', () => {
    expect(formatDistance(843)).toBe('840 m');
    expect(formatDistance(3420)).toBe('3.4 km');
    expect(formatDistance(27_400)).toBe('27 km');
  });
});

describe('buildVisitBody', () => {
  const ctx = { loanId: 'L1', allocationMonth: '2026-11', checkIn: { latitude: 19.99, longitude: 73.79, accuracyM: 12, at: '2026-11-22T05:00:00.000Z' }, now: new Date('2026-11-22T05:01:00Z'), today: '2026-11-22' };

  it('asks for who was met, the disposition and the fields the disposition needs', () => {
    expect(buildVisitBody(EMPTY_DRAFT, ctx).errors).toEqual({ person_met: 'required', disposition: 'required' });
    expect(buildVisitBody({ ...EMPTY_DRAFT, person_met: 'Borrower', disposition: 'Promise to Pay' }, ctx).errors).toEqual({ ptp_date: 'required', ptp_amount: 'required' });
  });

  it('refuses amounts with more than 2 decimals, past promise dates and markup in remarks (spec 5)', () => {
    const draft = { ...EMPTY_DRAFT, person_met: 'Borrower', disposition: 'Promise to Pay', ptp_date: '2026-11-21', ptp_amount: '10.555', remarks: 'see <b>this</b>' };
    expect(buildVisitBody(draft, ctx).errors).toEqual({ ptp_date: 'past_date', ptp_amount: 'amount', remarks: 'markup' });
  });

  it('builds the wire body with the check-in and only the fields the disposition shows', () => {
    const draft = { ...EMPTY_DRAFT, person_met: 'Borrower', disposition: 'Promise to Pay', ptp_date: '2026-11-25', ptp_amount: '1500', amount_collected: '99', remarks: ' will pay on salary day ' };
    const { body } = buildVisitBody(draft, ctx);
    expect(body).toMatchObject({ loan_id: 'L1', latitude: 19.99, accuracy_m: 12, checked_in_at: '2026-11-22T05:00:00.000Z', ptp_date: '2026-11-25', ptp_amount: 1500, amount_collected: null, remarks: 'will pay on salary day' });
  });

  it('saves without a GPS fix: no position, checked in when saved', () => {
    const { body } = buildVisitBody({ ...EMPTY_DRAFT, person_met: 'No one', disposition: 'Door Locked' }, { ...ctx, checkIn: null });
    expect(body).toMatchObject({ latitude: null, longitude: null, accuracy_m: null, checked_in_at: '2026-11-22T05:01:00.000Z' });
  });
});

describe('buildReceiptBody', () => {
  const ctx = { receiptNumber: 'FE0001-000007', loanId: 'L1', allocationMonth: '2026-11', collectedAt: '2026-11-22T05:00:00.000Z', latitude: null, longitude: null };

  it('needs the cheque number and bank for a cheque, not for cash', () => {
    expect(buildReceiptBody({ payment_mode: 'cheque', amount: '500', instrument_number: '', bank_name: '', payer_name: 'Ravi' }, ctx).errors).toEqual({ instrument_number: 'required', bank_name: 'required' });
    const { body } = buildReceiptBody({ payment_mode: 'cash', amount: '500.5', instrument_number: 'ignored', bank_name: 'ignored', payer_name: 'Ravi' }, ctx);
    expect(body).toMatchObject({ receipt_number: 'FE0001-000007', amount: 500.5, amount_minor: 50_050, payment_mode: 'cash', instrument_number: null, bank_name: null, payer_name: 'Ravi' });
  });

  it('turns the typed amount into exact paise (no float: 1234.57 is 123457, not 123456)', () => {
    const { body } = buildReceiptBody({ payment_mode: 'cash', amount: '1234.57', instrument_number: '', bank_name: '', payer_name: 'Ravi' }, ctx);
    expect(body).toMatchObject({ amount_minor: 123_457, amount: 1234.57 });
  });

  it('refuses a zero amount or one with 3 decimals', () => {
    expect(buildReceiptBody({ payment_mode: 'upi', amount: '0', instrument_number: 'UTR1', bank_name: '', payer_name: 'Ravi' }, ctx).errors).toEqual({ amount: 'amount' });
    expect(buildReceiptBody({ payment_mode: 'upi', amount: '1.234', instrument_number: 'UTR1', bank_name: '', payer_name: 'Ravi' }, ctx).errors).toEqual({ amount: 'amount' });
  });
});

describe('receiptText', () => {
  it('writes one line per filled field with the amount in the allocation currency', () => {
    const labels: ReceiptLabels = {
      title: 'Payment receipt', receiptNumber: 'Receipt no.', loan: 'Loan', borrower: 'Borrower', amount: 'Amount', mode: 'Payment mode', instrument: 'Instrument',
      bank: 'Bank', payer: 'Paid by', date: 'Date', collectedBy: 'Collected by', modeName: (m) => (m === 'cash' ? 'Cash' : m),
    };
    const text = receiptText(
      { receipt_number: 'FE0001-000007', loan_id: 'L1', amount: 123456.5, payment_mode: 'cash', instrument_number: null, bank_name: null, payer_name: 'Ravi', collected_at: '2026-11-22T05:00:00.000Z', applicant_name: 'Ravi Kumar', executive_name: 'Ganesh', company_name: 'Sahyadri Finance', currency: 'INR' },
      labels,
    );
    expect(text.split('\n')[0]).toBe('Sahyadri Finance · Payment receipt');
    expect(text).toContain('Receipt no.: FE0001-000007');
    expect(text).toContain('Amount: Rs 1,23,456.50');
    expect(text).not.toContain('Bank:');
  });
});

describe('field money display (issue 11: one formatter, minor units)', () => {
  it('formats paise as Rs with Indian grouping and sen as Rp with thousands, — when unknown', () => {
    expect(moneyMinor(12_345_650, 'INR')).toBe('Rs 1,23,456.50');
    expect(moneyMinor(123_456_700, 'IDR')).toBe('Rp 1,234,567');
    expect(moneyMinor(30, null)).toBe('Rs 0.30');
    expect(moneyMinor(null, 'INR')).toBe('—');
  });

  it('reads the _minor field, else the legacy major field of an item an older app version queued', () => {
    expect(bodyMinor({ amount: 1234.57, amount_minor: 123_457 })).toBe(123_457);
    expect(bodyMinor({ amount: 1234.57 })).toBe(123_457);
    expect(bodyMinor({ amount: 0.1 })).toBe(10);
    expect(minorOf(null, 12_500.5)).toBe(1_250_050);
    expect(minorOf(undefined, null)).toBeNull();
  });

  it('prints a receipt queued with amount_minor only', () => {
    const labels = { title: 'Receipt', receiptNumber: 'No', loan: 'Loan', borrower: 'B', amount: 'Amount', mode: 'Mode', instrument: 'I', bank: 'Bank', payer: 'P', date: 'D', collectedBy: 'C', modeName: (m: string) => m };
    const text = receiptText({ receipt_number: 'FE0001-000008', loan_id: 'L1', amount_minor: 1_000_010, payment_mode: 'cash', instrument_number: null, bank_name: null, payer_name: 'Ravi', collected_at: '2026-11-22T05:00:00.000Z', applicant_name: null, executive_name: null, company_name: null, currency: 'INR' }, labels);
    expect(text).toContain('Amount: Rs 10,000.10');
  });
});

describe('formatWhen (the field screens\' times, date-fns: no Intl on the day list, issue 18)', () => {
  const now = new Date(2026, 11, 7, 18, 0);
  const today = new Date(2026, 11, 7, 14, 5).toISOString();
  const earlier = new Date(2026, 10, 2, 9, 5).toISOString();

  it('shows the time today and the date and time before, in the UI language once its texts loaded it', () => {
    expect(formatWhen(today, 'en', now)).toBe('2:05 PM');
    expect(formatWhen(earlier, 'en', now)).toBe('Nov 2, 2026, 9:05 AM');
    expect(formatWhen(today, 'en-XB', now)).toBe('2:05 PM');
    addDateLocale('hi', hi);
    addDateLocale('id', id);
    expect(formatWhen(today, 'id', now)).toBe('14.05');
    expect(formatWhen(earlier, 'id', now)).toBe('2 Nov 2026, 09.05');
    expect(formatWhen(today, 'hi', now)).toBe('2:05 अपराह्न');
    expect(formatWhen(null, 'en', now)).toBe('—');
  });
});
