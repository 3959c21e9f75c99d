/**
 * Payment settings sections and billers (issue 15 "What the lender configures"; spec 3 payment
 * settings sections, spec 5 payment-setting text rule, spec 2 biller management): each section is
 * saved and read back per company with 'true'/'false' flags; a text starting or ending with a comma
 * or a period is refused with the spec's message; another company reads only its own defaults and
 * cannot touch the lender's billers; a user without payment settings is refused; a link created
 * without expiry/partial/purpose takes the company's payment_link_configurations.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AllSettingsSections, BillerRecord } from '../../src/domain/contracts/payments/settings-sections';
import type { LoansPage } from '../../src/domain/contracts/portfolio/loans';
import { SETTINGS_SECTION_NAMES, sectionDefaults, type SettingsSectionName } from '../../src/domain/payments/settings-sections';
import { settableClock } from '../../src/server/http/clock';
import { createTestApp, headers, LENDER, signIn, TRUST, type TestApp } from './helpers';

const SPECIAL = 'Special characters not allowed at the start or end.';
const clock = settableClock(new Date('2026-11-24T10:00:00+05:30'));
let t: TestApp;
let admin: Record<string, string>;
let trustAdmin: Record<string, string>;
let telecaller: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  admin = headers((await signIn(t.app, 'admin@demo.in')).token, LENDER);
  trustAdmin = headers((await signIn(t.app, 'admin@demo.id')).token, TRUST);
  telecaller = headers((await signIn(t.app, 'telecaller@demo.in')).token, LENDER);
}, 120_000);
afterAll(async () => t?.close());

const read = async (h = admin) => {
  const res = await t.app.inject({ url: '/api/payment/settings', headers: h });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as AllSettingsSections).sections;
};
const put = (section: string, payload: Record<string, unknown>, h = admin) => t.app.inject({ method: 'PUT', url: `/api/payment/settings/${section}`, headers: h, payload });
const addBiller = (payload: Record<string, unknown>, h = admin) => t.app.inject({ method: 'POST', url: '/api/payment/billers', headers: h, payload });

/** A value for each section other than its default, as a lender would save it. */
const SAVED: { [S in SettingsSectionName]: Record<string, string | number> } = {
  backend_charges: { is_active: 'true', charge_unit: 'percentage', charge_value: 175, borne_by: 'lender', description: 'Gateway MDR incl. GST' },
  payment_settings_charges: { is_active: 'true', charge_label: 'Convenience fee', charge_unit: 'amount', charge_value: 1500, borne_by: 'borrower' },
  billzy_payment_link: { is_active: 'true', biller_code: 'SAHY00001', link_title: 'Pay your EMI', support_contact: '1800 200 300' },
  payment_link_configurations: { default_expiry_days: 3, partial_payments_allowed: 'true', default_purpose: 'EMI collection' },
  recurring_configuration: { is_active: 'true', recurring_mode: 'enach', pg_vendor: 'cashfree', max_amount_minor: 5_000_000, debit_day: 10 },
  recurring_payments: { auto_present: 'false', max_attempts: 2, retry_gap_days: 5, pre_debit_notice: 'true' },
  upi_collect_configurations: { is_active: 'true', pg_vendor: 'easebuzz', merchant_vpa: 'sahyadri.collect@icici', merchant_name: 'Sahyadri Finance' },
  upi_collect_webhook_configurations: { is_active: 'true', callback_url: 'https://lender.example.in/upi/callback', notify_on_success: 'true', notify_on_failure: 'false' },
  upi_collect_configuration: { collect_expiry_minutes: 30, remarks: 'Loan EMI', verify_vpa_first: 'false' },
};

