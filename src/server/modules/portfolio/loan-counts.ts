/**
 * The loan list's total without counting the month's loans on every page (issue 12 "Speed": 16
 * concurrent clients over 100,000 loans). The unfiltered total is `loan_month_counts.live`, kept
 * exact by triggers on `loans` (migration `loan_counts`); a filtered or searched total is counted
 * once per (selection, month generation) and kept in `loan_count_cache`, so every other page of
 * the same list, from any API process, reads it. Any write to the month's loans raises its
 * generation, so a total counted before it is never used after it.
 */
import { createHash } from 'node:crypto';
import { and, count, eq, lt, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/sql-helpers';
import type { LoanSelection } from './loan-query';
import { loanCountCache, loanMonthCounts, loans } from './schema';

const dialect = new PgDialect();

/** A selection's cache key: the SHA-256 of its SQL text and parameters. */
function selectionKey(where: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(where);
  return createHash('sha256').update(text).update('\0').update(JSON.stringify(params)).digest('hex');
}

/**
 * How many loans match `selection` (whose where clause is `where`).
 * @returns the exact count as of the statement that read it.
 */
export async function loanListTotal(db: Db, selection: LoanSelection, where: SQL): Promise<number> {
  const plain = !selection.archived && !(selection.search && selection.search.trim() !== '') && selection.filters.length === 0;
  const month = and(eq(loanMonthCounts.companyId, selection.companyId), eq(loanMonthCounts.allocationMonth, selection.allocationMonth));
  if (plain) {
    const [row] = await db.select({ live: loanMonthCounts.live }).from(loanMonthCounts).where(month);
    return row?.live ?? 0;
  }
  const key = selectionKey(where);
  const [cached] = await db
    .select({ generation: loanMonthCounts.generation, total: loanCountCache.total })
    .from(loanMonthCounts)
    .leftJoin(
      loanCountCache,
      and(
        eq(loanCountCache.companyId, loanMonthCounts.companyId),
        eq(loanCountCache.allocationMonth, loanMonthCounts.allocationMonth),
        eq(loanCountCache.selectionKey, key),
        eq(loanCountCache.generation, loanMonthCounts.generation),
      ),
    )
    .where(month);
  if (!cached) return 0;
  if (cached.total !== null) return cached.total;
  // The generation and the count from one statement (one snapshot): the pair is consistent even
  // when a write commits meanwhile (its new generation then misses this row).
  const [fresh] = rowsOf<{ generation: string | number; total: string | number }>(
    await db.execute(sql`select (select ${loanMonthCounts.generation} from ${loanMonthCounts} where ${month}) as generation, (${db.select({ n: count() }).from(loans).where(where)}) as total`),
  );
  const generation = Number(fresh.generation);
  const total = Number(fresh.total);
  await db
    .insert(loanCountCache)
    .values({ companyId: selection.companyId, allocationMonth: selection.allocationMonth, selectionKey: key, generation, total })
    .onConflictDoUpdate({
      target: [loanCountCache.companyId, loanCountCache.allocationMonth, loanCountCache.selectionKey],
      set: { generation, total },
      setWhere: lt(loanCountCache.generation, generation),
    });
  // Totals of older generations are never read again.
  await db
    .delete(loanCountCache)
    .where(and(eq(loanCountCache.companyId, selection.companyId), eq(loanCountCache.allocationMonth, selection.allocationMonth), lt(loanCountCache.generation, generation)));
  return total;
}
