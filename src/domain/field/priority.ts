/**
 * The day plan's priority of an allocated loan (issue 4 "sorted by a sensible plan (priority, then
 * distance)"): 1 is the most urgent, 5 the least.
 */

/**
 * Priority 1–5 from days past due and dues: by dpd (over 180 → 1, over 90 → 2, over 60 → 3,
 * over 30 → 4, else 5), one step more urgent when the dues reach three EMIs (a currency-free
 * measure of how much is at stake).
 * @param dpd days past due, null when unknown (treated as 0)
 * @param dues total dues and expected EMI in the loan's currency, null when unknown
 */
export function visitPriority(dpd: number | null, dues: { total: number | null; emi: number | null }): number {
  const d = dpd ?? 0;
  const byDpd = d > 180 ? 1 : d > 90 ? 2 : d > 60 ? 3 : d > 30 ? 4 : 5;
  const heavy = dues.total !== null && dues.emi !== null && dues.emi > 0 && dues.total >= 3 * dues.emi;
  return Math.max(1, byDpd - (heavy ? 1 : 0));
}
