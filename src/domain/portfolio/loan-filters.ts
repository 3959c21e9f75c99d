/**
 * Loan filters (spec 3 "Saved filter and filter config", spec 5 "Filtering loans is refused
 * wholesale if any batch fails", spec 7 "filter loans in batches of 50", spec 9 batch size; issue 3).
 *
 * Pure: which variables are offered as filters and how (input_type), whether applied filters fit
 * that config, and running a filter over many loan ids in batches.
 */
import { CO_APPLICANT_COUNT_FILTER_KEY, CO_APPLICANT_COUNT_FILTER_NAME, type FilterConfigItem, type FilterGroup, type LoanFilter } from '../contracts/portfolio/filters';
import { LOAN_FILTER_BATCH_SIZE } from '../contracts/portfolio/loans';
import { MODULE_STATUS_VARIABLE_NAMES, type VariableDataType } from './system-variables';

/** The part of a variable the filter config reads. */
export interface FilterableVariable {
  variable_name: string;
  variable_label: string;
  data_type: VariableDataType;
  variable_group?: string;
  active?: boolean;
  /** Masked personal fields are never offered as filters (filtering on them would reveal them). */
  is_masked?: boolean;
}

/**
 * String variables with few distinct values per month, offered as multi_select with their options
 * preloaded; any other string variable is a free-text ('contains') filter.
 */
export const MULTI_SELECT_VARIABLE_NAMES: ReadonlySet<string> = new Set(['state', 'city', 'product', 'allocation_dpd_value', ...MODULE_STATUS_VARIABLE_NAMES]);

/** Display labels of the variable groups, in the order the filter panel shows them. */
export const FILTER_GROUP_LABELS: Readonly<Record<string, string>> = {
  loan: 'Loan attributes',
  applicant: 'Applicant attributes',
  dues: 'Dues and delinquency',
  status: 'Statuses',
  address: 'Address',
  co_applicant: 'Co-applicants',
  reference: 'References',
  custom: 'Custom variables',
};

/** The input a filter on a variable of `dataType` uses: amounts and numbers a range, dates a date range, text otherwise. */
export function filterInputType(variableName: string, dataType: VariableDataType): FilterConfigItem['input_type'] {
  switch (dataType) {
    case 'amount':
    case 'number':
    case 'integer':
      return 'range';
    case 'date':
      return 'date_range';
    default:
      return MULTI_SELECT_VARIABLE_NAMES.has(variableName) ? 'multi_select' : 'text';
  }
}

/**
 * The filters offered for `variables` (active, not masked), in variable order, plus the synthetic
 * 'Number of Co-Applicant Present' integer range (filter_key co_applicant_count) right after the
 * applicant group's variables. multi_select items have pre_load_filter true; `options` are left
 * for the caller to fill from the data. Answers items with their group key.
 */
export function filterConfigItems(variables: readonly FilterableVariable[]): { group_key: string; item: FilterConfigItem }[] {
  const out: { group_key: string; item: FilterConfigItem }[] = [];
  const push = (group_key: string, filter_key: string, filter_name: string, data_type: VariableDataType) => {
    const input_type = filterInputType(filter_key, data_type);
    out.push({
      group_key,
      item: { filter_key, filter_name, data_type, input_type, pre_load_filter: input_type === 'multi_select', filter_order: out.length + 1, filter_level: 'loan', filter_active: true },
    });
  };
  for (const v of variables) {
    if (v.active === false || v.is_masked) continue;
    push(v.variable_group ?? 'custom', v.variable_name, v.variable_label, v.data_type);
  }
  // Spec 3: the synthetic filter belongs to the applicant attributes group (its end, or a group of its own).
  const lastApplicant = out.map((o) => o.group_key).lastIndexOf('applicant');
  const synthetic = { group_key: 'applicant', item: { filter_key: CO_APPLICANT_COUNT_FILTER_KEY, filter_name: CO_APPLICANT_COUNT_FILTER_NAME, data_type: 'integer' as const, input_type: 'range' as const, pre_load_filter: false, filter_order: 0, filter_level: 'loan' as const, filter_active: true } };
  out.splice(lastApplicant + 1, 0, synthetic);
  return out.map((o, i) => ({ group_key: o.group_key, item: { ...o.item, filter_order: i + 1 } }));
}

