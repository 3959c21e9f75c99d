/**
 * Loan filters (spec 3 filter config, spec 5 "Filtering loans is refused wholesale if any batch
 * fails", spec 9 batch size 50).
 */
import { describe, expect, it } from 'vitest';
import type { FilterableVariable } from '../../../src/domain/portfolio/loan-filters';
import { filterConfigItems, filterLoansInBatches, groupFilterItems, LoanFilterBatchError, validateLoanFilters } from '../../../src/domain/portfolio/loan-filters';
import { SYSTEM_VARIABLES } from '../../../src/domain/portfolio/system-variables';

const masked = new Set(['applicant_name', 'applicant_contact_number', 'email']);
const variables: FilterableVariable[] = SYSTEM_VARIABLES.map((v) => ({ ...v, is_masked: masked.has(v.variable_name) }));
const items = filterConfigItems(variables).map((i) => i.item);
const ids = (n: number) => Array.from({ length: n }, (_, i) => `L${i + 1}`);

describe('filter config', () => {
  it('derives input types from data types and offers no masked field', () => {
    const byKey = new Map(items.map((i) => [i.filter_key, i]));
    expect(byKey.get('dpd')).toMatchObject({ input_type: 'range', pre_load_filter: false });
    expect(byKey.get('total_claim_amount')?.input_type).toBe('range');
    expect(byKey.get('date_of_default')?.input_type).toBe('date_range');
    expect(byKey.get('state')).toMatchObject({ input_type: 'multi_select', pre_load_filter: true });
    expect(byKey.get('fos_status')?.input_type).toBe('multi_select');
    expect(byKey.get('address_line_1')?.input_type).toBe('text');
    for (const name of masked) expect(byKey.has(name)).toBe(false);
    expect(items.map((i) => i.filter_order)).toEqual(items.map((_, i) => i + 1));
  });

  it("puts 'Number of Co-Applicant Present' (integer range) in the applicant group", () => {
    const groups = groupFilterItems(filterConfigItems(variables));
    const applicant = groups.find((g) => g.group_key === 'applicant')!;
    expect(applicant.group_label).toBe('Applicant attributes');
    expect(applicant.group_filters.find((f) => f.filter_key === 'co_applicant_count')).toMatchObject({
      filter_name: 'Number of Co-Applicant Present',
      data_type: 'integer',
      input_type: 'range',
    });
  });
});

describe('validateLoanFilters', () => {
  it('accepts filters that fit their input type', () => {
    expect(
      validateLoanFilters(
        [
          { filter_key: 'dpd', min: 30, max: 90 },
          { filter_key: 'state', values: ['Punjab'] },
          { filter_key: 'date_of_default', min: '2026-01-01' },
          { filter_key: 'address_line_1', text: 'road' },
          { filter_key: 'co_applicant_count', min: '1' },
        ],
        items,
      ),
    ).toBeNull();
  });

  it('names the first problem', () => {
    expect(validateLoanFilters([{ filter_key: 'nope', min: 1 }], items)).toBe('Unknown filter: nope');
    expect(validateLoanFilters([{ filter_key: 'applicant_contact_number', text: '98' }], items)).toBe('Unknown filter: applicant_contact_number');
    expect(validateLoanFilters([{ filter_key: 'state', values: [] }], items)).toBe('State: choose at least one value');
    expect(validateLoanFilters([{ filter_key: 'dpd', min: 'abc' }], items)).toBe('DPD: min and max must be numbers');
    expect(validateLoanFilters([{ filter_key: 'dpd' }], items)).toBe('DPD: give a min or a max');
    expect(validateLoanFilters([{ filter_key: 'date_of_default', max: '01/02/2026' }], items)).toBe('Date of Default: dates must be YYYY-MM-DD');
  });
});

describe('filterLoansInBatches', () => {
  it('filters in batches of 50 and answers matches in input order', async () => {
    const sizes: number[] = [];
    const result = await filterLoansInBatches(ids(120), [], async (batch) => {
      sizes.push(batch.length);
      return batch.filter((id) => Number(id.slice(1)) % 3 === 0).reverse();
    });
    expect(sizes).toEqual([50, 50, 20]);
    expect(result).toEqual(ids(120).filter((id) => Number(id.slice(1)) % 3 === 0));
  });

  it('refuses wholesale when any batch fails: no partial result', async () => {
    let calls = 0;
    const run = filterLoansInBatches(ids(120), [{ filter_key: 'dpd', min: 1 }], async (batch) => {
      calls += 1;
      if (calls === 2) throw new Error('timeout');
      return batch;
    });
    await expect(run).rejects.toBeInstanceOf(LoanFilterBatchError);
    await expect(run).rejects.toThrow('Filtering loans failed: 1 of 3 batches could not be filtered, so no loans were filtered');
    expect(calls).toBe(3);
  });
});
