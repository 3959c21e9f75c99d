import { describe, expect, it } from 'vitest';
import { BLANK_PLACEHOLDERS, isBlankCell, squash, unwrapCell } from '../../../src/domain/portfolio/normalise';
import { parseEmail, parseMobile, parsePincode } from '../../../src/domain/portfolio/normalise-contact';
import { parseDate } from '../../../src/domain/portfolio/normalise-dates';
import { parseAmount, parseInteger, parseNumber } from '../../../src/domain/portfolio/normalise-numbers';
import { cleanText } from '../../../src/domain/portfolio/normalise-text';

const value = <T>(r: { ok: true; value: T } | { ok: false; reason: string }): T | string => (r.ok ? r.value : `ERR ${r.reason}`);

describe('parseAmount (INR)', () => {
  it.each([
    ['1,23,456.50', 123456.5],
    ['123,456.50', 123456.5],
    ['Rs. 45,000', 45000],
    ['Rs 45,000/-', 45000],
    ['Rs.45000.00', 45000],
    ['₹ 1,000', 1000],
    ['₹1,00,00,000', 10000000],
    ['INR 500.5', 500.5],
    ['45000', 45000],
    ['  45000  ', 45000],
    ['1,000 Rs', 1000],
    ['0', 0],
    [45000, 45000],
    [123456.5, 123456.5],
    [0.1 + 0.2, 0.3],
    [1234.5678, 1234.57],
  ])('%s → %s', (raw, expected) => {
    expect(value(parseAmount(raw))).toBe(expected);
  });

  it('explains refusals', () => {
    expect(parseAmount('12,34a')).toEqual({ ok: false, reason: "Amount '12,34a' is not a number" });
    expect(parseAmount('12,34')).toEqual({ ok: false, reason: "Amount '12,34' is not a number" });
    expect(parseAmount('-500')).toEqual({ ok: false, reason: "Amount '-500' is negative" });
    expect(parseAmount('(500)')).toEqual({ ok: false, reason: "Amount '(500)' is negative" });
    expect(parseAmount('10.555')).toEqual({ ok: false, reason: "Amount '10.555' has more than 2 decimals" });
    expect(parseAmount('Rs.')).toEqual({ ok: false, reason: "Amount 'Rs.' is not a number" });
    expect(parseAmount('')).toEqual({ ok: false, reason: 'Amount is empty' });
    expect(parseAmount(null)).toEqual({ ok: false, reason: 'Amount is empty' });
    expect(parseAmount(Number.NaN).ok).toBe(false);
    expect(parseAmount(-1).ok).toBe(false);
    expect(parseAmount('#VALUE!')).toEqual({ ok: false, reason: "Cell holds the Excel error '#VALUE!'" });
    expect(parseAmount('1.234.567').ok).toBe(false); // '.' does not group thousands for rupees
    // Plain digits take a shorter path; its answers are the full reading's.
    expect(parseAmount('99999999999999999')).toEqual({ ok: false, reason: "Amount '99999999999999999' is too large" });
    expect(parseAmount('90071992547409.99')).toEqual({ ok: false, reason: "Amount '90071992547409.99' is too large" });
    expect(parseAmount('0012.5')).toEqual({ ok: true, value: 12.5 });
    expect(parseAmount('1.234', 'IDR')).toEqual({ ok: true, value: 1234 });
    expect(parseInteger('0090')).toEqual({ ok: true, value: 90 });
  });
});

describe('parseAmount (IDR)', () => {
  it.each([
    ['Rp 1.234.567', 1234567],
    ['Rp1.234.567,50', 1234567.5],
    ['Rp. 1.234', 1234],
    ['1,234,567', 1234567],
    ['1,234,567.50', 1234567.5],
    ['IDR 2.500.000', 2500000],
    ['1500000', 1500000],
    ['1,5', 1.5],
    [2500000, 2500000],
  ])('%s → %s', (raw, expected) => {
    expect(value(parseAmount(raw, 'IDR'))).toBe(expected);
  });

  it('refuses mixed-up separators', () => {
    expect(parseAmount('1.23.456', 'IDR').ok).toBe(false);
    expect(parseAmount('Rp 1.234,567', 'IDR').ok).toBe(false);
  });
});

