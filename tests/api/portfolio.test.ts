/**
 * Portfolio API (issue 3 "Variables", "Loans list", "Profiles", masking, tenancy) over the demo
 * portfolio: demo-lender-in has 1,000 loans this month and 300 last month, demo-trust-id 300.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoanDetails } from '../../src/domain/contracts/portfolio/profiles';
import type { LoanRecord, LoansPage } from '../../src/domain/contracts/portfolio/loans';
import { demoMonth } from '../../src/server/seed/demo-portfolio';
import { createTestApp, headers, LENDER, signIn, TRUST, type TestApp } from './helpers';

let t: TestApp;
let admin: Record<string, string>;
let manager: Record<string, string>;
const thisMonth = demoMonth(new Date());
const lastMonth = demoMonth(new Date(), -1);

beforeAll(async () => {
  t = await createTestApp();
  admin = headers((await signIn(t.app, 'admin@demo.in')).token, LENDER);
  manager = headers((await signIn(t.app, 'area.manager@demo.in')).token, LENDER);
});
afterAll(async () => t?.close());

async function get<T>(url: string, h = admin): Promise<T> {
  const res = await t.app.inject({ url: `/api/recovery${url}`, headers: h });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
}
const loansUrl = (q: Record<string, unknown>) =>
  `/loans?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])).toString()}`;

/** Every loan of this month, as admin sees it (two pages of 500). */
async function allLoans(): Promise<LoanRecord[]> {
  const pages = await Promise.all([1, 2].map((p) => get<LoansPage>(loansUrl({ page_size: '500', page_number: String(p) }))));
  return pages.flatMap((p) => p.loans);
}

describe('variables', () => {
  it('lists the system variables with the spec 3 personal fields masked', async () => {
    const { variables } = await get<{ variables: { variable_name: string; is_masked: boolean; variable_type: string }[] }>('/variables');
    const byName = new Map(variables.map((v) => [v.variable_name, v]));
    expect(byName.get('loan_id')).toMatchObject({ variable_type: 'system', is_masked: false });
    for (const name of ['applicant_name', 'applicant_contact_number', 'email', 'co_applicant_1_contact_number']) expect(byName.get(name)?.is_masked, name).toBe(true);
    expect(byName.get('dpd')?.is_masked).toBe(false);
  });

  it('creates a company variable (PAN masked by default) and patches it; the manager may only read', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/recovery/variables', headers: admin, payload: { variable_name: 'pan_number', variable_label: 'PAN', data_type: 'string' } });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data).toMatchObject({ variable_name: 'pan_number', variable_type: 'custom', is_masked: true, active: true });
    const again = await t.app.inject({ method: 'POST', url: '/api/recovery/variables', headers: admin, payload: { variable_name: 'pan_number', variable_label: 'PAN 2', data_type: 'string' } });
    expect(again.statusCode).toBe(409);

    const patched = await t.app.inject({ method: 'PATCH', url: `/api/recovery/variables/${created.json().data.variable_id}`, headers: admin, payload: { variable_label: 'PAN Number' } });
    expect(patched.json().data.variable_label).toBe('PAN Number');
    const sys = await t.app.inject({ method: 'PATCH', url: '/api/recovery/variables/system:product', headers: admin, payload: { variable_label: 'Loan Product' } });
    expect(sys.statusCode, sys.body).toBe(200);
    expect(sys.json().data).toMatchObject({ variable_name: 'product', variable_label: 'Loan Product', variable_type: 'system' });
    const { variables } = await get<{ variables: { variable_name: string; variable_label: string }[] }>('/variables', manager);
    expect(variables.find((v) => v.variable_name === 'product')?.variable_label).toBe('Loan Product');
    expect(variables.find((v) => v.variable_name === 'pan_number')?.variable_label).toBe('PAN Number');

    const refused = await t.app.inject({ method: 'POST', url: '/api/recovery/variables', headers: manager, payload: { variable_name: 'chassis_number', variable_label: 'Chassis', data_type: 'string' } });
    expect(refused.statusCode).toBe(403);
  });
});

