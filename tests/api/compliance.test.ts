/**
 * Compliance engine API (issue 13): the dry-run check at the rules' edges with the server's clock
 * moved (not the rules), the company's rules within the law, holidays, DND (one by one and a CSV
 * upload), DLT templates, overrides, and decide() writing every decision on the loan's timeline.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoanRecord, LoansPage } from '../../src/domain/contracts/portfolio/loans';
import { zoneOfAddress, WIB, WITA } from '../../src/domain/compliance/zones';
import { settableClock } from '../../src/server/http/clock';
import { decide } from '../../src/server/modules/compliance/queries';
import { createTestApp, headers, LENDER, signIn, TRUST, type TestApp } from './helpers';

const clock = settableClock(new Date('2026-11-23T10:00:00+05:30'));
let t: TestApp;
let admin: Record<string, string>;
let supervisor: Record<string, string>;
let telecaller: Record<string, string>;
let trustAdmin: Record<string, string>;
let loan: LoanRecord;
let trustLoans: LoanRecord[];
/** A loan id the lender has and the trust has not. */
let foreignLoanId: string;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  admin = headers((await signIn(t.app, 'admin@demo.in')).token, LENDER);
  supervisor = headers((await signIn(t.app, 'supervisor@demo.in')).token, LENDER);
  telecaller = headers((await signIn(t.app, 'telecaller@demo.in')).token, LENDER);
  trustAdmin = headers((await signIn(t.app, 'admin@demo.id')).token, TRUST);
  loan = ((await t.app.inject({ url: '/api/recovery/loans?page_size=1', headers: admin })).json().data as LoansPage).loans[0];
  trustLoans = ((await t.app.inject({ url: '/api/recovery/loans?page_size=300', headers: trustAdmin })).json().data as LoansPage).loans;
  // Demo loan ids repeat across companies (LN00000001…): the lender's 1,000th loan is not the trust's (300 loans).
  const lenderLast = ((await t.app.inject({ url: '/api/recovery/loans?page_size=1&sort_by=loan_id&sort_order=desc', headers: admin })).json().data as LoansPage).loans[0];
  foreignLoanId = trustLoans.some((l) => l.loan_id === lenderLast.loan_id) ? '' : lenderLast.loan_id;
});
afterAll(async () => t?.close());

const check = (payload: Record<string, unknown>, h = admin) => t.app.inject({ method: 'POST', url: '/api/compliance/check', headers: h, payload });
async function verdict(payload: Record<string, unknown>, h = admin) {
  const res = await check(payload, h);
  expect(res.statusCode, res.body).toBe(200);
  const d = res.json().data as { allowed: boolean; reasons: { code: string; message: string }[]; override_id: string | null; local_time: string; time_zone: string };
  return { ...d, codes: d.reasons.map((r) => r.code) };
}

describe('India hours on the server clock', () => {
  it.each([
    ['2026-11-23T07:59:00+05:30', false],
    ['2026-11-23T08:00:00+05:30', true],
    ['2026-11-23T18:59:00+05:30', true],
    ['2026-11-23T19:00:00+05:30', false],
  ])('a call at %s is allowed: %s', async (at, allowed) => {
    clock.set(new Date(at));
    const d = await verdict({ channel: 'call', loan_id: loan.loan_id });
    expect(d.allowed).toBe(allowed);
    expect(d.codes).toEqual(allowed ? [] : ['OUTSIDE_CONTACT_HOURS']);
    expect(d.time_zone).toBe('Asia/Kolkata');
  });

  it('answers the reasons in Hindi when asked, and any member may ask', async () => {
    clock.set(new Date('2026-11-23T19:30:00+05:30'));
    const d = await verdict({ channel: 'sms', loan_id: loan.loan_id, lang: 'hi' }, telecaller);
    expect(d.reasons[0].message).toContain('संपर्क केवल 08:00 से 19:00 IST');
  });

  it("refuses another company's loan (404) and an unknown channel (400)", async () => {
    expect(foreignLoanId).not.toBe('');
    expect((await check({ channel: 'call', loan_id: foreignLoanId }, trustAdmin)).statusCode).toBe(404);
    expect((await check({ channel: 'fax', loan_id: loan.loan_id })).statusCode).toBe(400);
  });
});

