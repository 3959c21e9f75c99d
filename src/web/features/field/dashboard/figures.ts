/**
 * What the FOS dashboard shows of the figures (issue 5; contract `dashboardFigures`): the KPI
 * tiles and the columns of the executives and teams tables, each with the metric its drill-down
 * lists (GET /api/fos/dashboard/rows?metric=), and the tables' sort. Pure.
 */
import type { DashboardFigures, DashboardMetric } from '../../../../domain/contracts/field/dashboard';

/** How a figure is shown: a count, a share (percent) or money in paise / sen. */
export type FigureKind = 'count' | 'percent' | 'money';

export interface FigureColumn {
  /** The figure's field in `dashboardFigures`. */
  key: keyof DashboardFigures & string;
  /** i18n key of the label under `fos_dashboard.figure`. */
  label: string;
  kind: FigureKind;
  /** The rows behind it; coverage lists the visited loans. */
  metric: DashboardMetric;
}

/** The figures of the KPI tiles and the table columns, in reading order. */
export const FIGURE_COLUMNS: readonly FigureColumn[] = [
  { key: 'visits_made', label: 'visits_made', kind: 'count', metric: 'visits_made' },
  { key: 'visits_planned', label: 'visits_planned', kind: 'count', metric: 'visits_planned' },
  { key: 'coverage_pct', label: 'coverage', kind: 'percent', metric: 'visited_loans' },
  { key: 'ptps', label: 'ptps', kind: 'count', metric: 'ptps' },
  { key: 'ptps_kept', label: 'ptps_kept', kind: 'count', metric: 'ptps_kept' },
  { key: 'ptps_broken', label: 'ptps_broken', kind: 'count', metric: 'ptps_broken' },
  { key: 'amount_collected_paise', label: 'amount_collected', kind: 'money', metric: 'amount_collected' },
  { key: 'cash_undeposited_paise', label: 'cash_undeposited', kind: 'money', metric: 'cash_undeposited' },
];

export type SortDirection = 'asc' | 'desc';
export interface SortState<K extends string> {
  key: K;
  direction: SortDirection;
}

/**
 * Rows sorted by one field: numbers numerically, text by the UI language's collation, empty values
 * last whichever the direction; ties keep their order (Array.prototype.sort is stable).
 */
export function sortRows<T extends object, K extends keyof T & string>(rows: readonly T[], sort: SortState<K>, locale?: string): T[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = a[sort.key] as unknown;
    const y = b[sort.key] as unknown;
    const xEmpty = x === null || x === undefined || x === '';
    const yEmpty = y === null || y === undefined || y === '';
    if (xEmpty || yEmpty) return xEmpty === yEmpty ? 0 : xEmpty ? 1 : -1;
    if (typeof x === 'number' && typeof y === 'number') return (x - y) * sign;
    return collator.compare(String(x), String(y)) * sign;
  });
}

/** The next sort after a click on a column: the same column flips; another starts high-to-low for numbers, A–Z for text. */
export function nextSort<K extends string>(current: SortState<K>, key: K, numeric: boolean): SortState<K> {
  if (current.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key, direction: numeric ? 'desc' : 'asc' };
}
