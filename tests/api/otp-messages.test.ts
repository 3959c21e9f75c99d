/**
 * Sign-in OTPs by SMS through the communication area (issue 13 "The OTP messages of sign-in move
 * onto this area"; rule in src/domain/communication/otp.ts): the company's `otp` SMS template with
 * its DLT registration, through the company's SMS adapter (the local provider), recorded in
 * message_outbox with the DLT template id and the code masked; a text that does not match its
 * registration (or a promotional registration) is refused before the provider with the reason;
 * contact hours and DND do not hold an OTP back; when no channel carries the code the user is told.
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settableClock } from '../../src/server/http/clock';
import { messageOutbox } from '../../src/server/messaging/schema';
import { OTP_NOT_SENT } from '../../src/server/modules/auth/otp/service';
import { localProvider } from '../../src/server/modules/communication/providers/local';
import { users } from '../../src/server/modules/users/schema';
import { createTestApp, headers, LENDER, signIn, type TestApp } from './helpers';
import { captureMessages } from './message-capture';

const captured = captureMessages();
// 23:30 IST on a Sunday: outside RBI's 08:00–19:00 and any collection day; an OTP still goes.
const clock = settableClock(new Date('2026-11-22T23:30:00+05:30'));
let t: TestApp;
let admin: Record<string, string>;
const EMAIL = 'telecaller@demo.in';
const MOBILE = '9876500001';
const DLT = { dlt_template_id: '1107160000000000001', dlt_entity_id: '1101160000000000001', dlt_sender_header: 'RCVOPS', dlt_category: 'service_implicit' as const };
const TEMPLATE_TEXT = '{{otp}} is your OTP to sign in to Recovery Ops. Valid for {{minutes}} minutes. Do not share it.';
let templateId: string;
const PLATFORM_DLT_ID = '1107160000000009999';
const PLATFORM_DLT_HI = '1107160000000009998';

beforeAll(async () => {
  t = await createTestApp({ platformOtpDltTemplateId: PLATFORM_DLT_ID, platformOtpDltTemplateIdByLanguage: { hi: PLATFORM_DLT_HI, id: null } }, { clock });
  admin = headers((await signIn(t.app, 'admin@demo.in')).token, LENDER);
  const reg = await t.app.inject({ method: 'POST', url: '/api/compliance/dlt-templates', headers: admin, payload: { template_id: DLT.dlt_template_id, entity_id: DLT.dlt_entity_id, sender_header: 'RCVOPS', category: 'service_implicit', body: '{#var#} is your OTP to sign in to Recovery Ops. Valid for {#var#} minutes. Do not share it.' } });
  expect(reg.statusCode, reg.body).toBe(200);
  const promo = await t.app.inject({ method: 'POST', url: '/api/compliance/dlt-templates', headers: admin, payload: { template_id: '1107160000000000002', entity_id: DLT.dlt_entity_id, sender_header: 'RCVOPS', category: 'promotional', body: '{#var#} is your OTP to sign in to Recovery Ops. Valid for {#var#} minutes. Do not share it.' } });
  expect(promo.statusCode, promo.body).toBe(200);
  const created = await t.app.inject({ method: 'POST', url: `/api/communication/templates?company_id=${LENDER}`, headers: admin, payload: { name: 'OTP', channel: 'sms', language: 'en', body: TEMPLATE_TEXT, dlt: DLT } });
  expect(created.statusCode, created.body).toBe(200);
  templateId = created.json().data.template_id;
});
afterAll(async () => {
  await t?.close();
});

const sendOtp = (email = EMAIL) => t.app.inject({ method: 'POST', url: '/api/user/public/send-otp', payload: { email, purpose: 'forgot_password' } });
const checkOtp = (otp: string) => t.app.inject({ method: 'POST', url: '/api/user/public/check-otp', payload: { email: EMAIL, otp, purpose: 'forgot_password' } });
const lastSms = async () => (await t.database.db.select().from(messageOutbox).where(and(eq(messageOutbox.recipient, MOBILE), eq(messageOutbox.template, 'otp'))).orderBy(desc(messageOutbox.id)).limit(1))[0];
const setTemplate = (body: string, dlt = DLT) => t.app.inject({ method: 'PUT', url: `/api/communication/templates/${templateId}?company_id=${LENDER}`, headers: admin, payload: { name: 'OTP', channel: 'sms', language: 'en', body, dlt } });

describe('sign-in OTPs by SMS with the DLT template', () => {
  it('goes to the mobile through the local provider with its DLT registration; the record masks the code', async () => {
    const handed = localProvider.recorded.length;
    const res = await sendOtp();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('If the account exists, an OTP has been sent');
    const sms = localProvider.recorded.slice(handed).find((m) => m.to === MOBILE);
    expect(sms).toBeDefined();
    expect(sms!.channel).toBe('sms');
    expect(sms!.dlt).toMatchObject({ dlt_template_id: DLT.dlt_template_id, dlt_sender_header: 'RCVOPS' });
    const code = /^(\d{6}) is your OTP/.exec(sms!.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    // The same code went by email too (the platform's provider in tests).
    expect(captured.latest(EMAIL, 'otp').variables.otp).toBe(code);

    const row = await lastSms();
    expect(row).toMatchObject({ channel: 'sms', companyId: LENDER, status: 'sent', provider: 'local-provider', dltTemplateId: DLT.dlt_template_id });
    expect(row.body).toBe('[secret] is your OTP to sign in to Recovery Ops. Valid for 10 minutes. Do not share it.');
    const rows = await t.database.db.select().from(messageOutbox).where(eq(messageOutbox.template, 'otp'));
    for (const r of rows) expect(JSON.stringify(r)).not.toContain(code!);
    expect((await checkOtp(code!)).json().data).toEqual({ valid: true });
  });

  it('is not held back by the DND list (a transactional / service implicit OTP, TRAI TCCCPR)', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/compliance/dnd', headers: admin, payload: { number: MOBILE } })).statusCode).toBe(200);
    expect((await sendOtp()).statusCode).toBe(200);
    expect(await lastSms()).toMatchObject({ status: 'sent', error: null });
  });

  it('a text that does not match its DLT registration is refused before the provider, with the reason', async () => {
    expect((await setTemplate('Your OTP is {{otp}}. Valid for {{minutes}} minutes.')).statusCode).toBe(200);
    const handed = localProvider.recorded.length;
    const res = await sendOtp();
    // The email still carries the code, so the answer is the usual one (it tells nothing about accounts).
    expect(res.statusCode).toBe(200);
    expect(localProvider.recorded.slice(handed).some((m) => m.to === MOBILE)).toBe(false);
    const row = await lastSms();
    expect(row).toMatchObject({ status: 'blocked', dltTemplateId: DLT.dlt_template_id });
    expect(row.error).toBe(`DLT_TEXT_MISMATCH: The message does not match its DLT template ${DLT.dlt_template_id} exactly`);
    expect(row.body).toBe('Your OTP is [secret]. Valid for 10 minutes.');
  });

  it('a promotional registration is refused for an OTP', async () => {
    expect((await setTemplate(TEMPLATE_TEXT, { ...DLT, dlt_template_id: '1107160000000000002', dlt_category: 'promotional' as never })).statusCode).toBe(200);
    expect((await sendOtp()).statusCode).toBe(200);
    const row = await lastSms();
    expect(row.status).toBe('blocked');
    expect(row.error).toMatch(/^DLT_CATEGORY_NOT_FOR_OTP: .*an OTP needs a transactional or service implicit template$/);
  });

  it('when no channel carries the code (SMS refused, email server down) the user is told so', async () => {
    expect((await setTemplate('Your OTP is {{otp}}.', DLT)).statusCode).toBe(200);
    const put = await t.app.inject({ method: 'PUT', url: '/api/communication/settings', headers: admin, payload: { email_provider: 'smtp', smtp_host: '127.0.0.1', smtp_port: 9, smtp_secure: false, email_from: 'no-reply@demo.in' } });
    expect(put.statusCode, put.body).toBe(200);
    try {
      const res = await sendOtp();
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(OTP_NOT_SENT);
      expect((await lastSms()).status).toBe('blocked');
      // An unknown email still gets the usual answer.
      expect((await sendOtp('nobody@demo.in')).statusCode).toBe(200);
    } finally {
      await t.app.inject({ method: 'PUT', url: '/api/communication/settings', headers: admin, payload: { email_provider: 'local-provider' } });
      await setTemplate(TEMPLATE_TEXT);
    }
  });

  it("the demo's OTP template (the platform default text, registered service implicit) passes the DLT check", async () => {
    await t.app.inject({ method: 'DELETE', url: `/api/communication/templates/${templateId}?company_id=${LENDER}`, headers: admin });
    expect((await sendOtp()).statusCode).toBe(200);
    const row = await lastSms();
    expect(row).toMatchObject({ status: 'sent', dltTemplateId: '1107170000000000003', error: null });
    expect(row.body).toBe('[secret] is your Recovery Ops one-time password. It expires in 10 minutes. Do not share it with anyone.');
  });

  it('without an OTP template: refused while DLT is checked; with dlt_check_applicable off the default text goes', async () => {
    const list = await t.app.inject({ method: 'GET', url: `/api/communication/templates?company_id=${LENDER}&channel=sms`, headers: admin });
    for (const x of list.json().data.templates as Array<{ template_id: string; name: string }>) {
      if (x.name.toLowerCase() === 'otp') await t.app.inject({ method: 'DELETE', url: `/api/communication/templates/${x.template_id}?company_id=${LENDER}`, headers: admin });
    }
    expect((await sendOtp()).statusCode).toBe(200);
    const refused = await lastSms();
    expect(refused).toMatchObject({ status: 'blocked', dltTemplateId: null });
    expect(refused.error).toMatch(/^DLT_TEMPLATE_REQUIRED: An SMS in India needs a registered DLT template: add an SMS template named "otp"/);
    const company = await t.app.inject({ method: 'PUT', url: '/api/user/company', headers: admin, payload: { dlt_check_applicable: false } });
    expect(company.statusCode, company.body).toBe(200);
    expect((await sendOtp()).statusCode).toBe(200);
    const row = await lastSms();
    expect(row).toMatchObject({ status: 'sent', dltTemplateId: null });
    expect(row.body).toBe('[secret] is your Recovery Ops one-time password. It expires in 10 minutes. Do not share it with anyone.');
  });

  it("a platform user outside any company gets the platform's default text through the platform's provider", async () => {
    const [{ passwordHash }] = await t.database.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.email, 'admin@demo.in'));
    await t.database.db.insert(users).values({ email: 'ops@platform.test', name: 'Platform Ops', passwordHash, userType: 'super_admin', profession: 'other', mobile: '9000000042' });
    expect((await sendOtp('ops@platform.test')).statusCode).toBe(200);
    const code = captured.latest('9000000042', 'otp').variables.otp;
    expect(captured.latest('9000000042', 'otp').body).toBe(`${code} is your Recovery Ops one-time password. It expires in 10 minutes. Do not share it with anyone.`);
    const [row] = await t.database.db.select().from(messageOutbox).where(eq(messageOutbox.recipient, '9000000042'));
    expect(row).toMatchObject({ channel: 'sms', companyId: null, provider: 'local-log', status: 'sent', dltTemplateId: PLATFORM_DLT_ID });
    expect(row.body).not.toContain(code);
  });
});

describe('sign-in OTP SMS in the user\'s language (issue 13)', () => {
  const HI_DLT = { ...DLT, dlt_template_id: '1107160000000000011' };
  const HI_TEXT = '{{otp}} आपका Recovery Ops साइन-इन OTP है। {{minutes}} मिनट तक मान्य। इसे किसी से साझा न करें।';
  const EN_TEXT = '{{otp}} is your OTP to sign in to Recovery Ops. Valid for {{minutes}} minutes. Do not share it.';
  const setLanguage = async (language: 'en' | 'hi' | 'id' | null) => {
    const [u] = await t.database.db.select({ id: users.userId }).from(users).where(eq(users.email, EMAIL));
    const res = await t.app.inject({ method: 'PUT', url: `/api/user/company/users/${u.id}`, headers: admin, payload: { preferred_language: language } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user_details.preferred_language).toBe(language);
  };
  const handedSms = async () => {
    const handed = localProvider.recorded.length;
    expect((await sendOtp()).statusCode).toBe(200);
    return localProvider.recorded.slice(handed).find((m) => m.to === MOBILE);
  };

  beforeAll(async () => {
    // The tests above leave DLT unchecked and no OTP template: check DLT again, register both texts.
    expect((await t.app.inject({ method: 'PUT', url: '/api/user/company', headers: admin, payload: { dlt_check_applicable: true } })).statusCode).toBe(200);
    const hiReg = await t.app.inject({ method: 'POST', url: '/api/compliance/dlt-templates', headers: admin, payload: { template_id: HI_DLT.dlt_template_id, entity_id: DLT.dlt_entity_id, sender_header: 'RCVOPS', category: 'service_implicit', body: '{#var#} आपका Recovery Ops साइन-इन OTP है। {#var#} मिनट तक मान्य। इसे किसी से साझा न करें।' } });
    expect(hiReg.statusCode, hiReg.body).toBe(200);
    for (const [language, body, dlt] of [['en', EN_TEXT, DLT], ['hi', HI_TEXT, HI_DLT]] as const) {
      const res = await t.app.inject({ method: 'POST', url: `/api/communication/templates?company_id=${LENDER}`, headers: admin, payload: { name: 'otp', channel: 'sms', language, body, dlt } });
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it('a Hindi user gets the Hindi OTP template with the code, under its own DLT registration', async () => {
    await setLanguage('hi');
    const sms = await handedSms();
    const code = /^(\d{6}) आपका Recovery Ops साइन-इन OTP है। 10 मिनट तक मान्य। इसे किसी से साझा न करें।$/.exec(sms?.text ?? '')?.[1];
    expect(code, sms?.text).toMatch(/^\d{6}$/);
    expect(sms!.dlt).toMatchObject({ dlt_template_id: HI_DLT.dlt_template_id });
    expect(captured.latest(EMAIL, 'otp').variables.otp).toBe(code);
    const row = await lastSms();
    expect(row).toMatchObject({ status: 'sent', dltTemplateId: HI_DLT.dlt_template_id });
    expect(row.body).toBe('[secret] आपका Recovery Ops साइन-इन OTP है। 10 मिनट तक मान्य। इसे किसी से साझा न करें।');
    expect((await checkOtp(code!)).json().data).toEqual({ valid: true });
  });

  it('a Bahasa user of a company with no Bahasa OTP template gets the English one', async () => {
    await setLanguage('id');
    const sms = await handedSms();
    expect(sms?.text).toMatch(/^\d{6} is your OTP to sign in to Recovery Ops\. Valid for 10 minutes\. Do not share it\.$/);
    expect(await lastSms()).toMatchObject({ status: 'sent', dltTemplateId: DLT.dlt_template_id });
  });

  it("without a preference the company's default language (English in India) is used", async () => {
    await setLanguage(null);
    expect((await handedSms())?.text).toMatch(/^\d{6} is your OTP to sign in/);
  });

  it("a platform user gets the platform's Hindi text only where its DLT id is configured, else English", async () => {
    await t.database.db.update(users).set({ preferredLanguage: 'hi' }).where(eq(users.email, 'ops@platform.test'));
    expect((await sendOtp('ops@platform.test')).statusCode).toBe(200);
    const hi = captured.latest('9000000042', 'otp');
    expect(hi.body).toBe(`${hi.variables.otp} आपका Recovery Ops वन-टाइम पासवर्ड है। यह 10 मिनट में समाप्त हो जाएगा। इसे किसी के साथ साझा न करें।`);
    const [hiRow] = await t.database.db.select().from(messageOutbox).where(eq(messageOutbox.recipient, '9000000042')).orderBy(desc(messageOutbox.id)).limit(1);
    expect(hiRow).toMatchObject({ status: 'sent', dltTemplateId: PLATFORM_DLT_HI });
    // No Bahasa registration is configured: the registered English text goes.
    await t.database.db.update(users).set({ preferredLanguage: 'id' }).where(eq(users.email, 'ops@platform.test'));
    expect((await sendOtp('ops@platform.test')).statusCode).toBe(200);
    const id = captured.latest('9000000042', 'otp');
    expect(id.body).toBe(`${id.variables.otp} is your Recovery Ops one-time password. It expires in 10 minutes. Do not share it with anyone.`);
    const [idRow] = await t.database.db.select().from(messageOutbox).where(eq(messageOutbox.recipient, '9000000042')).orderBy(desc(messageOutbox.id)).limit(1);
    expect(idRow).toMatchObject({ status: 'sent', dltTemplateId: PLATFORM_DLT_ID });
  });
});