describe('parseDate', () => {
  it.each([
    ['15/03/2024', '2024-03-15'],
    ['5/3/2024', '2024-03-05'],
    ['15-03-2024', '2024-03-15'],
    ['15.03.2024', '2024-03-15'],
    ['15/03/24', '2024-03-15'],
    ['15-Mar-24', '2024-03-15'],
    ['05-MAR-2024', '2024-03-05'],
    ['5 March 2024', '2024-03-05'],
    ['17-Agu-2023', '2023-08-17'],
    ['1 Mei 2024', '2024-05-01'],
    ['Mar 15, 2024', '2024-03-15'],
    ['2024-03-15', '2024-03-15'],
    ['2024/3/5', '2024-03-05'],
    ['2024-03-15T00:00:00.000Z', '2024-03-15'],
    ['2024-03-15 00:00:00', '2024-03-15'],
    ['29/02/2024', '2024-02-29'],
    ['01-Jan-65', '1965-01-01'],
    [45366, '2024-03-15'],
    [45366.75, '2024-03-15'],
    ['45366', '2024-03-15'],
    [1, '1900-01-01'],
    [59, '1900-02-28'],
    [61, '1900-03-01'],
    [new Date(Date.UTC(2024, 2, 15)), '2024-03-15'],
    // Local midnight in IST is 18:30 UTC the day before.
    [new Date(Date.UTC(2024, 2, 14, 18, 30)), '2024-03-15'],
    // Local midnight in WIB (UTC+7).
    [new Date(Date.UTC(2024, 2, 14, 17, 0)), '2024-03-15'],
  ])('%s → %s', (raw, expected) => {
    expect(value(parseDate(raw))).toBe(expected);
  });

  it('refuses impossible and ambiguous dates', () => {
    expect(parseDate('31/02/2024')).toEqual({ ok: false, reason: "Date '31/02/2024' does not exist" });
    expect(parseDate('29/02/2023')).toEqual({ ok: false, reason: "Date '29/02/2023' does not exist" });
    expect(parseDate('12/31/2024')).toEqual({ ok: false, reason: "Date '12/31/2024' has no month 31" });
    expect(parseDate('2024')).toEqual({ ok: false, reason: "Date '2024' is not a recognised date" });
    expect(parseDate('15/03')).toEqual({ ok: false, reason: "Date '15/03' is not a recognised date" });
    expect(parseDate('15-Foo-2024')).toEqual({ ok: false, reason: "Date '15-Foo-2024' has an unknown month 'Foo'" });
    expect(parseDate('01/01/1850').ok).toBe(false);
    expect(parseDate(60)).toEqual({ ok: false, reason: "Date '60' is Excel's non-existent 1900-02-29" });
    expect(parseDate(0).ok).toBe(false);
    expect(parseDate(20240315).ok).toBe(false);
    expect(parseDate(new Date('nope')).ok).toBe(false);
    expect(parseDate('')).toEqual({ ok: false, reason: 'Date is empty' });
  });
});

