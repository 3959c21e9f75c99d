import { describe, expect, it } from 'vitest';
import { currencySymbol, formatMinor, formatMoney } from '../../../src/domain/common/money';
import { formatFileSize } from '../../../src/domain/common/file-size';
import { formatDate } from '../../../src/domain/common/dates';

describe('money (spec 9)', () => {
  it('groups rupees the Indian way with Rs', () => {
    expect(formatMoney(123456.5, 'INR')).toBe('Rs 1,23,456.50');
    expect(formatMoney(10000000, 'INR')).toBe('Rs 1,00,00,000');
    expect(formatMoney(0, 'INR')).toBe('Rs 0');
  });
  it('groups rupiah in thousands with Rp', () => {
    expect(formatMoney(1234567, 'IDR')).toBe('Rp 1,234,567');
    expect(formatMoney(1234567.25, 'IDR')).toBe('Rp 1,234,567.25');
  });
  it('rounds to two decimals and signs negatives', () => {
    expect(formatMoney(99.999, 'INR')).toBe('Rs 100');
    expect(formatMoney(0.1 + 0.2, 'INR')).toBe('Rs 0.30');
    expect(formatMoney(-1500, 'INR')).toBe('-Rs 1,500');
  });
  it('formats minor units (paise, sen)', () => {
    expect(formatMinor(12345650, 'INR')).toBe('Rs 1,23,456.50');
    expect(formatMinor(123456700, 'IDR')).toBe('Rp 1,234,567');
    expect(formatMinor(5, 'INR')).toBe('Rs 0.05');
  });
  it('defaults to Rs and refuses non-numbers', () => {
    expect(currencySymbol('IDR')).toBe('Rp');
    expect(currencySymbol('INR')).toBe('Rs');
    expect(currencySymbol(undefined)).toBe('Rs');
    expect(formatMoney(1000)).toBe('Rs 1,000');
    expect(() => formatMoney(Number.NaN, 'INR')).toThrow(RangeError);
  });
});

describe('file size (spec 9)', () => {
  it('uses Bytes, KB, MB and GB', () => {
    expect(formatFileSize(0)).toBe('0 Bytes');
    expect(formatFileSize(500)).toBe('500 Bytes');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(3 * 1024 * 1024)).toBe('3 MB');
    expect(formatFileSize(1234567)).toBe('1.18 MB');
    expect(formatFileSize(2.5 * 1024 ** 3)).toBe('2.5 GB');
    expect(formatFileSize(2048 * 1024 ** 3)).toBe('2048 GB');
  });
});

describe('dates (spec 8)', () => {
  it('renders unparsable dates as Invalid Date', () => {
    expect(formatDate('not a date')).toBe('Invalid Date');
    expect(formatDate('2025-13-45')).toBe('Invalid Date');
    expect(formatDate(new Date(Number.NaN))).toBe('Invalid Date');
  });
  it('shows nothing for an absent date', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
  });
  it('shows a calendar date as written in any zone', () => {
    expect(formatDate('2025-01-05')).toBe('05 Jan 2025');
    expect(formatDate('2025-01-05', { timeZone: 'Pacific/Honolulu' })).toBe('05 Jan 2025');
  });
  it('shows instants in the requested zone, with time when asked', () => {
    expect(formatDate('2025-01-05T20:00:00Z', { timeZone: 'Asia/Kolkata' })).toBe('06 Jan 2025');
    expect(formatDate(Date.UTC(2025, 0, 5, 9, 0), { timeZone: 'Asia/Jakarta', withTime: true })).toBe('05 Jan 2025, 16:00');
  });
});
