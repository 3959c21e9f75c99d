/**
 * Rate limits keyed by what a request acts on rather than where it comes from (kernel; issue 12):
 * the account being signed into, the recipient of a one-time password. They sit beside the per-IP
 * limit of the public routes (route.ts, `rateLimited`), so many IPs together cannot guess one
 * account's password or flood one inbox. Counts live in the store @fastify/rate-limit uses, which
 * is the database (rate-limit-store.ts): every API process on one database shares them.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tooManyRequests } from './errors';

/** A limit on events per subject (an email, a mobile number) in a time window. */
export interface SubjectLimiter {
  /** @throws AppError 429 in the envelope when `subject` already used up its events; counts nothing. */
  check(req: FastifyRequest, subject: string): Promise<void>;
  /** Counts one event (a failed sign-in, a sent OTP) for `subject`. */
  hit(req: FastifyRequest, subject: string): Promise<void>;
  /** Counts one event, then @throws AppError 429 when it went over the limit. */
  consume(req: FastifyRequest, subject: string): Promise<void>;
}

/** Emails and mobiles compare trimmed and lower-cased, as the accounts store them. */
function normalise(subject: string): string {
  return subject.trim().toLowerCase();
}

/**
 * A limiter named `name` allowing `max` events per subject in `windowMs`, in the rate-limit plugin's
 * store (the plugin must be registered on `app` or an ancestor).
 */
export function subjectLimiter(app: FastifyInstance, name: string, max: number, windowMs: number): SubjectLimiter {
  // The plugin's limiter takes only the request; the subject travels beside it.
  const subjects = new WeakMap<FastifyRequest, string>();
  const limit = app.createRateLimit({ max, timeWindow: windowMs, keyGenerator: (req) => `${name}:${subjects.get(req) ?? ''}` });
  const run = async (req: FastifyRequest, subject: string, increment: boolean) => {
    subjects.set(req, normalise(subject));
    return limit(req, { increment });
  };
  return {
    async check(req, subject) {
      const state = await run(req, subject, false);
      if (!state.isAllowed && state.remaining <= 0) throw tooManyRequests();
    },
    async hit(req, subject) {
      await run(req, subject, true);
    },
    async consume(req, subject) {
      const state = await run(req, subject, true);
      if (!state.isAllowed && state.isExceeded) throw tooManyRequests();
    },
  };
}

/** The window of the per-account and per-recipient limits. */
export const SUBJECT_WINDOW_MS = 15 * 60_000;