describe('rules within the law', () => {
  it('shows the legal defaults; a telecaller may not read or change them', async () => {
    const res = await t.app.inject({ url: '/api/compliance/rules', headers: admin });
    expect(res.json().data).toMatchObject({ country: 'INDIA', contact_start: '08:00', contact_end: '19:00', daily_cap: 3, weekly_cap: 10, check_loan_exclusion: true, dlt_check_applicable: true });
    expect((await t.app.inject({ url: '/api/compliance/rules', headers: telecaller })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: '/api/compliance/rules', headers: telecaller, payload: { contact_end: '18:00' } })).statusCode).toBe(403);
  });

  it('refuses hours past 19:00 IST; narrower hours apply at once', async () => {
    const wide = await t.app.inject({ method: 'PUT', url: '/api/compliance/rules', headers: supervisor, payload: { contact_end: '19:30' } });
    expect(wide.statusCode).toBe(400);
    expect(wide.json().message).toContain('within 08:00–19:00');
    const narrow = await t.app.inject({ method: 'PUT', url: '/api/compliance/rules', headers: supervisor, payload: { contact_end: '18:00' } });
    expect(narrow.statusCode, narrow.body).toBe(200);
    clock.set(new Date('2026-11-23T18:30:00+05:30'));
    expect((await verdict({ channel: 'call', loan_id: loan.loan_id })).codes).toEqual(['OUTSIDE_CONTACT_HOURS']);
    await t.app.inject({ method: 'PUT', url: '/api/compliance/rules', headers: supervisor, payload: { contact_end: '19:00' } });
    expect((await verdict({ channel: 'call', loan_id: loan.loan_id })).allowed).toBe(true);
  });

  it('lists the national holidays and adds and removes one', async () => {
    const list = await t.app.inject({ url: '/api/compliance/holidays?year=2026', headers: admin });
    expect(list.json().data.holidays).toContainEqual(expect.objectContaining({ date: '2026-08-15', name: 'Independence Day' }));
    const added = await t.app.inject({ method: 'POST', url: '/api/compliance/holidays', headers: admin, payload: { date: '2026-11-23', name: 'Company day off' } });
    expect(added.statusCode, added.body).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/compliance/holidays', headers: admin, payload: { date: '2026-11-23', name: 'Again' } })).statusCode).toBe(409);
    // India does not skip holidays unless the company says so.
    clock.set(new Date('2026-11-23T10:00:00+05:30'));
    expect((await verdict({ channel: 'call', loan_id: loan.loan_id })).allowed).toBe(true);
    await t.app.inject({ method: 'PUT', url: '/api/compliance/rules', headers: admin, payload: { skip_holidays: true } });
    expect((await verdict({ channel: 'call', loan_id: loan.loan_id })).codes).toEqual(['HOLIDAY']);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/compliance/holidays/${added.json().data.holiday_id}`, headers: admin });
    expect(removed.statusCode).toBe(200);
    expect((await verdict({ channel: 'call', loan_id: loan.loan_id })).allowed).toBe(true);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/compliance/holidays/${added.json().data.holiday_id}`, headers: admin })).statusCode).toBe(404);
  });
});

describe('Indonesia', () => {
  const inZone = (zone: string) => trustLoans.find((l) => zoneOfAddress('INDONESIA', String(l.state ?? ''), WIB) === zone && l.state);
  const trustVerdict = (loanId: string) => verdict({ channel: 'call', loan_id: loanId }, trustAdmin);

  it('refuses a Sunday and a national holiday in WIB, allows a Saturday', async () => {
    const wib = inZone(WIB)!;
    clock.set(new Date('2026-11-22T10:00:00+07:00'));
    expect((await trustVerdict(wib.loan_id)).codes).toEqual(['NOT_A_CONTACT_DAY']);
    clock.set(new Date('2026-08-17T10:00:00+07:00'));
    expect((await trustVerdict(wib.loan_id)).codes).toEqual(['HOLIDAY']);
    clock.set(new Date('2026-11-21T10:00:00+07:00'));
    expect((await trustVerdict(wib.loan_id)).allowed).toBe(true);
  });

  it('at 12:00 UTC it is 20:00 in WITA (refused) and 19:00 in WIB (allowed)', async () => {
    const wib = inZone(WIB)!;
    const wita = inZone(WITA);
    clock.set(new Date('2026-11-23T12:00:00Z'));
    expect((await trustVerdict(wib.loan_id)).allowed).toBe(true);
    if (!wita) throw new Error(`no demo loan in a WITA province among ${[...new Set(trustLoans.map((l) => l.state))].join(', ')}`);
    const d = await trustVerdict(wita.loan_id);
    expect(d.codes).toEqual(['OUTSIDE_CONTACT_HOURS']);
    expect(d.local_time).toBe('2026-11-23 20:00');
  });
});