/** Groups filter items by group key, groups in FILTER_GROUP_LABELS order (unknown groups last, labelled by their key). */
export function groupFilterItems(items: readonly { group_key: string; item: FilterConfigItem }[]): FilterGroup[] {
  const groups = new Map<string, FilterConfigItem[]>();
  for (const { group_key, item } of items) groups.set(group_key, [...(groups.get(group_key) ?? []), item]);
  const order = Object.keys(FILTER_GROUP_LABELS);
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  return [...groups.entries()]
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([group_key, group_filters]) => ({ group_key, group_label: FILTER_GROUP_LABELS[group_key] ?? group_key, group_filters }));
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const isNumeric = (v: unknown) => (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)));

/**
 * Checks applied filters against the config items.
 * @returns null when every filter fits, else the first problem, e.g. "Unknown filter: foo",
 *   "State: choose at least one value", "DPD: min and max must be numbers",
 *   "Date of Default: dates must be YYYY-MM-DD", "City: enter text to search".
 */
export function validateLoanFilters(filters: readonly LoanFilter[], items: readonly FilterConfigItem[]): string | null {
  const byKey = new Map(items.map((i) => [i.filter_key, i]));
  for (const f of filters) {
    const item = byKey.get(f.filter_key);
    if (!item || !item.filter_active) return `Unknown filter: ${f.filter_key}`;
    const label = item.filter_name;
    switch (item.input_type) {
      case 'multi_select':
        if (!f.values || f.values.length === 0) return `${label}: choose at least one value`;
        break;
      case 'range':
        if (f.min === undefined && f.max === undefined) return `${label}: give a min or a max`;
        if ((f.min !== undefined && !isNumeric(f.min)) || (f.max !== undefined && !isNumeric(f.max))) return `${label}: min and max must be numbers`;
        break;
      case 'date_range':
        if (f.min === undefined && f.max === undefined) return `${label}: give a start or an end date`;
        if ((f.min !== undefined && !DATE_RE.test(String(f.min))) || (f.max !== undefined && !DATE_RE.test(String(f.max)))) return `${label}: dates must be YYYY-MM-DD`;
        break;
      case 'text':
        if (!f.text || f.text.trim() === '') return `${label}: enter text to search`;
        break;
    }
  }
  return null;
}

/** Thrown by filterLoansInBatches when a batch failed: no result is given for any batch. */
export class LoanFilterBatchError extends Error {
  constructor(
    readonly failedBatches: number,
    readonly totalBatches: number,
    readonly causes: unknown[],
  ) {
    super(`Filtering loans failed: ${failedBatches} of ${totalBatches} batches could not be filtered, so no loans were filtered`);
    this.name = 'LoanFilterBatchError';
  }
}

/**
 * Filters `loanIds` in batches of `batchSize` (spec 9: 50) by calling `fetchBatch` for each batch,
 * one batch at a time, and answers the matching ids in input order. Refused wholesale (spec 5):
 * if any batch fails, the others' results are discarded and LoanFilterBatchError is thrown.
 */
export async function filterLoansInBatches(
  loanIds: readonly string[],
  filters: readonly LoanFilter[],
  fetchBatch: (batch: string[], filters: readonly LoanFilter[]) => Promise<readonly string[]>,
  batchSize: number = LOAN_FILTER_BATCH_SIZE,
): Promise<string[]> {
  const batches: string[][] = [];
  for (let i = 0; i < loanIds.length; i += batchSize) batches.push(loanIds.slice(i, i + batchSize));
  const matched = new Set<string>();
  const causes: unknown[] = [];
  for (const batch of batches) {
    try {
      for (const id of await fetchBatch(batch, filters)) matched.add(id);
    } catch (err) {
      causes.push(err);
    }
  }
  if (causes.length > 0) throw new LoanFilterBatchError(causes.length, batches.length, causes);
  return loanIds.filter((id) => matched.has(id));
}