describe('parseMobile (+91)', () => {
  it.each([
    ['+91 98765 43210', '9876543210'],
    ['+91-98765-43210', '9876543210'],
    ['+91 098765 43210', '9876543210'],
    ['098765 43210', '9876543210'],
    ['91-9876543210', '9876543210'],
    ['919876543210', '9876543210'],
    ['0091 9876543210', '9876543210'],
    ['(+91) 98765-43210', '9876543210'],
    ['9198765432', '9198765432'],
    [' 98765\u00a043210 ', '9876543210'],
    [9876543210, '9876543210'],
    [919876543210, '9876543210'],
    ['9876543210.0', '9876543210'],
  ])('%s → %s', (raw, expected) => {
    expect(value(parseMobile(raw, '+91'))).toBe(expected);
  });

  it('explains refusals', () => {
    expect(parseMobile('12345', '+91')).toEqual({ ok: false, reason: "Mobile '12345' is not a 10-digit Indian mobile number starting 6–9" });
    expect(parseMobile('5876543210', '+91').ok).toBe(false);
    expect(parseMobile('+62 812-3456-7890', '+91')).toEqual({ ok: false, reason: "Mobile '+62 812-3456-7890' has country code +62, not +91" });
    expect(parseMobile('98765 43210 / 91234 56780', '+91')).toEqual({ ok: false, reason: "Mobile '98765 43210 / 91234 56780' holds more than one number" });
    expect(parseMobile('9876543210, 9123456780', '+91').ok).toBe(false);
    expect(parseMobile('98765abc10', '+91')).toEqual({ ok: false, reason: "Mobile '98765abc10' is not a phone number" });
    expect(parseMobile(9.87654321e9 + 0.5, '+91').ok).toBe(false);
    expect(parseMobile('', '+91')).toEqual({ ok: false, reason: 'Mobile is empty' });
  });
});

describe('parseMobile (+62)', () => {
  it.each([
    ['+62 812-3456-7890', '81234567890'],
    ['0812-3456-7890', '81234567890'],
    ['081234567890', '81234567890'],
    ['62 812 3456 7890', '81234567890'],
    ['0812345678', '812345678'],
    [81234567890, '81234567890'],
  ])('%s → %s', (raw, expected) => {
    expect(value(parseMobile(raw, '+62'))).toBe(expected);
  });

  it('refuses landlines and short numbers', () => {
    expect(parseMobile('021 5551234', '+62').ok).toBe(false);
    expect(parseMobile('0812', '+62').ok).toBe(false);
    expect(parseMobile('+91 98765 43210', '+62')).toEqual({ ok: false, reason: "Mobile '+91 98765 43210' has country code +91, not +62" });
  });
});

describe('parsePincode', () => {
  it('reads Indian PIN codes', () => {
    expect(value(parsePincode('560001', 'INDIA'))).toBe('560001');
    expect(value(parsePincode(' 560 001 ', 'INDIA'))).toBe('560001');
    expect(value(parsePincode(110001, 'INDIA'))).toBe('110001');
    expect(value(parsePincode('110001.0', 'INDIA'))).toBe('110001');
    expect(parsePincode('056001', 'INDIA')).toEqual({ ok: false, reason: "Pincode '056001' is not a 6-digit Indian PIN code (first digit not 0)" });
    expect(parsePincode('12190', 'INDIA').ok).toBe(false);
    expect(parsePincode('', 'INDIA')).toEqual({ ok: false, reason: 'Pincode is empty' });
  });

  it('reads Indonesian postal codes', () => {
    expect(value(parsePincode('12190', 'INDONESIA'))).toBe('12190');
    expect(value(parsePincode(40115, 'INDONESIA'))).toBe('40115');
    expect(parsePincode('560001', 'INDONESIA')).toEqual({ ok: false, reason: "Postal code '560001' is not a 5-digit Indonesian postal code" });
  });
});

describe('parseInteger and parseNumber', () => {
  it('reads whole numbers', () => {
    expect(value(parseInteger('90'))).toBe(90);
    expect(value(parseInteger(' 1,200 '))).toBe(1200);
    expect(value(parseInteger('90.0'))).toBe(90);
    expect(value(parseInteger(120))).toBe(120);
    expect(parseInteger('12.5')).toEqual({ ok: false, reason: "Number '12.5' is not a whole number" });
    expect(parseInteger('-3')).toEqual({ ok: false, reason: "Number '-3' is negative" });
    expect(parseInteger('90+')).toEqual({ ok: false, reason: "Number '90+' is not a number" });
    expect(parseInteger(1e20).ok).toBe(false);
  });

  it('reads decimal numbers', () => {
    expect(value(parseNumber('12.5'))).toBe(12.5);
    expect(value(parseNumber('-3'))).toBe(-3);
    expect(value(parseNumber('1,234.75'))).toBe(1234.75);
    expect(value(parseNumber('12.5%'))).toBe(12.5);
    expect(value(parseNumber('.5'))).toBe(0.5);
    expect(parseNumber('1e5').ok).toBe(false);
    expect(parseNumber('twelve')).toEqual({ ok: false, reason: "Number 'twelve' is not a number" });
  });
});