describe('payment settings sections', () => {
  it('read as their defaults, with string flags, before the lender saves them', async () => {
    const sections = await read(trustAdmin);
    expect(Object.keys(sections)).toEqual(SETTINGS_SECTION_NAMES);
    for (const s of SETTINGS_SECTION_NAMES) {
      expect(sections[s]).toMatchObject({ section: s, values: sectionDefaults(s), updated_at: null, updated_by: null });
    }
    expect(sections.backend_charges.values.is_active).toBe('false');
    expect(sections.recurring_configuration.values.recurring_mode).toBe('enach');
  });

  it('are each saved and read back (a biller first, for the Billzy link)', async () => {
    const biller = await addBiller({ name: 'Sahyadri Finance Loans', biller_code: 'SAHY00001', category: 'loan_repayment' });
    expect(biller.statusCode, biller.body).toBe(200);
    for (const s of SETTINGS_SECTION_NAMES) {
      const res = await put(s, SAVED[s]);
      expect(res.statusCode, `${s}: ${res.body}`).toBe(200);
      expect(res.json().data.values).toEqual(SAVED[s]);
    }
    const sections = await read();
    for (const s of SETTINGS_SECTION_NAMES) {
      expect(sections[s].values, s).toEqual(SAVED[s]);
      expect(sections[s].updated_at, s).toBe(clock.now().toISOString());
      expect(sections[s].updated_by, s).toBeTruthy();
    }
    // Saved again with other values: replaced, not added.
    expect((await put('recurring_payments', { ...SAVED.recurring_payments, auto_present: 'true' })).statusCode).toBe(200);
    expect((await read()).recurring_payments.values.auto_present).toBe('true');
  });

  it("refuse text starting or ending with a comma or a period with the spec's message, naming the field", async () => {
    for (const bad of [',Fee', '.Fee', 'Fee,', 'Fee.', ' Fee. ']) {
      const res = await put('payment_settings_charges', { ...SAVED.payment_settings_charges, charge_label: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: SPECIAL, data: { field: 'charge_label' } });
    }
    const res = await put('upi_collect_configuration', { ...SAVED.upi_collect_configuration, remarks: 'Loan EMI.' });
    expect(res.json().message).toBe(SPECIAL);
    // A comma inside is fine; the refused value was not stored.
    expect((await put('backend_charges', { ...SAVED.backend_charges, description: 'MDR, incl GST' })).statusCode).toBe(200);
    expect((await read()).upi_collect_configuration.values.remarks).toBe('Loan EMI');
  });

  it("take flags only as the strings 'true' and 'false', and check units and formats", async () => {
    for (const is_active of [true, 'yes', 1]) expect((await put('backend_charges', { ...SAVED.backend_charges, is_active })).statusCode).toBe(400);
    expect((await put('recurring_configuration', { ...SAVED.recurring_configuration, recurring_mode: 'cheque' })).statusCode).toBe(400);
    expect((await put('payment_settings_charges', { ...SAVED.payment_settings_charges, charge_value: 12.5 })).statusCode).toBe(400);
    const pct = await put('backend_charges', { ...SAVED.backend_charges, charge_value: 10_001 });
    expect(pct.json()).toMatchObject({ message: 'A percentage charge cannot exceed 100%', data: { field: 'charge_value' } });
    expect((await put('upi_collect_configurations', { ...SAVED.upi_collect_configurations, merchant_vpa: 'not a vpa' })).json().data).toEqual({ field: 'merchant_vpa' });
    expect((await put('upi_collect_webhook_configurations', { ...SAVED.upi_collect_webhook_configurations, callback_url: 'http://plain.example.in' })).statusCode).toBe(400);
    expect((await put('billzy_payment_link', { ...SAVED.billzy_payment_link, biller_code: 'NOSUCH01' })).json()).toMatchObject({ message: 'Biller not found' });
    expect((await put('payment_link_configurations', { default_expiry_days: 3 })).statusCode).toBe(400);
    expect((await read()).backend_charges.values.is_active).toBe('true');
  });

  it("are the company's own: another company reads its defaults and its saves leave the lender's alone", async () => {
    const trust = await read(trustAdmin);
    expect(trust.upi_collect_configurations.values.merchant_vpa).toBe('');
    expect((await put('upi_collect_configurations', { ...SAVED.upi_collect_configurations, merchant_vpa: 'trust@bni' }, trustAdmin)).statusCode).toBe(200);
    expect((await read()).upi_collect_configurations.values.merchant_vpa).toBe('sahyadri.collect@icici');
    expect((await read(trustAdmin)).upi_collect_configurations.values.merchant_vpa).toBe('trust@bni');
    // The trust cannot name the lender's biller for its Billzy link.
    expect((await put('billzy_payment_link', SAVED.billzy_payment_link, trustAdmin)).statusCode).toBe(404);
    // Naming the lender's company with the trust's session is refused.
    expect((await t.app.inject({ url: '/api/payment/settings', headers: { ...trustAdmin, 'x-company-id': LENDER } })).statusCode).toBe(403);
  });

  it('are refused to a user without payment settings', async () => {
    expect((await t.app.inject({ url: '/api/payment/settings', headers: telecaller })).statusCode).toBe(403);
    expect((await put('backend_charges', SAVED.backend_charges, telecaller)).statusCode).toBe(403);
    expect((await addBiller({ name: 'X Ltd', biller_code: 'XLTD01', category: 'other' }, telecaller)).statusCode).toBe(403);
  });

  it('give payment links their defaults (expiry, partial payments, purpose)', async () => {
    const gw = await t.app.inject({ method: 'PUT', url: '/api/payment/settings/payment_gateway', headers: admin, payload: { pg_vendor: 'cashfree', merchant_id: 'CF-L', api_key: 'cf-app', api_secret: 'cf-secret' } });
    expect(gw.statusCode, gw.body).toBe(200);
    const loan = ((await t.app.inject({ url: '/api/recovery/loans?page_size=1', headers: admin })).json().data as LoansPage).loans[0];
    const create = (payload: Record<string, unknown>, key: string) => t.app.inject({ method: 'POST', url: '/api/payment/links', headers: { ...admin, 'idempotency-key': key }, payload: { loan_id: loan.loan_id, amount_minor: 100000, pg_vendor: 'cashfree', ...payload } });
    const byDefault = await create({}, 'settings-default-link-1');
    expect(byDefault.statusCode, byDefault.body).toBe(200);
    expect(byDefault.json().data).toMatchObject({ partial: true, purpose: 'EMI collection', expires_at: new Date(clock.now().getTime() + 3 * 86_400_000).toISOString() });
    const stated = await create({ partial: false, purpose: 'Settlement', expiry_minutes: 60 }, 'settings-default-link-2');
    expect(stated.json().data).toMatchObject({ partial: false, purpose: 'Settlement', expires_at: new Date(clock.now().getTime() + 3_600_000).toISOString() });
  });
});