describe('DND, DLT, caps, overrides and the timeline', () => {
  const number = () => String(loan.applicant_contact_number);

  it('blocks a number on the DND list without showing it in clear', async () => {
    clock.set(new Date('2026-11-23T10:00:00+05:30'));
    const added = await t.app.inject({ method: 'POST', url: '/api/compliance/dnd', headers: admin, payload: { number: `+91 ${number()}` } });
    expect(added.statusCode, added.body).toBe(200);
    const d = await verdict({ channel: 'call', loan_id: loan.loan_id }, telecaller);
    expect(d.codes).toEqual(['NUMBER_ON_DND']);
    expect(JSON.stringify(d)).not.toContain(number());
    expect((await t.app.inject({ method: 'POST', url: '/api/compliance/dnd', headers: admin, payload: { number: `0${number()}` } })).statusCode).toBe(409);
    expect((await t.app.inject({ url: '/api/compliance/dnd', headers: telecaller })).statusCode).toBe(403);
    await t.app.inject({ method: 'DELETE', url: `/api/compliance/dnd/${added.json().data.dnd_id}`, headers: admin });
    expect((await verdict({ channel: 'call', loan_id: loan.loan_id })).allowed).toBe(true);
  });

  it('uploads a CSV of numbers as a job: in_process, then completed with counts, progress and an error file', async () => {
    const boundary = 'dndboundary';
    const csv = 'mobile\n9000000001\n+91 90000 00002\n9000000001\nnot-a-number\n\n12\n';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="dnd.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`;
    const res = await t.app.inject({ method: 'POST', url: '/api/compliance/dnd/uploads', headers: { ...admin, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('DND upload queued');
    const upload = res.json().data;
    expect(upload).toMatchObject({ status: 'in_process', total_rows: 5, processed: 0 });
    let done = upload;
    for (let i = 0; i < 100 && done.status !== 'completed'; i += 1) {
      await new Promise((r) => setTimeout(r, 100));
      done = (await t.app.inject({ url: '/api/compliance/dnd/uploads', headers: admin })).json().data.uploads.find((u: { upload_id: string }) => u.upload_id === upload.upload_id);
    }
    expect(done).toMatchObject({ status: 'completed', total_rows: 5, processed: 5, added: 2, duplicates: 1, invalid: 2 });
    const list = await t.app.inject({ url: '/api/compliance/dnd?search=90000', headers: admin });
    expect(list.json().data.total).toBe(2);
    const errors = await t.app.inject({ url: `/api/compliance/dnd/uploads/${upload.upload_id}/error-file`, headers: admin });
    expect(errors.statusCode).toBe(200);
    expect(errors.headers['content-type']).toContain('text/csv');
    expect(errors.body.trim().split('\n')).toEqual(['row,value,reason', '5,not-a-number,Enter a phone number (7 to 15 digits)', '7,12,Enter a phone number (7 to 15 digits)']);
    expect((await t.app.inject({ url: `/api/compliance/dnd/uploads/${upload.upload_id}/error-file`, headers: trustAdmin })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/compliance/dnd/uploads/${upload.upload_id}/error-file`, headers: telecaller })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/compliance/dnd/uploads', headers: { ...admin, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: payload.replace('dnd.csv', 'dnd.pdf') })).statusCode).toBe(400);
  });

  it('refuses an SMS whose text does not match its DLT template exactly', async () => {
    const template = { template_id: '1107161234567890123', entity_id: '1101234567890', sender_header: 'RCVOPS', category: 'service_explicit', body: 'Dear {#var#}, your EMI of Rs {#var#} is due. - RCVOPS' };
    expect((await t.app.inject({ method: 'POST', url: '/api/compliance/dlt-templates', headers: admin, payload: { ...template, sender_header: 'RCVOPS1' } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/compliance/dlt-templates', headers: admin, payload: template })).statusCode).toBe(200);
    const sms = (text: string) => verdict({ channel: 'sms', loan_id: loan.loan_id, text, dlt_template_id: template.template_id });
    expect((await sms('Dear Ravi, your EMI of Rs 4500 is due. - RCVOPS')).allowed).toBe(true);
    expect((await sms('Dear Ravi, your EMI of Rs 4500 is due now. - RCVOPS')).codes).toEqual(['DLT_TEXT_MISMATCH']);
    expect((await sms(`Dear ${'R'.repeat(31)}, your EMI of Rs 4500 is due. - RCVOPS`)).codes).toEqual(['DLT_VARIABLE_TOO_LONG']);
    expect((await verdict({ channel: 'sms', loan_id: loan.loan_id, text: 'Pay now' })).codes).toEqual(['DLT_TEMPLATE_REQUIRED']);
  });

  it('decide() logs each decision on the timeline and caps calls at 3 a day', async () => {
    clock.set(new Date('2026-11-27T11:00:00+05:30'));
    const db = t.database.db;
    const input = { companyId: LENDER, loanId: loan.loan_id, channel: 'call' as const, actorId: null };
    for (let i = 0; i < 3; i += 1) expect((await decide(db, input, clock.now())).allowed).toBe(true);
    const fourth = await decide(db, input, clock.now());
    expect(fourth.reasons.map((r) => r.code)).toEqual(['DAILY_CAP_REACHED']);
    expect(fourth.decision_id).toBeTruthy();
    const activity = await t.app.inject({ url: `/api/recovery/loan/activity/${loan.loan_id}?page_size=100`, headers: admin });
    const events = activity.json().data.events as { kind: string; remark: string }[];
    expect(events.filter((e) => e.kind === 'compliance').map((e) => e.remark)).toEqual(expect.arrayContaining(['Call allowed', expect.stringMatching(/^Call blocked: This loan has had 3 call contacts today/)]));
    // The next day starts a new count.
    clock.set(new Date('2026-11-28T09:00:00+05:30'));
    expect((await decide(db, input, clock.now())).allowed).toBe(true);
  });

  it('a supervisor overrides once, with a reason; the override is audited and used up', async () => {
    clock.set(new Date('2026-11-30T19:30:00+05:30'));
    const noReason = await t.app.inject({ method: 'POST', url: '/api/compliance/overrides', headers: supervisor, payload: { loan_id: loan.loan_id, channel: 'whatsapp', reason: '' } });
    expect(noReason.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/compliance/overrides', headers: telecaller, payload: { loan_id: loan.loan_id, channel: 'whatsapp', reason: 'Borrower asked to be called back now' } })).statusCode).toBe(403);
    const foreign = await t.app.inject({ method: 'POST', url: '/api/compliance/overrides', headers: trustAdmin, payload: { loan_id: foreignLoanId, channel: 'whatsapp', reason: 'Borrower asked for it' } });
    expect(foreign.statusCode).toBe(404);
    const granted = await t.app.inject({ method: 'POST', url: '/api/compliance/overrides', headers: supervisor, payload: { loan_id: loan.loan_id, channel: 'whatsapp', reason: 'Borrower asked to be messaged after work' } });
    expect(granted.statusCode, granted.body).toBe(200);
    const overrideId = granted.json().data.override_id as string;

    const dry = await verdict({ channel: 'whatsapp', loan_id: loan.loan_id });
    expect(dry).toMatchObject({ allowed: true, override_id: overrideId });
    expect(dry.codes).toEqual(['OUTSIDE_CONTACT_HOURS']);

    const input = { companyId: LENDER, loanId: loan.loan_id, channel: 'whatsapp' as const, actorId: null };
    expect(await decide(t.database.db, input, clock.now())).toMatchObject({ allowed: true, override_id: overrideId });
    expect(await decide(t.database.db, input, clock.now())).toMatchObject({ allowed: false, override_id: null });

    const list = await t.app.inject({ url: `/api/compliance/overrides?loan_id=${loan.loan_id}`, headers: supervisor });
    expect(list.json().data.overrides[0]).toMatchObject({ override_id: overrideId, granted_by_name: 'Rahul Menon', reason: 'Borrower asked to be messaged after work' });
    expect(list.json().data.overrides[0].used_at).not.toBeNull();
    const activity = await t.app.inject({ url: `/api/recovery/loan/activity/${loan.loan_id}?page_size=100`, headers: admin });
    const remarks = (activity.json().data.events as { remark: string }[]).map((e) => e.remark);
    expect(remarks).toEqual(expect.arrayContaining(['Override granted for one whatsapp contact: Borrower asked to be messaged after work', expect.stringMatching(/^WhatsApp allowed by an override: Contact is allowed only between/)]));
  });
});
