import { describe, expect, it } from 'vitest';
import {
  BLOCKED_EXTENSIONS,
  EMAIL_MESSAGE,
  MOBILE_MESSAGE,
  PASSWORD_MESSAGE,
  checkLogo,
  checkPaymentSettingText,
  checkSupportTicket,
  checkUploads,
  containsMarkup,
  fileExtension,
  isAcceptableText,
  isAlphanumeric,
  isNumber,
  isValidAmount,
  isValidDialPhone,
  isValidEmail,
  isValidMobile,
  isValidPassword,
  isValidPostalCode,
  missingMandatoryVariables,
} from '../../../src/domain/validation/rules';

const MB = 1024 * 1024;

describe('email (spec 5)', () => {
  it.each(['ravi.k@demo.in', 'a_b-c.d@mail.example.com', 'X1@x.info', 'admin@demo.id'])('accepts %s', (v) => {
    expect(isValidEmail(v)).toBe(true);
  });
  it.each([
    ['no at sign', 'ravi.demo.in'],
    ['plus in local part', 'ravi+1@demo.in'],
    ['no top level', 'ravi@demo'],
    ['one-letter top level', 'ravi@demo.i'],
    ['five-letter top level', 'ravi@demo.india'],
    ['space', 'ravi k@demo.in'],
    ['empty local part', '@demo.in'],
    ['empty', ''],
  ])('rejects %s', (_label, v) => {
    expect(isValidEmail(v)).toBe(false);
  });
  it('reads the spec message', () => {
    expect(EMAIL_MESSAGE).toBe('Enter a valid email address');
  });
});

describe('mobile and dialing phone (spec 5)', () => {
  it('mobile takes 5 to 15 digits only', () => {
    expect(isValidMobile('12345')).toBe(true);
    expect(isValidMobile('123456789012345')).toBe(true);
    expect(isValidMobile('1234')).toBe(false);
    expect(isValidMobile('1234567890123456')).toBe(false);
    expect(isValidMobile('+919876543210')).toBe(false);
    expect(isValidMobile('98765 43210')).toBe(false);
  });
  it('mobile reads the spec message', () => {
    expect(MOBILE_MESSAGE).toBe('Enter a valid mobile number (5 to 15 digits)');
  });
  it('dialing phone is 10 digits starting 6 to 9', () => {
    for (const first of ['6', '7', '8', '9']) expect(isValidDialPhone(`${first}876543210`)).toBe(true);
    for (const first of ['0', '1', '5']) expect(isValidDialPhone(`${first}876543210`)).toBe(false);
    expect(isValidDialPhone('987654321')).toBe(false);
    expect(isValidDialPhone('98765432101')).toBe(false);
    expect(isValidDialPhone('+919876543210')).toBe(false);
  });
});

describe('password (spec 5)', () => {
  it('accepts the demo password and other complete ones', () => {
    expect(isValidPassword('Demo@1234')).toBe(true);
    expect(isValidPassword('aB3$aaaa')).toBe(true);
  });
  it.each([
    ['7 characters', 'aB3$aaa'],
    ['no lowercase', 'DEMO@1234'],
    ['no uppercase', 'demo@1234'],
    ['no digit', 'Demo@abcd'],
    ['no special', 'Demo12345'],
    ['space is not special', 'Demo 1234'],
  ])('rejects %s', (_label, v) => {
    expect(isValidPassword(v)).toBe(false);
  });
  it('reads the spec message', () => {
    expect(PASSWORD_MESSAGE).toBe(
      'Password must be at least 8 characters with a lowercase letter, an uppercase letter, a digit and a special character',
    );
  });
});

describe('number, alphanumeric, postal code, amount (spec 5)', () => {
  it('number is digits only', () => {
    expect(isNumber('0042')).toBe(true);
    expect(isNumber('')).toBe(false);
    expect(isNumber('4.2')).toBe(false);
    expect(isNumber('-4')).toBe(false);
  });
  it('alphanumeric takes word characters, hyphens and spaces', () => {
    expect(isAlphanumeric('Branch_01 - Pune')).toBe(true);
    expect(isAlphanumeric('Pune, MH')).toBe(false);
    expect(isAlphanumeric('a@b')).toBe(false);
    expect(isAlphanumeric('')).toBe(false);
  });
  it('postal code is 6 digits not starting with 0', () => {
    expect(isValidPostalCode('411001')).toBe(true);
    expect(isValidPostalCode('011001')).toBe(false);
    expect(isValidPostalCode('41100')).toBe(false);
    expect(isValidPostalCode('4110011')).toBe(false);
    expect(isValidPostalCode('41100a')).toBe(false);
  });
  it('amount has at most 2 decimals', () => {
    expect(isValidAmount('1500')).toBe(true);
    expect(isValidAmount('1500.5')).toBe(true);
    expect(isValidAmount('1500.50')).toBe(true);
    expect(isValidAmount('1500.505')).toBe(false);
    expect(isValidAmount('1,500')).toBe(false);
    expect(isValidAmount('-5')).toBe(false);
    expect(isValidAmount('.5')).toBe(false);
    expect(isValidAmount('')).toBe(false);
  });
});

