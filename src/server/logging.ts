/**
 * Structured logging (pino through Fastify) with secrets and personal data kept out: tokens,
 * passwords, encrypted payloads and OTPs are redacted; emails and mobiles are masked
 * (ARCHITECTURE "Data and tenancy", issue 2 "structured logs without secrets or clear personal data").
 */
import type { FastifyServerOptions } from 'fastify';

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

/** A URL with personal query values masked, for request logs. */
export function maskUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of params.keys()) {
    if (!PERSONAL_QUERY_KEYS.has(key)) continue;
    const value = params.get(key) ?? '';
    params.set(key, value.includes('@') ? maskEmail(value) : '***');
  }
  return `${url.slice(0, q)}?${params.toString()}`;
}

export const REDACT_PATHS = [
  'req.headers.authenticationtoken',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'password',
  'payload',
  'otp',
  'token',
  '*.password',
  '*.new_password',
  '*.payload',
  '*.otp',
  '*.token',
];

/** Fastify logger options: level from LOG_LEVEL (default info), redaction, masked request URLs. */
export function loggerOptions(level = process.env.LOG_LEVEL ?? 'info'): NonNullable<Exclude<FastifyServerOptions['logger'], boolean>> {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      req: (req: { method: string; url: string; ip?: string; id?: string }) => ({ id: req.id, method: req.method, url: maskUrl(req.url), ip: req.ip }),
    },
  };
}
