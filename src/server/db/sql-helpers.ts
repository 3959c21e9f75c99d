/** Small SQL pieces shared by services; each renders the same on PGlite and PostgreSQL. */
import { getTableColumns, is, SQL, sql } from 'drizzle-orm';
import type { SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

/** A timestamptz expression as an ISO-8601 UTC string (or null), so raw selects need no driver-specific parsing. */
export function isoSql(expr: SQLWrapper): SQL<string | null> {
  return sql<string | null>`to_char((${expr}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** A user-typed search value made literal for ILIKE: `%` and `_` match themselves. */
export function likePattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Splits a comma-separated filter (`a,b, c`) into trimmed non-empty values. */
export function commaList(value: string | undefined): string[] {
  return (value ?? '').split(',').map((v) => v.trim()).filter(Boolean);
}

/** Rows of a db.execute result on either driver (node-postgres answers { rows }, PGlite too). */
export function rowsOf<T>(res: unknown): T[] {
  return ((res as { rows?: T[] }).rows ?? (res as T[])) as T[];
}

/**
 * A text array literal (`{"a","b\"c"}`) for a `$n::text[]` parameter: every value quoted, `"` and `\`
 * backslash-escaped, so any text (commas, braces, NULL) stays one element.
 */
export function textArrayLiteral(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;
}

/**
 * `column = any(values)` with the values sent as ONE text parameter cast to text[]: a batch's
 * 1,000 ids bind 1 parameter instead of 1,000 (inArray), far cheaper to parse and plan, notably on
 * PGlite. Both drivers plan an unnamed statement with its parameter values, so the cast is folded
 * into a constant array: the planner knows its length (row estimates), can use it as an index
 * condition, and a filter on it is hashed. (The former `any(array(select
 * jsonb_array_elements_text($1)))` was an init plan the planner knew nothing of: with a stale
 * estimate of the other column it became a filter searched element by element — a campaign's
 * done-check scanned all its earlier messages × 1,000 ids each batch, 34 → 97 ms over 5 batches.)
 * Text values only.
 */
export function inTextList(column: SQLWrapper, values: readonly string[]): SQL {
  return sql`${column} = any(${textArrayLiteral(values)}::text[])`;
}

/** A stored value as nullable text: null, undefined and '' are null; anything else its String(). */
export function textOrNull(value: unknown): string | null {
  return value === null || value === undefined || value === '' ? null : String(value);
}

/** A timestamp as ISO-8601, or null. */
export function isoOrNull(date: Date | null | undefined): string | null {
  return date ? date.toISOString() : null;
}

/**
 * A bigint from SQL (a sum of minor units; node-postgres answers it as text, PGlite as a number or
 * bigint) as a JS number, exactly.
 * @throws RangeError when the value is not an integer within Number.MAX_SAFE_INTEGER
 */
export function safeInteger(value: unknown): number {
  const n = typeof value === 'bigint' ? Number(value) : Number(value ?? 0);
  if (!Number.isSafeInteger(n) || (typeof value === 'bigint' && BigInt(n) !== value)) throw new RangeError(`Not a safe integer: ${String(value)}`);
  return n;
}

/** What insertRowsAsJsonSql adds to its INSERT. */
export interface InsertRowsOptions {
  /** ON CONFLICT (…) DO NOTHING on these columns. */
  conflictTarget?: readonly PgColumn[];
  /** A condition on the unpacked rows (alias `r`): only rows meeting it are inserted, e.g. a CTE semi-join. */
  where?: SQL;
  /** A RETURNING list (to use the statement as a CTE). */
  returning?: SQL;
}

/**
 * The multi-row INSERT of insertRowsAsJson as SQL, to run alone or as a data-modifying CTE of a
 * larger statement (one round trip for two inserts). Rows unpacked from json are aliased `r`.
 * @returns null for no rows
 */
export function insertRowsAsJsonSql<T extends PgTable>(table: T, rows: ReadonlyArray<T['$inferInsert']>, opts: InsertRowsOptions = {}): SQL | null {
  if (rows.length === 0) return null;
  const all = Object.entries(getTableColumns(table)) as Array<[string, PgColumn]>;
  const used = all.filter(([key]) => rows.some((r) => (r as Record<string, unknown>)[key] !== undefined));
  // Per column once, not per row and column (drizzle's is() was ~1 s of CPU per 100,000 campaign messages).
  const fields = used.map(([key, c]) => ({ key, name: c.name, fallback: c.default !== undefined && !is(c.default, SQL) ? c.default : null }));
  const payload = rows.map((r) => {
    const o: Record<string, unknown> = {};
    for (const f of fields) o[f.name] = (r as Record<string, unknown>)[f.key] ?? f.fallback;
    return o;
  });
  const names = sql.join(used.map(([, c]) => sql.identifier(c.name)), sql`, `);
  // A column whose default is SQL (now(), gen_random_uuid()) gets it where the row gave no value.
  const values = sql.join(used.map(([, c]) => (is(c.default, SQL) ? sql`coalesce(r.${sql.identifier(c.name)}, ${c.default})` : sql`r.${sql.identifier(c.name)}`)), sql`, `);
  const defs = sql.join(used.map(([, c]) => sql`${sql.identifier(c.name)} ${sql.raw(c.getSQLType())}`), sql`, `);
  const where = opts.where ? sql` where ${opts.where}` : sql``;
  const conflict = opts.conflictTarget?.length ? sql` on conflict (${sql.join(opts.conflictTarget.map((c) => sql.identifier(c.name)), sql`, `)}) do nothing` : sql``;
  const returning = opts.returning ? sql` returning ${opts.returning}` : sql``;
  // json, not jsonb: the rows are read once, so building jsonb's binary form first is wasted work
  // (PostgreSQL, 1,000 campaign message rows: ~15–18 → ~11–13 ms per statement; issue 13).
  return sql`insert into ${table} (${names}) select ${values} from json_to_recordset(${JSON.stringify(payload)}::json) as r(${defs})${where}${conflict}${returning}`;
}

/**
 * A multi-row INSERT of `rows` (drizzle insert shapes) sent as one json parameter unpacked by
 * json_to_recordset, instead of one bind parameter per value: a batch of 1,000 rows × 10 columns
 * binds 1 parameter, not 10,000 (much cheaper to plan, notably on PGlite). A column a row leaves
 * out takes the column's default (`.default(x)`, or its SQL default such as now()), else null. `conflictTarget`: ON CONFLICT (…)
 * DO NOTHING on those columns.
 */
export async function insertRowsAsJson<T extends PgTable>(db: DbOrTx, table: T, rows: ReadonlyArray<T['$inferInsert']>, conflictTarget?: readonly PgColumn[]): Promise<void> {
  const statement = insertRowsAsJsonSql(table, rows, { conflictTarget });
  if (statement) await db.execute(statement);
}
