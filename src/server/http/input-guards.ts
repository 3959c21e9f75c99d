/**
 * Guards every request passes before anything reads it (kernel; issue 12 "Bad input answered
 * with 500"): errors the router raises (bad percent-encoding, an over-long path parameter) answer
 * in the envelope, and text holding a NUL character (U+0000, which PostgreSQL cannot store in
 * text) is refused with a 400 wherever it hides: the path, the query, a JSON body.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors';

export const NUL_MESSAGE = 'Text must not contain NUL characters';
export const BAD_URL_MESSAGE = 'The address is not valid (check its % escapes)';
export const PARAM_TOO_LONG_MESSAGE = 'A path parameter is too long';
/** Longest path parameter the router accepts (ids, loan ids and file names are far shorter). */
export const MAX_PARAM_LENGTH = 256;

/** Fastify's `frameworkErrors`: the router's own errors, answered in the envelope. */
export function frameworkErrors(error: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.code(414).send({ success: false, message: PARAM_TOO_LONG_MESSAGE, data: null });
    return;
  }
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply.code(status).send({ success: false, message: error.code === 'FST_ERR_BAD_URL' ? BAD_URL_MESSAGE : error.message || BAD_URL_MESSAGE, data: null });
}

/** Whether any string in `value` (nested objects and arrays, keys too) holds U+0000. */
export function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  // Deeper than any contract goes: the schema refuses it anyway, and the walk stays bounded.
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  // Raw bytes (a gateway webhook's signed body) hold no strings; walking a Buffer's entries cost
  // ~7 % of a webhook's CPU (one entry per byte) and found nothing.
  if (ArrayBuffer.isView(value)) return false;
  if (Array.isArray(value)) return value.some((v) => holdsNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || holdsNul(v, depth + 1));
}

/**
 * onRequest: refuses a URL whose path or query decodes to text with a NUL (`?company_id=a%00b`),
 * before the access hook reads the company from it.
 * @throws AppError 400 NUL_MESSAGE
 */
export async function refuseNulInUrl(req: FastifyRequest): Promise<void> {
  if (/%00/i.test(req.url) || req.url.includes('\u0000')) throw new AppError(400, NUL_MESSAGE);
}

/**
 * preValidation: refuses a parsed body (JSON) with a NUL in any string.
 * @throws AppError 400 NUL_MESSAGE
 */
export async function refuseNulInBody(req: FastifyRequest): Promise<void> {
  if (req.body !== undefined && holdsNul(req.body)) throw new AppError(400, NUL_MESSAGE);
}
