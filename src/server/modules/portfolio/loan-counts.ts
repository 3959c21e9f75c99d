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
import { PgDialect, QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/sql-helpers';
import type { LoanSelection } from './loan-query';
import { loanCountCache, loanMonthCounts, loans } from './schema';

const dialect = new PgDialect();
/** A query builder for subqueries only (never executed). */
const db0 = new QueryBuilder();

/** A selection's cache key: the SHA-256 of its SQL text and parameters. */
function selectionKey(where: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(where);
  return createHash('sha256').update(text).update('\0').update(JSON.stringify(params)).digest('hex');
}

/** What `totalProbeSql` reads: the month's generation (null: no loans that month) and the total it found (null: none cached). */
export interface TotalProbe {
  generation: number | string | null;
  total: number | string | null;
}

const plainSelection = (selection: LoanSelection) => !selection.archived && !(selection.search && selection.search.trim() !== '') && selection.filters.length === 0;

/**
 * The columns `generation` and `total` (a TotalProbe) for a statement that reads the total of
 * `selection` alongside other things (the loan list reads it with the month list: one round trip).
 * Plain selections read the maintained count; others the count cached for the month's generation.
 */
export function totalProbeSql(selection: LoanSelection, where: SQL): SQL {
  const month = and(eq(loanMonthCounts.companyId, selection.companyId), eq(loanMonthCounts.allocationMonth, selection.allocationMonth));
  const generation = sql`(select ${loanMonthCounts.generation} from ${loanMonthCounts} where ${month}) as generation`;
  if (plainSelection(selection)) return sql`${generation}, (select ${loanMonthCounts.live} from ${loanMonthCounts} where ${month}) as total`;
  return sql`${generation}, (${db0
    .select({ total: loanCountCache.total })
    .from(loanCountCache)
    .innerJoin(loanMonthCounts, and(eq(loanMonthCounts.companyId, loanCountCache.companyId), eq(loanMonthCounts.allocationMonth, loanCountCache.allocationMonth), eq(loanMonthCounts.generation, loanCountCache.generation)))
    .where(and(eq(loanCountCache.companyId, selection.companyId), eq(loanCountCache.allocationMonth, selection.allocationMonth), eq(loanCountCache.selectionKey, selectionKey(where))))}) as total`;
}

/**
 * How many loans match `selection` (whose where clause is `where`).
 * @param probe what totalProbeSql read, when the caller already ran it in its own statement
 * @returns the exact count as of the statement that read it.
 */
export async function loanListTotal(db: Db, selection: LoanSelection, where: SQL, probe?: TotalProbe): Promise<number> {
  const read = probe ?? rowsOf<TotalProbe>(await db.execute(sql`select ${totalProbeSql(selection, where)}`))[0];
  if (!read || read.generation === null) return 0;
  if (read.total !== null) return Number(read.total);
  if (plainSelection(selection)) return 0;
  const month = and(eq(loanMonthCounts.companyId, selection.companyId), eq(loanMonthCounts.allocationMonth, selection.allocationMonth));
  const key = selectionKey(where);
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
