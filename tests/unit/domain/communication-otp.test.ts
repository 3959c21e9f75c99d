/** Sign-in OTP SMS rule (src/domain/communication/otp.ts): DLT in India when checked; no hours, no DND. */
import { describe, expect, it } from 'vitest';
import { otpSmsRefusal, otpSmsText, PLATFORM_OTP_DLT_BODY, PLATFORM_OTP_SMS } from '../../../src/domain/communication/otp';
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
