/**
 * Which loan table columns are shown and pinned (spec 3 "Loan table columns": per variable its
 * display name, `is_pinned`, up to 3 pinned; spec 9 "Max pinned columns: 3"), and how a cell
 * value is displayed. Pure functions; the choice is kept per company in localStorage.
 */
import { formatMinor, MAX_MINOR, toMinor, type Currency } from '../../../domain/common/money';
import type { LoanRecord, VariableValue } from '../../../domain/contracts/portfolio/loans';
import type { Variable } from '../../../domain/contracts/portfolio/variables';

/** Spec 9: at most this many columns are pinned to the left edge. */
export const MAX_PINNED_COLUMNS = 3;
/** Shown when a user tries to pin one column more than spec 9 allows. */
export const PIN_LIMIT_MESSAGE = `You can pin up to ${MAX_PINNED_COLUMNS} columns`;
/** The latest remark column, titled "Activity Timeline" (spec 3). */
export const REMARKS_COLUMN = 'remarks';

export interface ColumnPrefs {
  /** variable_names shown, in display order (pinned ones are drawn first). */
  visible: string[];
  /** At most MAX_PINNED_COLUMNS variable_names, all of them visible. */
  pinned: string[];
}

export interface TableColumn {
  name: string;
  label: string;
  dataType: string;
  pinned: boolean;
  /** px. */
  width: number;
}

const DEFAULT_VISIBLE = [
  'loan_id',
  'client_customer_id',
  'applicant_name',
  'applicant_contact_number',
  'total_claim_amount',
  'principal_outstanding',
  'dpd',
  'allocation_dpd_value',
  'global_status',
  REMARKS_COLUMN,
];

/** The first-visit choice: the key identity, contact, dues and status columns, loan_id pinned. */
export function defaultPrefs(variables: readonly Variable[]): ColumnPrefs {
  const known = new Set([...variables.map((v) => v.variable_name), REMARKS_COLUMN]);
  const visible = DEFAULT_VISIBLE.filter((name) => known.has(name));
  return { visible, pinned: visible.includes('loan_id') ? ['loan_id'] : [] };
}

/** Drops names that are no longer variables and caps the pinned list (stored prefs may be stale). */
export function cleanPrefs(prefs: ColumnPrefs, variables: readonly Variable[]): ColumnPrefs {
  const known = new Set([...variables.map((v) => v.variable_name), REMARKS_COLUMN]);
  const visible = prefs.visible.filter((n) => known.has(n));
  return { visible, pinned: prefs.pinned.filter((n) => visible.includes(n)).slice(0, MAX_PINNED_COLUMNS) };
}

/**
 * Pins or unpins a column; pinning also shows it.
 * @returns the new prefs, or `{ error: PIN_LIMIT_MESSAGE }` when 3 columns are already pinned
 */
export function togglePin(prefs: ColumnPrefs, name: string): ColumnPrefs | { error: string } {
  if (prefs.pinned.includes(name)) return { ...prefs, pinned: prefs.pinned.filter((n) => n !== name) };
  if (prefs.pinned.length >= MAX_PINNED_COLUMNS) return { error: PIN_LIMIT_MESSAGE };
  return { visible: prefs.visible.includes(name) ? prefs.visible : [...prefs.visible, name], pinned: [...prefs.pinned, name] };
}

/** Shows or hides a column; hiding also unpins it. */
export function toggleVisible(prefs: ColumnPrefs, name: string): ColumnPrefs {
  if (prefs.visible.includes(name)) return { visible: prefs.visible.filter((n) => n !== name), pinned: prefs.pinned.filter((n) => n !== name) };
  return { ...prefs, visible: [...prefs.visible, name] };
}

function widthOf(dataType: string, name: string): number {
  if (name === REMARKS_COLUMN) return 240;
  if (name === 'applicant_name' || dataType === 'email') return 200;
  if (dataType === 'amount') return 170;
  if (dataType === 'integer' || dataType === 'number') return 100;
  return 170;
}

/**
 * The columns to draw: pinned ones first (in pin order), then the other visible ones.
 * @param remarksLabel the translated title of the remarks column
 */
export function tableColumns(prefs: ColumnPrefs, variables: readonly Variable[], remarksLabel: string): TableColumn[] {
  const byName = new Map(variables.map((v) => [v.variable_name, v]));
  const describe = (name: string, pinned: boolean): TableColumn => {
    const variable = byName.get(name);
    const dataType = variable?.data_type ?? 'string';
    return { name, label: name === REMARKS_COLUMN ? remarksLabel : (variable?.variable_label ?? name), dataType, pinned, width: widthOf(dataType, name) };
  };
  return [...prefs.pinned.map((n) => describe(n, true)), ...prefs.visible.filter((n) => !prefs.pinned.includes(n)).map((n) => describe(n, false))];
}

/** Left offsets (px) of the pinned columns, for `position: sticky`. */
export function pinnedOffsets(columns: readonly TableColumn[]): number[] {
  const offsets: number[] = [];
  let left = 0;
  for (const column of columns) {
    offsets.push(left);
    if (column.pinned) left += column.width;
  }
  return offsets;
}

/** A cell as text: amounts in Rs/Rp (spec 9), empty as '—', masked values as the server sent them. */
export function formatCell(value: VariableValue | undefined, dataType: string, currency: Currency): string {
  if (value === null || value === undefined || value === '') return '—';
  // Loan variables keep the major units of the imported file; shown through the one minor-unit formatter.
  if (dataType === 'amount' && typeof value === 'number') return Number.isFinite(value) && Math.abs(value) <= MAX_MINOR / 100 ? formatMinor(toMinor(value), currency) : String(value);
  return String(value);
}

/** A loan's value of `name` (records are flat, keyed by variable_name). */
export function cellValue(loan: LoanRecord, name: string): VariableValue | undefined {
  return (loan as Record<string, VariableValue | undefined>)[name];
}

const storageKey = (companyId: string) => `loan_columns:${companyId}`;

/** The stored choice of a company, or null. */
export function loadPrefs(companyId: string | null): ColumnPrefs | null {
  if (!companyId) return null;
  try {
    const raw = localStorage.getItem(storageKey(companyId));
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<ColumnPrefs>;
    if (!Array.isArray(value.visible) || !Array.isArray(value.pinned)) return null;
    return { visible: value.visible.filter((n) => typeof n === 'string'), pinned: value.pinned.filter((n) => typeof n === 'string') };
  } catch {
    return null;
  }
}

export function savePrefs(companyId: string | null, prefs: ColumnPrefs): void {
  if (!companyId) return;
  try {
    localStorage.setItem(storageKey(companyId), JSON.stringify(prefs));
  } catch {
    // Storage can be unavailable (private mode); the choice then lasts for this visit only.
  }
}
