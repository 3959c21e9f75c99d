/**
 * The row ids of a filtered or searched loan list in the list's order, picked once per (selection,
 * order, month generation) and kept in this process (issue 12 "Speed": 16 clients paging a
 * filtered and sorted list over 100,000 loans). Picking a page of such a list reads every match
 * (the sort needs them all: ~3,300 of 21,000 index entries for dpd 30–180 in three states, ~4 ms of
 * PostgreSQL CPU a page, most of what the page cost); the list's next pages, and other users of the
 * company asking the same list, then slice the ids already picked and read only their 50 rows.
 *
 * Correct as the totals are (loan-counts.ts): an entry is used only while the month's generation
 * (raised by every statement that writes the month's loans, from any process) is the one it was
 * picked at — the caller reads the generation in its own statement on every request. The same pass
 * counts the list, so its total needs no count of its own (loan-counts.ts is left for pages beyond
 * the ids kept). Only the first PAGE_IDS_PREFIX ids of a list are kept (pages beyond them are
 * picked by SQL as before), in at most ENTRIES lists (least recently used dropped): ~8 kB a list.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/sql-helpers';
import { monthGenerationSql, selectionKey } from './loan-counts';
import type { LoanSelection } from './loan-query';
import { loans } from './schema';

/** Ids kept per list: the first 20 pages of 50 (the screen's page size), 2 of 500. */
export const PAGE_IDS_PREFIX = 1000;
/** Lists kept per process. */
const ENTRIES = 256;

interface Entry {
  generation: number;
  /** The list's first ids in order, at most PAGE_IDS_PREFIX. */
  ids: number[];
  /** The list's length. */
  total: number;
}

const dialect = new PgDialect();
const lists = new Map<string, Entry>();

/** A list's key: its selection's key and the SHA-256 of its order's SQL text and parameters. */
function listKey(where: SQL, order: readonly SQL[]): string {
  const { sql: text, params } = dialect.sqlToQuery(sql.join([...order], sql`, `));
  return `${selectionKey(where)}:${createHash('sha256').update(text).update('\0').update(JSON.stringify(params)).digest('hex')}`;
}

/** A page of a list: its ids, the list's length, and the month generation both belong to. */
export interface PageIds {
  ids: number[];
  /** The list's exact length at `generation`. */
  total: number;
  generation: number;
}

/**
 * The ids of one page (`offset`, `limit`) of the loans `where` selects, in `order`, for a month at
 * `generation` (what the caller's statement read for the selection's month). From this process's
 * entry for that generation, else picked by one statement (ids and the generation in one snapshot)
 * with the list's length and kept. Null when the page lies beyond PAGE_IDS_PREFIX or the month has
 * no generation (no loans counted): the caller picks that page itself.
 */
export async function loanPageIds(
  db: DbOrTx,
  selection: Pick<LoanSelection, 'companyId' | 'allocationMonth'>,
  where: SQL,
  order: readonly SQL[],
  generation: number | null,
  page: { offset: number; limit: number },
): Promise<PageIds | null> {
  if (generation === null || page.offset + page.limit > PAGE_IDS_PREFIX) return null;
  const key = listKey(where, order);
  let entry = lists.get(key);
  if (!entry || entry.generation !== generation) {
    // One pass over the matches: the list's length (the window count) and its first ids (the
    // bounded sort above it), with the generation, all in one snapshot. No separate count.
    const [row] = rowsOf<{ generation: number | string | null; ids: Array<number | string | bigint> | null; total: number | string | null }>(
      await db.execute(sql`with picked as materialized (
          select id, total, row_number() over () as n from (
            select ${loans.id} as id, count(*) over () as total from ${loans} where ${where} order by ${sql.join([...order], sql`, `)} limit ${PAGE_IDS_PREFIX}) s)
        select (${monthGenerationSql(selection)}) as generation, array(select id from picked order by n) as ids, (select max(total) from picked) as total`),
    );
    if (!row || row.generation === null) return null;
    entry = { generation: Number(row.generation), ids: (row.ids ?? []).map(Number), total: Number(row.total ?? 0) };
  }
  // Most recently used last: the first key is the one to drop.
  lists.delete(key);
  lists.set(key, entry);
  if (lists.size > ENTRIES) lists.delete(lists.keys().next().value!);
  return { ids: entry.ids.slice(page.offset, page.offset + page.limit), total: entry.total, generation: entry.generation };
}
