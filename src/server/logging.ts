/**
 * Structured logging (pino through Fastify) with secrets and personal data kept out: tokens,
 * passwords, encrypted payloads and OTPs are redacted; emails and mobiles are masked
 * (ARCHITECTURE "Data and tenancy", issue 2 "structured logs without secrets or clear personal data").
 */
import type { FastifyServerOptions } from 'fastify';
import { stdSerializers } from 'pino';

/** `telecaller@demo.in` → `t********r@demo.in`; anything without an at sign is masked whole. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  const local = email.slice(0, at);
  const masked = local.length <= 2 ? `${local[0]}*` : `${local[0]}${'*'.repeat(local.length - 2)}${local[local.length - 1]}`;
  return `${masked}${email.slice(at)}`;
}

/** Keeps the last 4 digits of a mobile number. */
export function maskMobile(mobile: string): string {
  return mobile.length <= 4 ? '****' : `${'*'.repeat(mobile.length - 4)}${mobile.slice(-4)}`;
}

const PERSONAL_QUERY_KEYS = new Set(['email', 'mobile', 'search_value']);
/** Query keys whose values are secrets (a `?token=` link holds a session token): never logged at all. */
const SECRET_QUERY_KEY = /token|password|passwd|otp|secret|uat|oauth|code|payload/i;

/**
 * A URL with secret query values replaced by `[redacted]` (`?token=`, `password`, `otp`, …) and
 * personal ones masked, for request logs. An unparsable query is dropped whole.
 */
export function maskUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(url.slice(q + 1));
  } catch {
    return `${url.slice(0, q)}?[redacted]`;
  }
  for (const key of new Set(params.keys())) {
    if (SECRET_QUERY_KEY.test(key)) {
      params.set(key, '[redacted]');
    } else if (PERSONAL_QUERY_KEYS.has(key)) {
      const value = params.get(key) ?? '';
      params.set(key, value.includes('@') ? maskEmail(value) : '***');
    }
  }
  return `${url.slice(0, q)}?${params.toString()}`;
}

/** A database driver's error (pg or PGlite): an SQLSTATE code and the failing object's names. */
interface SqlError {
  code?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  severity?: unknown;
}

function isSqlError(err: unknown): err is Error & SqlError {
  return err instanceof Error && typeof (err as SqlError).code === 'string' && /^[0-9A-Z]{5}$/.test((err as SqlError).code as string) && 'severity' in err;
}

/** The SQL error in `err`'s cause chain (Drizzle wraps the driver's), or null. */
function sqlErrorIn(err: unknown): { sql: (Error & SqlError) | null; wrapped: boolean } {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    if (isSqlError(current)) return { sql: current, wrapped: true };
    // Drizzle's DrizzleQueryError carries the query and its parameters (emails, password hashes).
    if ('params' in current && 'query' in current) return { sql: isSqlError(current.cause) ? current.cause : null, wrapped: true };
    current = current.cause;
  }
  return { sql: null, wrapped: false };
}

/**
 * The `err` serializer: a failed query is logged by its SQLSTATE code and the constraint, table and
 * column it names — never the SQL text, its parameters or the driver's `detail` (which quotes the
 * offending values); other errors as pino's standard serializer does.
 */
export function serializeError(err: Error): { [key: string]: unknown; type: string; message: string; stack: string } {
  const { sql, wrapped } = sqlErrorIn(err);
  if (!wrapped) return stdSerializers.err(err);
  const frames = (err.stack ?? '').split('\n').filter((line) => line.trimStart().startsWith('at '));
  const out: { [key: string]: unknown; type: string; message: string; stack: string } = {
    type: err.constructor.name,
    message: `Failed query${sql?.code ? ` (${String(sql.code)})` : ''}`,
    stack: frames.join('\n'),
  };
  if (sql) for (const key of ['code', 'constraint', 'table', 'column'] as const) if (typeof sql[key] === 'string') out[key] = sql[key];
  return out;
}

export const REDACT_PATHS = [
  'req.headers.authenticationtoken',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'password',
  'new_password',
  'payload',
  'otp',
  'token',
  'uat',
  '*.password',
  '*.new_password',
  '*.payload',
  '*.otp',
  '*.token',
  '*.uat',
  '*.codeHash',
  '*.passwordHash',
];

/**
 * Fastify logger options: level from LOG_LEVEL (default info), redaction, request URLs with secrets
 * redacted and personal values masked, failed queries without their values.
 */
export function loggerOptions(level = process.env.LOG_LEVEL ?? 'info'): NonNullable<Exclude<FastifyServerOptions['logger'], boolean>> {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      req: (req: { method: string; url: string; ip?: string; id?: string }) => ({ id: req.id, method: req.method, url: maskUrl(req.url), ip: req.ip }),
      err: serializeError,
    },
  };
}