describe('parseEmail', () => {
  it('trims, lower-cases and checks spec 5', () => {
    expect(value(parseEmail('  Ravi.Kumar@Example.co.in '))).toBe('ravi.kumar@example.co.in');
    expect(value(parseEmail('mailto:a_b@x.com'))).toBe('a_b@x.com');
    expect(parseEmail('ravi@')).toEqual({ ok: false, reason: "Email 'ravi@' is not a valid email address" });
    expect(parseEmail('a@x.com; b@y.com')).toEqual({ ok: false, reason: "Email 'a@x.com; b@y.com' holds more than one address" });
    expect(parseEmail(12).ok).toBe(false);
  });
});

describe('cleanText', () => {
  it('trims and collapses spaces', () => {
    expect(value(cleanText('  Ravi   Kumar\n Sharma '))).toBe('Ravi Kumar Sharma');
    expect(value(cleanText('Ravi\u00a0Kumar'))).toBe('Ravi Kumar');
    expect(value(cleanText(123456789))).toBe('123456789');
    expect(value(cleanText(new Date(Date.UTC(2024, 0, 5))))).toBe('2024-01-05');
    expect(value(cleanText('a < b'))).toBe('a < b');
  });

  it('refuses markup, blanks and Excel errors', () => {
    expect(cleanText('<b>Ravi</b>')).toEqual({ ok: false, reason: "Text '<b>Ravi</b>' contains markup tags" });
    expect(cleanText('   ')).toEqual({ ok: false, reason: 'Text is empty' });
    expect(cleanText('#REF!')).toEqual({ ok: false, reason: "Cell holds the Excel error '#REF!'" });
    expect(cleanText({ foo: 1 }).ok).toBe(false);
  });
});

describe('cells', () => {
  it('unwraps reader cell objects', () => {
    expect(unwrapCell({ formula: 'A1*2', result: 42 })).toBe(42);
    expect(unwrapCell({ richText: [{ text: 'Ravi ' }, { text: 'Kumar' }] })).toBe('Ravi Kumar');
    expect(unwrapCell({ text: 'a@x.com', hyperlink: 'mailto:a@x.com' })).toBe('a@x.com');
    expect(unwrapCell({ error: '#N/A' })).toBe('#N/A');
    expect(value(parseAmount({ formula: 'B2+C2', result: 1500.5 }))).toBe(1500.5);
  });

  it('knows blank placeholders', () => {
    for (const blank of [null, undefined, '', '  ', '-', 'NA', 'N/A', 'nil', 'NULL', '#N/A', { error: '#N/A' }, Number.NaN]) {
      expect(isBlankCell(blank)).toBe(true);
    }
    for (const filled of [0, 'Ravi', '0', false, new Date(0)]) {
      expect(isBlankCell(filled)).toBe(false);
    }
  });

  it('reads every placeholder, in any case and padding, as blank, and nothing longer', () => {
    for (const p of BLANK_PLACEHOLDERS) {
      for (const written of [p, p.toUpperCase(), ` \u00a0${p}\t\u200b`]) expect(isBlankCell(written)).toBe(true);
      expect(isBlankCell(`${p}x`)).toBe(false);
      expect(isBlankCell(`x${p}`)).toBe(false);
    }
    for (const filled of ['n a', 'n\u200ba', '----', 'nıl', 'nullnull', '- -']) expect(isBlankCell(filled)).toBe(false);
  });

  it('squashes whitespace runs to one space and trims, leaving squashed text as it is', () => {
    expect(squash('  Ravi \t\u00a0 Kumar\u200b ')).toBe('Ravi Kumar');
    expect(squash('a\u2007b\u202fc\nd')).toBe('a b c d');
    expect(squash('\ufeffRavi Kumar')).toBe('Ravi Kumar');
    expect(squash('Ravi Kumar')).toBe('Ravi Kumar');
  });
});
