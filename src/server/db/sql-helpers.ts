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
 * `column = any(values)` with the values sent as one jsonb parameter: a batch's 1,000 ids bind 1
 * parameter instead of 1,000 (inArray), far cheaper to parse and plan, notably on PGlite. The array
 * is computed once (an init plan), so an index on `column` is still used. Text values only.
 */
export function inJsonList(column: SQLWrapper, values: readonly string[]): SQL {
  return sql`${column} = any(array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb)))`;
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

/**
 * A multi-row INSERT of `rows` (drizzle insert shapes) sent as one jsonb parameter unpacked by
 * jsonb_to_recordset, instead of one bind parameter per value: a batch of 1,000 rows × 10 columns
 * binds 1 parameter, not 10,000 (much cheaper to plan, notably on PGlite). A column a row leaves
 * out takes the column's default (`.default(x)`, or its SQL default such as now()), else null. `conflictTarget`: ON CONFLICT (…)
 * DO NOTHING on those columns.
 */
export async function insertRowsAsJson<T extends PgTable>(db: DbOrTx, table: T, rows: ReadonlyArray<T['$inferInsert']>, conflictTarget?: readonly PgColumn[]): Promise<void> {
  if (rows.length === 0) return;
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
  const conflict = conflictTarget?.length ? sql` on conflict (${sql.join(conflictTarget.map((c) => sql.identifier(c.name)), sql`, `)}) do nothing` : sql``;
  await db.execute(sql`insert into ${table} (${names}) select ${values} from jsonb_to_recordset(${JSON.stringify(payload)}::jsonb) as r(${defs})${conflict}`);
}
