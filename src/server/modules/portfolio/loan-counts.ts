/**
 * The loan list's total without counting the month's loans on every page (issue 12 "Speed": 16
 * concurrent clients over 100,000 loans). The unfiltered total is the month's live count, kept
 * exact by triggers on `loans` (migrations `loan_counts`, `loan_count_deltas_triggers`: the
 * `loan_month_counts` row plus its `loan_month_count_deltas`); a filtered or searched total is counted
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
import { loanCountCache, loanMonthCountDeltas, loanMonthCounts, loans } from './schema';

const dialect = new PgDialect();

const keys = new WeakMap<SQL, string>();

/**
 * A selection's cache key: the SHA-256 of its where clause's SQL text and parameters (company and
 * month among them), kept per SQL object: a request asks for it more than once.
 */
export function selectionKey(where: SQL): string {
  let key = keys.get(where);
  if (key === undefined) {
    const { sql: text, params } = dialect.sqlToQuery(where);
    key = createHash('sha256').update(text).update('\0').update(JSON.stringify(params)).digest('hex');
    keys.set(where, key);
  }
  return key;
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
  const generation = sql`(${monthCountsSql(selection, 'generation')}) as generation`;
  if (plainSelection(selection)) return sql`${generation}, (${monthCountsSql(selection, 'live')}) as total`;
  return sql`${generation}, (select ${loanCountCache.total} from ${loanCountCache}
    where ${loanCountCache.companyId} = ${selection.companyId} and ${loanCountCache.allocationMonth} = ${selection.allocationMonth}
      and ${loanCountCache.selectionKey} = ${selectionKey(where)} and ${loanCountCache.generation} = (${monthCountsSql(selection, 'generation')})) as total`;
}

/**
 * A scalar subquery: the month's generation (null when the month has no loans counted); it changes
 * with every statement that writes the month's loans (see monthCountsSql).
 */
export function monthGenerationSql(selection: Pick<LoanSelection, 'companyId' | 'allocationMonth'>): SQL {
  return monthCountsSql(selection, 'generation');
}

/**
 * A scalar subquery: the month's generation or live count — its folded `loan_month_counts` row
 * plus its `loan_month_count_deltas` (each delta is one generation) — null when the month has
 * neither (no loans). One statement reads both tables in one snapshot, so a concurrent fold
 * (deltas deleted and added to the row in one transaction) never changes the answer.
 */
function monthCountsSql(selection: Pick<LoanSelection, 'companyId' | 'allocationMonth'>, what: 'generation' | 'live'): SQL {
  const base = what === 'generation' ? loanMonthCounts.generation : loanMonthCounts.live;
  const delta = what === 'generation' ? sql`1` : loanMonthCountDeltas.live;
  return sql`select sum(n)::bigint from (
    select ${base} as n from ${loanMonthCounts} where ${loanMonthCounts.companyId} = ${selection.companyId} and ${loanMonthCounts.allocationMonth} = ${selection.allocationMonth}
    union all
    select ${delta} from ${loanMonthCountDeltas} where ${loanMonthCountDeltas.companyId} = ${selection.companyId} and ${loanMonthCountDeltas.allocationMonth} = ${selection.allocationMonth}) m`;
}

/** What totalProbeSql reads for `selection` (whose where clause is `where`), in a statement of its own. */
export async function readTotalProbe(db: Db, selection: LoanSelection, where: SQL): Promise<TotalProbe> {
  return rowsOf<TotalProbe>(await db.execute(sql`select ${totalProbeSql(selection, where)}`))[0] ?? { generation: null, total: null };
}

/**
 * How many loans match `selection` (whose where clause is `where`).
 * @param probe what totalProbeSql read, when the caller already ran it in its own statement
 * @returns the exact count as of the statement that read it.
 */
export async function loanListTotal(db: Db, selection: LoanSelection, where: SQL, probe?: TotalProbe): Promise<number> {
  const read = probe ?? (await readTotalProbe(db, selection, where));
  if (read.generation === null) return 0;
  if (read.total !== null) return Number(read.total);
  if (plainSelection(selection)) return 0;
  const key = selectionKey(where);
  // The generation and the count from one statement (one snapshot): the pair is consistent even
  // when a write commits meanwhile (its new generation then misses this row).
  const [fresh] = rowsOf<{ generation: string | number; total: string | number }>(
    await db.execute(sql`select (${monthCountsSql(selection, 'generation')}) as generation, (${db.select({ n: count() }).from(loans).where(where)}) as total`),
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
