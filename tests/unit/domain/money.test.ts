/** Money as one type (issue 11): minor units exactly, typed amounts read without floating point. */
import { describe, expect, it } from 'vitest';
import { MAX_MINOR, formatMinor, formatMoney, fromMinor, parseAmount, sumMinor, toMinor } from '../../../src/domain/common/money';

describe('money in minor units', () => {
  it('converts major amounts exactly, including those binary floats cannot hold', () => {
    expect(toMinor(1234.57)).toBe(123457);
    expect(toMinor(0.1 + 0.2)).toBe(30);
    expect(toMinor(19.99)).toBe(1999);
    expect(toMinor(-5)).toBe(-500);
    expect(() => toMinor(Number.NaN)).toThrow(RangeError);
    expect(() => toMinor(1e13)).toThrow(RangeError);
    expect(fromMinor(123457)).toBe(1234.57);
  });

  it('reads typed amounts digit by digit (spec 5: at most 2 decimals)', () => {
    expect(parseAmount('1,23,456.5')).toBe(12345650);
    expect(parseAmount('Rs. 1500')).toBe(150000);
    expect(parseAmount('0.07')).toBe(7);
    expect(parseAmount('1.234')).toBeNull();
    expect(parseAmount('-5')).toBeNull();
    expect(parseAmount('abc')).toBeNull();
  });

  it('adds 10,000 receipts of odd paise to exactly the sum of their parts, where floats drift', () => {
    const receipts = Array.from({ length: 10_000 }, (_, i) => 100 + ((i * 7919) % 99_991) / 100);
    const minors = receipts.map(toMinor);
    const exact = minors.reduce((s, m) => s + BigInt(m), 0n);
    expect(BigInt(sumMinor(minors))).toBe(exact);
    // The float sum of the same rupee amounts misses the paisa: the reason money is never a float.
    const floatSum = receipts.reduce((s, r) => s + r, 0);
    expect(Math.round(floatSum * 100)).not.toBe(floatSum * 100);
    expect(formatMinor(sumMinor(minors), 'INR')).toBe(`Rs ${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2 }).format(Number(exact) / 100)}`);
  });

  it('formats Rs with Indian grouping and Rp with thousands (spec 9)', () => {
    expect(formatMinor(12345650, 'INR')).toBe('Rs 1,23,456.50');
    expect(formatMinor(123456700, 'IDR')).toBe('Rp 1,234,567');
  });

  it('writes the same text as Intl.NumberFormat en-IN / en-US did, without Intl, for amounts of every size and sign', () => {
    // The formatter no longer goes through Intl (issue 18: a page's first Intl formatter loads ICU);
    // the spec 9 formats must not move: compare with what Intl writes for 5,000 amounts up to MAX_MINOR.
    const intl = (minor: number, locale: string, symbol: string) => {
      const rounded = Math.round(Math.abs(minor)) / 100;
      const digits = Number.isInteger(rounded) ? 0 : 2;
      const text = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(rounded);
      return `${minor < 0 && rounded !== 0 ? '-' : ''}${symbol} ${text}`;
    };
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const amounts = [0, 1, 99, 100, 105, 99_999, 100_000, 1_000_00, 12_345_650, -50_000, -1, MAX_MINOR, -MAX_MINOR];
    for (let i = 0; i < 5_000; i++) amounts.push(Math.round((next() - 0.3) * 10 ** Math.floor(next() * 15)));
    for (const minor of amounts) {
      expect(formatMinor(minor, 'INR')).toBe(intl(minor, 'en-IN', 'Rs'));
      expect(formatMinor(minor, 'IDR')).toBe(intl(minor, 'en-US', 'Rp'));
    }
    expect(formatMoney(-1234567.891, 'INR')).toBe('-Rs 12,34,567.89');
    expect(formatMoney(0.004, 'IDR')).toBe('Rp 0');
  });
});