describe('filter config', () => {
  it('groups filters, preloads options for state and offers the co-applicant count in the applicant group, no masked fields', async () => {
    const { groups } = await get<{ groups: { group_key: string; group_filters: { filter_key: string; filter_name: string; input_type: string; pre_load_filter: boolean; options?: string[] }[] }[] }>('/filters/config');
    const items = groups.flatMap((g) => g.group_filters);
    const state = items.find((i) => i.filter_key === 'state')!;
    expect(state).toMatchObject({ input_type: 'multi_select', pre_load_filter: true });
    expect(state.options!.length).toBeGreaterThan(3);
    expect(items.find((i) => i.filter_key === 'dpd')?.input_type).toBe('range');
    expect(items.find((i) => i.filter_key === 'date_of_default')?.input_type).toBe('date_range');
    const applicant = groups.find((g) => g.group_key === 'applicant')!;
    expect(applicant.group_filters.map((f) => f.filter_name)).toContain('Number of Co-Applicant Present');
    expect(items.map((i) => i.filter_key)).not.toContain('applicant_contact_number');
    expect(items.map((i) => i.filter_key)).not.toContain('applicant_name');
  });
});

describe('loans list', () => {
  it('answers the latest month by default, with the months for the switch', async () => {
    const page = await get<LoansPage>('/loans');
    expect(page).toMatchObject({ allocation_month: thisMonth, total: 1000, page_number: 1, page_size: 10 });
    expect(page.allocation_months).toEqual([thisMonth, lastMonth]);
    expect((await get<LoansPage>(loansUrl({ allocation_month: lastMonth }))).total).toBe(300);
  });

  it('searches by loan id, customer id, applicant name and mobile, case-insensitively', async () => {
    const [loan] = (await get<LoansPage>(loansUrl({ page_number: '7' }))).loans;
    const name = String(loan.applicant_name);
    const mobile = String(loan.applicant_contact_number);
    for (const search of [loan.loan_id.toLowerCase(), String(loan.client_customer_id), name.toUpperCase(), mobile, `+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`]) {
      const page = await get<LoansPage>(loansUrl({ search }));
      expect(page.loans.map((l) => l.loan_id), search).toContain(loan.loan_id);
    }
    expect((await get<LoansPage>(loansUrl({ search: 'no-such-loan-xyz' }))).total).toBe(0);
  });

  it('applies three filters together (dpd range, state, co-applicant count) like the data says', async () => {
    const loans = await allLoans();
    const state = String(loans[0].state);
    const expected = loans.filter((l) => Number(l.dpd) >= 30 && Number(l.dpd) <= 720 && l.state === state && l.co_applicant_count >= 1);
    expect(expected.length).toBeGreaterThan(0);
    const filters = [
      { filter_key: 'dpd', min: 30, max: 720 },
      { filter_key: 'state', values: [state] },
      { filter_key: 'co_applicant_count', min: 1 },
    ];
    const page = await get<LoansPage>(loansUrl({ filters, page_size: '500' }));
    expect(page.total).toBe(expected.length);
    expect(page.loans.map((l) => l.loan_id).sort()).toEqual(expected.map((l) => l.loan_id).sort());
  });

  it('filters an amount range in rupees, bounds finer than a paisa included, like the data says', async () => {
    const loans = await allLoans();
    const amounts = loans.map((l) => Number(l.total_claim_amount)).sort((a, b) => a - b);
    // Bounds between two loans' amounts, with a tenth of a paisa: the comparison is on the exact value.
    const min = amounts[Math.floor(amounts.length / 4)] - 0.005;
    const max = amounts[Math.floor(amounts.length / 2)] + 0.005;
    const expected = loans.filter((l) => Number(l.total_claim_amount) >= min && Number(l.total_claim_amount) <= max);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(loans.length);
    const page = await get<LoansPage>(loansUrl({ filters: [{ filter_key: 'total_claim_amount', min, max }], page_size: '500' }));
    expect(page.total).toBe(expected.length);
    expect(page.loans.map((l) => l.loan_id).sort()).toEqual(expected.map((l) => l.loan_id).sort());
  });

  it('sorts by a variable both ways and pages with stable totals', async () => {
    const asc = await get<LoansPage>(loansUrl({ sort_by: 'total_claim_amount', sort_order: 'asc', page_size: '50' }));
    const desc = await get<LoansPage>(loansUrl({ sort_by: 'total_claim_amount', sort_order: 'desc', page_size: '50' }));
    const amounts = (p: LoansPage) => p.loans.map((l) => Number(l.total_claim_amount));
    expect(amounts(asc)).toEqual([...amounts(asc)].sort((a, b) => a - b));
    expect(amounts(desc)).toEqual([...amounts(desc)].sort((a, b) => b - a));
    expect(amounts(desc)[0]).toBeGreaterThan(amounts(asc)[0]);

    const p1 = await get<LoansPage>(loansUrl({ sort_by: 'dpd', page_size: '100', page_number: '1' }));
    const p2 = await get<LoansPage>(loansUrl({ sort_by: 'dpd', page_size: '100', page_number: '2' }));
    const p11 = await get<LoansPage>(loansUrl({ sort_by: 'dpd', page_size: '100', page_number: '11' }));
    expect([p1.loans.length, p2.loans.length, p11.loans.length, p1.total, p11.total]).toEqual([100, 100, 0, 1000, 1000]);
    expect(new Set([...p1.loans, ...p2.loans].map((l) => l.loan_id)).size).toBe(200);
  });

  it('refuses an unknown filter key or sort variable with 400', async () => {
    const res = await t.app.inject({ url: `/api/recovery${loansUrl({ filters: [{ filter_key: 'nope', values: ['x'] }] })}`, headers: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Unknown filter: nope');
    const sort = await t.app.inject({ url: `/api/recovery${loansUrl({ sort_by: 'nope' })}`, headers: admin });
    expect(sort.statusCode).toBe(400);
    const masked = await t.app.inject({ url: `/api/recovery${loansUrl({ filters: [{ filter_key: 'applicant_contact_number', text: '98' }] })}`, headers: admin });
    expect(masked.statusCode).toBe(400);
  });

  it('lists all matching loan ids and filters a batch of at most 50', async () => {
    const filters = [{ filter_key: 'dpd', min: 90 }];
    const all = await get<{ loan_ids: string[]; total: number }>(`/all-loans?allocation_month=${thisMonth}&filters=${encodeURIComponent(JSON.stringify(filters))}`);
    const page = await get<LoansPage>(loansUrl({ filters }));
    expect(all.total).toBe(page.total);
    expect(all.loan_ids).toHaveLength(page.total);

    const ids = Array.from({ length: 50 }, (_, i) => `LN${String(i + 1).padStart(8, '0')}`);
    const batch = await t.app.inject({ method: 'POST', url: '/api/recovery/loans/filter', headers: admin, payload: { allocation_month: thisMonth, loan_ids: ids, filters } });
    expect(batch.statusCode, batch.body).toBe(200);
    const matching = new Set(all.loan_ids);
    expect(batch.json().data.loan_ids).toEqual(ids.filter((id) => matching.has(id)));
    const tooMany = await t.app.inject({ method: 'POST', url: '/api/recovery/loans/filter', headers: admin, payload: { allocation_month: thisMonth, loan_ids: [...ids, 'LN00000051'], filters } });
    expect(tooMany.statusCode).toBe(400);
  });
});

describe('saved filters', () => {
  it('creates, lists, updates and deletes per user; other users neither see nor delete them', async () => {
    const filters = [{ filter_key: 'dpd', min: 30 }];
    const created = await t.app.inject({ method: 'POST', url: '/api/recovery/saved/filters', headers: admin, payload: { filter_name: 'Over 30', filters } });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.filter_id as string;
    const dup = await t.app.inject({ method: 'POST', url: '/api/recovery/saved/filters', headers: admin, payload: { filter_name: 'Over 30', filters } });
    expect(dup.statusCode).toBe(409);
    const bad = await t.app.inject({ method: 'POST', url: '/api/recovery/saved/filters', headers: admin, payload: { filter_name: 'Bad', filters: [{ filter_key: 'nope', min: 1 }] } });
    expect(bad.statusCode).toBe(400);

    expect((await get<{ saved_filters: { filter_name: string }[] }>('/saved/filters')).saved_filters.map((f) => f.filter_name)).toEqual(['Over 30']);
    expect((await get<{ saved_filters: unknown[] }>('/saved/filters', manager)).saved_filters).toEqual([]);

    const patched = await t.app.inject({ method: 'PATCH', url: '/api/recovery/saved/filters', headers: admin, payload: { filter_id: id, filter_name: 'Over 60', filters: [{ filter_key: 'dpd', min: 60 }] } });
    expect(patched.json().data).toMatchObject({ filter_name: 'Over 60', filters: [{ filter_key: 'dpd', min: 60 }] });
    const othersDelete = await t.app.inject({ method: 'DELETE', url: `/api/recovery/saved/filters?filter_id=${id}`, headers: manager });
    expect(othersDelete.statusCode).toBe(404);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/recovery/saved/filters?filter_id=${id}`, headers: admin });
    expect(deleted.statusCode).toBe(200);
    expect((await get<{ saved_filters: unknown[] }>('/saved/filters')).saved_filters).toEqual([]);
  });
});

describe('profiles', () => {
  // LN00000001 is the first loan of the month, which the demo gives a timeline: one call this
  // week (connected) and one three weeks ago, a broken PTP two weeks ago and a kept one two days
  // ago, a FOS status change and a remark.
  const loanId = 'LN00000001';

  it('shows loan details: header, statuses, final status, call details over spec 9 windows, people, addresses, months', async () => {
    const d = await get<LoanDetails>(`/loan-details/${loanId}`);
    expect(d.header).toMatchObject({ id_label: 'Loan Id', id_value: loanId, currency: 'INR', name: d.loan.applicant_name });
    expect(d.header.total_dues).toBe(d.loan.total_claim_amount);
    expect(d.call_details).toMatchObject({ total_calls: 1, successful_calls: 1, total_ptp: 2, total_broken_ptp: 1, last_ptp: { ptp_amount: 2500 } });
    expect(d.final_status.find((s) => s.module === 'fos')).toEqual({ module: 'fos', status_name: 'Visit scheduled', attempts: 1 });
    expect(d.final_status.find((s) => s.module === 'telecalling')?.attempts).toBe(4);
    expect(d.statuses.map((s) => s.module)).toContain('legal');
    expect(d.co_applicants.length).toBe(d.loan.co_applicant_count);
    expect(d.addresses[0].state).toBe(d.loan.state);
    expect(d.allocation_months).toEqual([thisMonth, lastMonth]);
    expect(d.fields.find((f) => f.variable_name === 'dpd')?.variable_label).toBe('DPD');

    const older = await get<LoanDetails>(`/loan-details/${loanId}?allocation_month=${lastMonth}`);
    expect(older.loan.allocation_month).toBe(lastMonth);
    expect(await get(`/loan/call-details/${loanId}`)).toEqual(d.call_details);
    expect((await get<{ final_status: unknown[] }>(`/final/status/${loanId}`)).final_status).toEqual(d.final_status);
  });

  it("answers 404 'No loan details found' for a loan the company does not have", async () => {
    for (const url of ['/loan-details/LN99999999', `/loan-details/LN00000500?allocation_month=${lastMonth}`, '/loan/call-details/LN99999999', '/customer/profile/NOPE']) {
      const res = await t.app.inject({ url: `/api/recovery${url}`, headers: admin });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe('No loan details found');
    }
  });

  it('keeps an activity timeline, newest first; markup in a remark is refused', async () => {
    const markup = await t.app.inject({ method: 'POST', url: `/api/recovery/loan/remarks/${loanId}`, headers: admin, payload: { remark: 'Paid <script>alert(1)</script>' } });
    expect(markup.statusCode).toBe(400);
    const added = await t.app.inject({ method: 'POST', url: `/api/recovery/loan/remarks/${loanId}`, headers: manager, payload: { remark: 'Customer will pay on Friday' } });
    expect(added.statusCode, added.body).toBe(200);
    const activity = await get<{ events: { kind: string; remark: string | null; author_name: string | null; created_at: string }[]; total: number }>(`/loan/activity/${loanId}?page_size=3`);
    expect(activity.events).toHaveLength(3);
    expect(activity.events[0]).toMatchObject({ kind: 'remark', remark: 'Customer will pay on Friday', author_name: 'Vikram Patil' });
    expect(activity.total).toBeGreaterThan(5);
    const times = activity.events.map((e) => e.created_at);
    expect(times).toEqual([...times].sort().reverse());
    const page = await get<LoansPage>(loansUrl({ search: loanId }));
    expect(page.loans.find((l) => l.loan_id === loanId)?.remarks).toBe('Customer will pay on Friday');
    // The remark is this loan's alone: the other loans of the month do not show it.
    const others = (await allLoans()).filter((l) => l.loan_id !== loanId);
    expect(others.length).toBeGreaterThan(0);
    expect(others.filter((l) => l.remarks === 'Customer will pay on Friday').map((l) => l.loan_id)).toEqual([]);
  });

  it('shows a customer with all their loans in the month', async () => {
    const d = await get<LoanDetails>(`/loan-details/${loanId}`);
    const profile = await get<{ client_customer_id: string; applicant_name: string; loans: LoanRecord[] }>(`/customer/profile/${d.loan.client_customer_id}`);
    expect(profile.applicant_name).toBe(d.loan.applicant_name);
    expect(profile.loans.map((l) => l.loan_id)).toContain(loanId);
  });

  it('masks personal fields for the manager (no access_unmasked_data): the clear values appear nowhere', async () => {
    const clear = await get<LoanDetails>(`/loan-details/${loanId}`);
    const mobile = String(clear.loan.applicant_contact_number);
    const name = String(clear.loan.applicant_name);
    const email = String(clear.loan.email);
    expect(mobile).toMatch(/^\d{10}$/);

    const urls = [`/loan-details/${loanId}`, `/loans?search=${mobile}`, `/loans?page_size=50`, `/customer/profile/${clear.loan.client_customer_id}`];
    for (const url of urls) {
      const res = await t.app.inject({ url: `/api/recovery${url}`, headers: manager });
      expect(res.statusCode, url).toBe(200);
      for (const secret of [mobile, name, email]) expect(res.body.includes(secret), `${url} leaks ${secret}`).toBe(false);
    }
    const masked = await get<LoanDetails>(`/loan-details/${loanId}`, manager);
    expect(masked.loan.applicant_contact_number).toBe(`${mobile.slice(0, 2)}XXXXXX${mobile.slice(-2)}`);
    expect(masked.header.name).toBe(name.replace(/\S+/g, (w) => w[0] + '*'.repeat(w.length - 1)));
    expect(masked.co_applicants[0]?.contact_number ?? 'XX').toMatch(/X/);
    // Searching by the clear mobile still finds the loan for the masked user.
    const found = await get<LoansPage>(`/loans?search=${mobile}`, manager);
    expect(found.loans.map((l) => l.loan_id)).toContain(loanId);
  });

  it('keeps companies apart: the trust cannot read the lender loans', async () => {
    const trust = headers((await signIn(t.app, 'admin@demo.id')).token, TRUST);
    const own = await get<LoansPage>('/loans', trust);
    expect(own.total).toBe(300);
    // LN00000999 exists only in the lender's portfolio.
    const res = await t.app.inject({ url: '/api/recovery/loan-details/LN00000999', headers: trust });
    expect(res.statusCode).toBe(404);
    const lender = await t.app.inject({ url: '/api/recovery/loan-details/LN00000999', headers: { ...trust, 'x-company-id': LENDER } });
    expect(lender.statusCode).toBe(403);
    const d = await get<LoanDetails>('/loan-details/LN00000001', trust);
    expect(d.header.currency).toBe('IDR');
    expect(d.loan.applicant_name).not.toBe((await get<LoanDetails>('/loan-details/LN00000001')).loan.applicant_name);
  });
});
