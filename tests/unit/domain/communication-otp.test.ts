/** Sign-in OTP SMS rule (src/domain/communication/otp.ts): DLT in India when checked; no hours, no DND. */
import { describe, expect, it } from 'vitest';
import { otpLanguage, otpSmsRefusal, otpSmsText, pickOtpTemplate, PLATFORM_OTP_DLT_BODY, PLATFORM_OTP_SMS, PLATFORM_OTP_SMS_TEXTS, platformOtpSms } from '../../../src/domain/communication/otp';
import { dltBodyOf } from '../../../src/domain/communication/render';
import type { DltTemplate } from '../../../src/domain/compliance/dlt';
import { matchDlt } from '../../../src/domain/compliance/dlt';

const INDIA = { country: 'INDIA' as const, dltCheckApplicable: true };
const registered = (over: Partial<DltTemplate> = {}): DltTemplate => ({ template_id: '1107160000000000001', entity_id: '1101160000000000001', sender_header: 'RCVOPS', category: 'service_implicit', body: PLATFORM_OTP_DLT_BODY, ...over });
const text = otpSmsText(PLATFORM_OTP_SMS.body, '042913', 10);

describe('OTP SMS text', () => {
  it('renders the code and the minutes; the platform default matches its own DLT body', () => {
    expect(text).toBe('042913 is your Recovery Ops one-time password. It expires in 10 minutes. Do not share it with anyone.');
    expect(PLATFORM_OTP_DLT_BODY).toBe('{#var#} is your Recovery Ops one-time password. It expires in {#var#} minutes. Do not share it with anyone.');
    expect(matchDlt(PLATFORM_OTP_DLT_BODY, text).ok).toBe(true);
    expect(PLATFORM_OTP_SMS.senderHeader.length).toBeLessThanOrEqual(6);
  });

  it('refuses a template without {{otp}}', () => {
    expect(() => otpSmsText('Your code is {{code}}', '123456', 10)).toThrow(/\{\{otp\}\}/);
  });
});

describe('otpSmsRefusal', () => {
  it('passes a matching transactional or service implicit registration', () => {
    expect(otpSmsRefusal(INDIA, text, registered())).toBeNull();
    expect(otpSmsRefusal(INDIA, text, registered({ category: 'transactional' }))).toBeNull();
  });

  it('is not judged outside India, without dlt_check_applicable, or for the platform', () => {
    expect(otpSmsRefusal({ country: 'INDONESIA', dltCheckApplicable: true }, 'anything', null)).toBeNull();
    expect(otpSmsRefusal({ country: 'INDIA', dltCheckApplicable: false }, 'anything', null)).toBeNull();
    expect(otpSmsRefusal(null, 'anything', null)).toBeNull();
  });

  it('refuses no registration, a mismatch, a long variable, a promotional or service explicit category, bad fields', () => {
    expect(otpSmsRefusal(INDIA, text, null)?.code).toBe('DLT_TEMPLATE_REQUIRED');
    expect(otpSmsRefusal(INDIA, `${text} `, registered())).toEqual({ code: 'DLT_TEXT_MISMATCH', message: 'The message does not match its DLT template 1107160000000000001 exactly' });
    const long = otpSmsText(PLATFORM_OTP_SMS.body, '1'.repeat(31), 10);
    expect(otpSmsRefusal(INDIA, long, registered())?.code).toBe('DLT_VARIABLE_TOO_LONG');
    expect(otpSmsRefusal(INDIA, text, registered({ category: 'promotional' }))?.code).toBe('DLT_CATEGORY_NOT_FOR_OTP');
    expect(otpSmsRefusal(INDIA, text, registered({ category: 'service_explicit' }))?.code).toBe('DLT_CATEGORY_NOT_FOR_OTP');
    expect(otpSmsRefusal(INDIA, text, registered({ sender_header: 'TOOLONGHDR' }))?.code).toBe('DLT_TEMPLATE_INVALID');
  });
});

describe('the language of an OTP SMS', () => {
  it("is the user's preferred language, else the company's default (Bahasa in Indonesia, English in India), else English", () => {
    expect(otpLanguage('hi', 'INDIA')).toBe('hi');
    expect(otpLanguage('en', 'INDONESIA')).toBe('en');
    expect(otpLanguage(null, 'INDONESIA')).toBe('id');
    expect(otpLanguage(null, 'INDIA')).toBe('en');
    expect(otpLanguage('fr', null)).toBe('en');
    expect(otpLanguage(undefined, null)).toBe('en');
  });

  it("picks the company's template in that language, else its English one, else any", () => {
    const hi = { language: 'hi', body: 'hi' };
    const en = { language: 'en', body: 'en' };
    const id = { language: 'id', body: 'id' };
    expect(pickOtpTemplate([en, hi], 'hi')).toBe(hi);
    expect(pickOtpTemplate([hi, en], 'id')).toBe(en);
    expect(pickOtpTemplate([id], 'hi')).toBe(id);
    expect(pickOtpTemplate([], 'en')).toBeNull();
  });

  it("sends the platform's Hindi or Bahasa text only under its own DLT id, else the registered English text", () => {
    const ids = { en: '1107160000000009999', hi: '1107160000000009998', id: null };
    expect(platformOtpSms('hi', ids)).toEqual({ language: 'hi', body: PLATFORM_OTP_SMS_TEXTS.hi, dltTemplateId: '1107160000000009998' });
    expect(platformOtpSms('id', ids)).toEqual({ language: 'en', body: PLATFORM_OTP_SMS.body, dltTemplateId: '1107160000000009999' });
    expect(platformOtpSms('en', { en: null })).toEqual({ language: 'en', body: PLATFORM_OTP_SMS.body, dltTemplateId: null });
  });

  it('each platform text carries the code and the minutes and matches its own DLT body', () => {
    for (const body of Object.values(PLATFORM_OTP_SMS_TEXTS)) {
      const text = otpSmsText(body, '482913', 10);
      expect(text.startsWith('482913 ')).toBe(true);
      expect(text).toContain('10');
      expect(matchDlt(dltBodyOf(body), text).ok).toBe(true);
    }
    expect(otpSmsText(PLATFORM_OTP_SMS_TEXTS.id, '482913', 10)).toBe('482913 adalah kata sandi sekali pakai Recovery Ops Anda. Berlaku 10 menit. Jangan berikan kepada siapa pun.');
  });
});
