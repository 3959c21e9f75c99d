/** Small SQL pieces shared by services; each renders the same on PGlite and PostgreSQL. */
import { sql } from 'drizzle-orm';
import type { SQL, SQLWrapper } from 'drizzle-orm';

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
