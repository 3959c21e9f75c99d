/** Breaks (spec 3: keyed by break name, each with break_type and break_duration in minutes) as editable rows. */
import type { BreakConfig, CompanySettings } from '../../../domain/contracts/companies/companies';

type Breaks = CompanySettings['predictive_breaks'];

export interface BreakRow {
  name: string;
  break_type: BreakConfig['break_type'];
  /** Minutes, as typed. */
  break_duration: string;
}

export function breaksToRows(breaks: Breaks): BreakRow[] {
  return Object.entries(breaks).map(([name, b]) => ({ name, break_type: b.break_type, break_duration: String(b.break_duration) }));
}

/**
 * Rows back to the keyed map.
 * @returns null when a row has no name, a repeated name, or minutes outside 0..1440 whole numbers
 */
export function breaksFromRows(rows: readonly BreakRow[]): Breaks | null {
  const out: Breaks = {};
  for (const row of rows) {
    const name = row.name.trim();
    const minutes = Number(row.break_duration);
    if (!name || name in out || !/^\d+$/.test(row.break_duration.trim()) || minutes > 1440) return null;
    out[name] = { break_type: row.break_type, break_duration: minutes };
  }
  return out;
}
