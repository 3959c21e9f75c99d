import { describe, expect, it } from 'vitest';
import { receiptBody } from '../../../src/domain/contracts/field/receipts.schema';

describe('field amounts', () => {
  const receipt = (amount: number) => receiptBody.safeParse({ receipt_number: 'FE1-000001', loan_id: 'L1', allocation_month: '2026-11', amount, payment_mode: 'cash', payer_name: 'A', collected_at: '2026-11-01T10:00:00Z' });
  it('accepts two decimals whatever their binary form, refuses three', () => {
    for (const ok of [1234.57, 0.1, 13345.67, 1.1, 500]) expect(receipt(ok).success, String(ok)).toBe(true);
    for (const bad of [1.234, 0.001, -5]) expect(receipt(bad).success, String(bad)).toBe(false);
  });
});