describe('markup in text (spec 5)', () => {
  it.each(['<b>hi</b>', 'hello <script>alert(1)</script>', '<img src=x onerror=alert(1)>', 'x </div>', '<!-- c -->'])(
    'rejects %s',
    (v) => {
      expect(containsMarkup(v)).toBe(true);
      expect(isAcceptableText(v)).toBe(false);
    },
  );
  it('accepts plain text, comparisons and empty text', () => {
    expect(isAcceptableText('Customer promised to pay on 5th')).toBe(true);
    expect(isAcceptableText('EMI < 5000 and dpd > 30')).toBe(true);
    expect(isAcceptableText('')).toBe(true);
    expect(isAcceptableText(null)).toBe(true);
    expect(isAcceptableText(undefined)).toBe(true);
  });
});

describe('uploads (spec 5)', () => {
  const limits = { maxSizeMb: 5, maxFiles: 3 };
  it('lists every blocked extension of the spec', () => {
    expect([...BLOCKED_EXTENSIONS].sort()).toEqual(
      ['js', 'exe', 'php', 'bat', 'sh', 'cmd', 'bin', 'command', 'msc', 'osx', 'vbscript', 'awk', 'reg', 'har', 'rar', 'html', 'svg', 'xml', 'json', 'asp', 'jsp', 'aspx', 'shtml'].sort(),
    );
  });
  it.each(BLOCKED_EXTENSIONS.map((ext) => [ext]))('refuses .%s with the spec message', (ext) => {
    expect(checkUploads([{ name: `file.${ext}`, size: 10 }], limits)).toBe(`.${ext} file type is not supported!`);
  });
  it('reads the extension case-insensitively from the last dot', () => {
    expect(checkUploads([{ name: 'Report.PDF.EXE', size: 10 }], limits)).toBe('.exe file type is not supported!');
    expect(checkUploads([{ name: 'loans.js.xlsx', size: 10 }], limits)).toBeNull();
    expect(fileExtension('README')).toBe('');
    expect(fileExtension('.bashrc')).toBe('');
  });
  it('passes allowed files within limits', () => {
    expect(checkUploads([{ name: 'loans.xlsx', size: 5 * MB }, { name: 'photo.jpg', size: 1 }], limits)).toBeNull();
    expect(checkUploads([], limits)).toBeNull();
  });
  it('refuses a file over the size limit', () => {
    expect(checkUploads([{ name: 'loans.xlsx', size: 5 * MB + 1 }], limits)).toBe('File size exceeds limit of 5MB');
  });
  it('refuses more files than allowed', () => {
    const four = ['a', 'b', 'c', 'd'].map((n) => ({ name: `${n}.pdf`, size: 1 }));
    expect(checkUploads(four, limits)).toBe('You can only select up to 3 files.');
  });
  it('answers the first failing file in selection order', () => {
    expect(checkUploads([{ name: 'big.pdf', size: 6 * MB }, { name: 'x.sh', size: 1 }], limits)).toBe(
      'File size exceeds limit of 5MB',
    );
  });
});

describe('logo, support ticket, payment-setting text (spec 5)', () => {
  it('logo may be up to 3 MB', () => {
    expect(checkLogo(3 * MB)).toBeNull();
    expect(checkLogo(3 * MB + 1)).toBe("Logo size can't be more than 3MB.");
  });
  it('support ticket needs product, subject and a non-empty description', () => {
    const ok = { product: 'Collections', subject: 'Cannot dial', description: 'Dialer stuck on connecting' };
    expect(checkSupportTicket(ok)).toBeNull();
    expect(checkSupportTicket({ ...ok, product: '' })).toBe('Mandatory fields are missing.');
    expect(checkSupportTicket({ ...ok, subject: null })).toBe('Mandatory fields are missing.');
    expect(checkSupportTicket({ ...ok, description: '   ' })).toBe('Mandatory fields are missing.');
  });
  it('payment-setting text may not start or end with a comma or period', () => {
    const msg = 'Special characters not allowed at the start or end.';
    expect(checkPaymentSettingText('Sahyadri Finance Ltd')).toBeNull();
    expect(checkPaymentSettingText('Pune, MH')).toBeNull();
    expect(checkPaymentSettingText('Ltd.')).toBe(msg);
    expect(checkPaymentSettingText(',Pune')).toBe(msg);
    expect(checkPaymentSettingText('.Pune')).toBe(msg);
    expect(checkPaymentSettingText('Pune,')).toBe(msg);
  });
});

describe('mandatory variables (spec 5)', () => {
  const variables = [
    { variable_name: 'ptp_date', is_mandatory: true },
    { variable_name: 'ptp_amount', is_mandatory: true },
    { variable_name: 'remarks', is_mandatory: false },
    { variable_name: 'old_field', is_mandatory: true, active: false },
  ];
  it('blocks the form while a mandatory variable is empty', () => {
    expect(missingMandatoryVariables(variables, { ptp_date: '2025-01-05', ptp_amount: '  ' })).toEqual(['ptp_amount']);
    expect(missingMandatoryVariables(variables, { ptp_date: [], ptp_amount: null })).toEqual(['ptp_date', 'ptp_amount']);
  });
  it('lets the form through when every active mandatory variable has a value', () => {
    expect(missingMandatoryVariables(variables, { ptp_date: '2025-01-05', ptp_amount: 0 })).toEqual([]);
  });
});
