/** Loans table columns (spec 3 loan table columns, spec 9 max 3 pinned) and filter chips. */
import { describe, expect, it } from 'vitest';
import type { Variable } from '../../../src/domain/contracts/portfolio/variables';
import {
  PIN_LIMIT_MESSAGE,
  cleanPrefs,
  defaultPrefs,
  formatCell,
  pinnedOffsets,
  tableColumns,
  togglePin,
  toggleVisible,
} from '../../../src/web/features/portfolio/columns';
import { describeFilter, isEmptyFilter } from '../../../src/web/components/loan-filters-drawer';
import { screenLink } from '../../../src/web/features/portfolio/links';

const variable = (variable_name: string, variable_label: string, data_type: Variable['data_type'] = 'string'): Variable => ({
  variable_id: variable_name,
  variable_name,
  variable_label,
  variable_type: 'system',
  data_type,
  allow_multiple_values: false,
  active: true,
  is_mandatory: false,
  sub_variables: [],
  variable_group: 'loan',
  is_masked: false,
});

const VARIABLES = [
  variable('loan_id', 'Loan ID'),
  variable('applicant_name', 'Applicant Name'),
  variable('dpd', 'DPD', 'integer'),
  variable('total_claim_amount', 'Total Claim Amount', 'amount'),
  variable('city', 'City'),
];

describe('loan table columns', () => {
  it('starts with loan id pinned and only columns the company has', () => {
    const prefs = defaultPrefs(VARIABLES);
    expect(prefs.pinned).toEqual(['loan_id']);
    expect(prefs.visible).toEqual(['loan_id', 'applicant_name', 'total_claim_amount', 'dpd', 'remarks']);
  });

  it('refuses a fourth pinned column with the limit message', () => {
    let prefs = defaultPrefs(VARIABLES);
    for (const name of ['applicant_name', 'dpd']) {
      const next = togglePin(prefs, name);
      if ('error' in next) throw new Error(next.error);
      prefs = next;
    }
    expect(prefs.pinned).toEqual(['loan_id', 'applicant_name', 'dpd']);
    expect(togglePin(prefs, 'city')).toEqual({ error: PIN_LIMIT_MESSAGE });
    expect(PIN_LIMIT_MESSAGE).toBe('You can pin up to 3 columns');
    const unpinned = togglePin(prefs, 'dpd');
    expect('error' in unpinned ? [] : unpinned.pinned).toEqual(['loan_id', 'applicant_name']);
  });

  it('draws pinned columns first, with the display names and sticky offsets', () => {
    const pinned = togglePin(defaultPrefs(VARIABLES), 'dpd');
    if ('error' in pinned) throw new Error(pinned.error);
    const columns = tableColumns(pinned, VARIABLES, 'Activity Timeline');
    expect(columns.map((c) => c.label)).toEqual(['Loan ID', 'DPD', 'Applicant Name', 'Total Claim Amount', 'Activity Timeline']);
    expect(pinnedOffsets(columns).slice(0, 3)).toEqual([0, columns[0].width, columns[0].width + columns[1].width]);
  });

  it('hiding a column unpins it, and stale stored names are dropped', () => {
    expect(toggleVisible({ visible: ['loan_id', 'dpd'], pinned: ['loan_id'] }, 'loan_id')).toEqual({ visible: ['dpd'], pinned: [] });
    expect(cleanPrefs({ visible: ['gone', 'city'], pinned: ['gone', 'city'] }, VARIABLES)).toEqual({ visible: ['city'], pinned: ['city'] });
  });

  it('shows amounts in the company currency and blanks as a dash', () => {
    expect(formatCell(123456.5, 'amount', 'INR')).toBe('Rs 1,23,456.50');
    expect(formatCell(1500000, 'amount', 'IDR')).toBe('Rp 1,500,000');
    expect(formatCell(null, 'string', 'INR')).toBe('—');
    expect(formatCell('98XXXXXX10', 'mobile', 'INR')).toBe('98XXXXXX10');
  });
});

describe('filter chips', () => {
  it('describes ranges, choices and text', () => {
    expect(describeFilter({ filter_key: 'dpd', min: 30, max: 90 }, 'DPD')).toBe('DPD: 30 – 90');
    expect(describeFilter({ filter_key: 'co_applicant_count', min: 1 }, 'Number of Co-Applicant Present')).toBe('Number of Co-Applicant Present ≥ 1');
    expect(describeFilter({ filter_key: 'bucket', values: ['B1', 'B2'] }, 'Bucket')).toBe('Bucket: B1, B2');
    expect(describeFilter({ filter_key: 'city', text: 'pune' }, 'City')).toBe('City: "pune"');
  });

  it('treats a filter without values, bounds or text as not applied', () => {
    expect(isEmptyFilter({ filter_key: 'dpd' })).toBe(true);
    expect(isEmptyFilter({ filter_key: 'dpd', values: [], text: ' ' })).toBe(true);
    expect(isEmptyFilter({ filter_key: 'dpd', min: 0 })).toBe(false);
  });
});

describe('profile links', () => {
  it('keep the company and add the screen parameters', () => {
    expect(screenLink('/app', 'customer/loan-details', 'c1', { loan_id: 'L 1', allocation_month: '2026-01', x: null })).toBe(
      '/app/customer/loan-details?company_id=c1&loan_id=L+1&allocation_month=2026-01',
    );
    expect(screenLink('/v2/app', 'customer-details', null, { client_customer_id: 'C9' })).toBe('/v2/app/customer-details?client_customer_id=C9');
  });
});
