/**
 * The promoted-column rules computed before staging (issue 12 "Speed"): they must give what
 * PostgreSQL gave when the upsert read them from the jsonb (the expected values below are
 * PostgreSQL 15's answers to the same expressions).
 */
import { describe, expect, it } from 'vitest';
import { numericText, promotedValue } from '../../../src/server/modules/portfolio/loan-writer';

describe('numericText', () => {
  it('prints numbers as jsonb::text does', () => {
    expect(numericText(1e21)).toBe('1000000000000000000000');
    expect(numericText(1.5e-7)).toBe('0.00000015');
    expect(numericText(-2.5e22)).toBe('-25000000000000000000000');
    expect(numericText(123.45)).toBe('123.45');
    expect(numericText(-0)).toBe('0');
    expect(numericText(411001)).toBe('411001');
  });
});

describe('promotedValue', () => {
  it('rounds amounts to minor units on their decimal digits, halves away from zero', () => {
    // round('1.005'::numeric * 100) = 101 (binary floating point would say 100)
    expect(promotedValue(1.005, 'minor')).toBe('101');
    expect(promotedValue(-2.675, 'minor')).toBe('-268');
    expect(promotedValue(0.125, 'minor')).toBe('13');
    expect(promotedValue(1e-7, 'minor')).toBe('0');
    expect(promotedValue(45000, 'minor')).toBe('4500000');
    expect(promotedValue(1e12, 'minor')).toBe('100000000000000');
    expect(promotedValue(1e12 + 1, 'minor')).toBeNull();
    expect(promotedValue('45000', 'minor')).toBeNull();
  });
  it('takes integers of at most 9 digits, ISO days, and text or numbers as text', () => {
    expect(promotedValue(45, 'int')).toBe('45');
    expect(promotedValue(-45, 'int')).toBe('-45');
    expect(promotedValue(4.5, 'int')).toBeNull();
    expect(promotedValue(1234567890, 'int')).toBeNull();
    expect(promotedValue('45', 'int')).toBeNull();
    expect(promotedValue('2024-01-31', 'date')).toBe('2024-01-31');
    expect(promotedValue('31-01-2024', 'date')).toBeNull();
    expect(promotedValue(20240131, 'date')).toBeNull();
    expect(promotedValue('Pune', 'text')).toBe('Pune');
    expect(promotedValue(411001, 'text')).toBe('411001');
    expect(promotedValue(null, 'text')).toBeNull();
    expect(promotedValue(undefined, 'int')).toBeNull();
  });
});