describe('billers', () => {
  it('are added, listed, edited and deactivated; codes are unique per company', async () => {
    const created = await addBiller({ name: 'Sahyadri Gold Loans', biller_code: 'SAHYGOLD1', category: 'loan_repayment' });
    expect(created.statusCode, created.body).toBe(200);
    const biller = created.json().data as BillerRecord;
    expect(biller).toMatchObject({ name: 'Sahyadri Gold Loans', biller_code: 'SAHYGOLD1', category: 'loan_repayment', is_active: 'true' });
    expect((await addBiller({ name: 'Copy', biller_code: 'SAHYGOLD1', category: 'other' })).statusCode).toBe(409);
    // Another company may use the same code.
    expect((await addBiller({ name: 'Trust Gold', biller_code: 'SAHYGOLD1', category: 'other' }, trustAdmin)).statusCode).toBe(200);

    const url = `/api/payment/billers/${biller.biller_id}`;
    const edited = await t.app.inject({ method: 'PUT', url, headers: admin, payload: { name: 'Sahyadri Gold', biller_code: 'SAHYGOLD1', category: 'credit_card', is_active: 'false' } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ name: 'Sahyadri Gold', category: 'credit_card', is_active: 'false' });
    const active = (await t.app.inject({ url: '/api/payment/billers?is_active=true', headers: admin })).json().data.billers as BillerRecord[];
    expect(active.map((b) => b.biller_code)).toEqual(['SAHY00001']);
    const all = (await t.app.inject({ url: '/api/payment/billers', headers: admin })).json().data.billers as BillerRecord[];
    expect(all.map((b) => b.biller_code).sort()).toEqual(['SAHY00001', 'SAHYGOLD1']);
    // A deactivated biller cannot carry the Billzy link.
    expect((await put('billzy_payment_link', { ...SAVED.billzy_payment_link, biller_code: 'SAHYGOLD1' })).json().message).toBe('Biller not found');

    // The other company neither sees nor edits it.
    expect(((await t.app.inject({ url: '/api/payment/billers', headers: trustAdmin })).json().data.billers as BillerRecord[]).map((b) => b.name)).toEqual(['Trust Gold']);
    expect((await t.app.inject({ method: 'PUT', url, headers: trustAdmin, payload: { name: 'Hijack', biller_code: 'HIJACK1', category: 'other' } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/payment/billers', headers: admin })).json().data.billers.find((b: BillerRecord) => b.biller_id === biller.biller_id).name).toBe('Sahyadri Gold');
  });

  it("refuse a name starting or ending with a comma or a period with the spec's message", async () => {
    const res = await addBiller({ name: 'Sahyadri Finance Ltd.', biller_code: 'SAHYLTD1', category: 'other' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: SPECIAL, data: { field: 'name' } });
  });
});
