/**
 * Idempotent writes (issue 4 "a write is never lost and never doubled, whatever the network
 * does"; Stripe's idempotency keys and the IETF Idempotency-Key draft).
 *
 * Flow of one request carrying `Idempotency-Key`:
 *  1. the key is claimed: a row `in_progress` is inserted and committed on its own, so a concurrent
 *     duplicate sees it at once;
 *  2. if the key exists: completed with the same request → the stored response is replayed;
 *     another request (hash or route) → 422; still in progress → 409, unless older than
 *     STALE_AFTER_MS (its process died) → taken over;
 *  3. the business write and the marking `completed` (with the response) run in ONE transaction,
 *     so a crash cannot leave a written row without its completed key, nor the reverse;
 *  4. when the work fails (validation 4xx or anything else) the transaction rolled back and the
 *     claim is released, so a corrected retry with the same key works.
 */
import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idempotencyKey } from '../../domain/contracts/common.schema';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_MESSAGES } from '../../domain/contracts/idempotency';
import type { Db, DbOrTx } from '../db/client';
import { AppError, badRequest, conflict } from './errors';
import { idempotencyKeys } from './idempotency-schema';

/** A claim older than this is taken to belong to a request whose process died. */
export const STALE_AFTER_MS = 60_000;
/** Header set on a replayed response. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What a route answers from inside the idempotent transaction. */
export interface IdempotentResult {
  status: number;
  body: unknown;
}

/**
 * sha256 hex over the request's parts: the JSON body text and each file's bytes, in order.
 * Two requests hash alike only when their JSON and files are byte-identical.
 */
export function requestHash(json: unknown, files: readonly Buffer[] = []): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify(json ?? null));
  for (const file of files) {
    hash.update(`\0file:${file.length}\0`);
    hash.update(file);
  }
  return hash.digest('hex');
}

/**
 * The request's Idempotency-Key header, checked before the body is read.
 * @throws 400 IDEMPOTENCY_MESSAGES.missing, or 400 with the format message
 */
export function idempotencyKeyOf(req: FastifyRequest): string {
  const raw = req.headers[IDEMPOTENCY_HEADER];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (!value) throw badRequest(IDEMPOTENCY_MESSAGES.missing);
  const parsed = idempotencyKey.safeParse(value);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? IDEMPOTENCY_MESSAGES.missing);
  return parsed.data;
}

/** The documented header for the OpenAPI schema of an idempotent route. */
export const idempotencyHeaderDoc = {
  description: 'Required. A unique key per logical write (the phone sends a uuid); a retry with the same key and body replays the first response.',
};

/** The Idempotency-Key header as the OpenAPI document shows it (checked in code, for the spec's messages). */
export const idempotencyHeaders = z.looseObject({ 'idempotency-key': z.string().optional().meta(idempotencyHeaderDoc) });

interface Claim {
  companyId: string;
  key: string;
  createdAt: Date;
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * Runs `work` once per (company, key). Answers the reply itself (status, body and, for a replay,
 * `Idempotent-Replayed: true`).
 * @param scope company, caller, route ('POST /api/fos/visits') and the key from idempotencyKeyOf
 * @param hash requestHash of the request
 * @param work the business write; receives the transaction and returns the response to send and store
 * @param afterCommit runs once the write and its key have committed, before the answer (work that
 *   must not share the transaction, such as queueing a job); its failure is logged, not answered
 * @throws 422 mismatch, 409 in progress, or whatever `work` throws (the claim is then released)
 */
export async function runIdempotent(
  db: Db,
  reply: FastifyReply,
  scope: { companyId: string; userId: string; route: string; key: string },
  hash: string,
  work: (tx: Tx) => Promise<IdempotentResult>,
  afterCommit?: () => Promise<void>,
): Promise<FastifyReply> {
  const claim = await claimKey(db, scope, hash);
  if ('replay' in claim) return reply.code(claim.replay.status).header(REPLAYED_HEADER, 'true').send(claim.replay.body);
  try {
    const result = await db.transaction(async (tx) => {
      const out = await work(tx);
      const done = await tx
        .update(idempotencyKeys)
        .set({ status: 'completed', responseStatus: out.status, responseBody: out.body, completedAt: new Date() })
        .where(and(eq(idempotencyKeys.companyId, claim.companyId), eq(idempotencyKeys.key, claim.key), eq(idempotencyKeys.status, 'in_progress'), eq(idempotencyKeys.createdAt, claim.createdAt)))
        .returning({ key: idempotencyKeys.key });
      // Another request took the key over (ours was stale): roll back rather than write twice.
      if (done.length === 0) throw conflict(IDEMPOTENCY_MESSAGES.inProgress);
      return out;
    });
    await afterCommit?.().catch((err: unknown) => reply.log.error({ err }, 'work after an idempotent write failed'));
    return reply.code(result.status).send(result.body);
  } catch (err) {
    await releaseClaim(db, claim);
    // The rows carry the key with a unique constraint: a duplicate that slipped past the claim ends here.
    if (isUniqueViolation(err) && !(err instanceof AppError)) throw conflict(IDEMPOTENCY_MESSAGES.inProgress);
    throw err;
  }
}

async function releaseClaim(db: DbOrTx, claim: Claim): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.companyId, claim.companyId), eq(idempotencyKeys.key, claim.key), eq(idempotencyKeys.status, 'in_progress'), eq(idempotencyKeys.createdAt, claim.createdAt)));
}

/** Claims the key (committed at once), or answers the replay, or throws 422 / 409. */
async function claimKey(db: Db, scope: { companyId: string; userId: string; route: string; key: string }, hash: string): Promise<Claim | { replay: IdempotentResult }> {
  const base = { companyId: scope.companyId, key: scope.key };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    // Millisecond timestamps made here (not now() in SQL) so the claim can be matched by equality later.
    const [inserted] = await db
      .insert(idempotencyKeys)
      .values({ ...base, userId: scope.userId, route: scope.route, requestHash: hash, status: 'in_progress', createdAt: new Date() })
      .onConflictDoNothing()
      .returning({ createdAt: idempotencyKeys.createdAt });
    if (inserted) return { ...base, createdAt: inserted.createdAt };

    const [row] = await db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.companyId, scope.companyId), eq(idempotencyKeys.key, scope.key)));
    if (!row) continue; // released between our insert and select: claim again
    if (row.requestHash !== hash || row.route !== scope.route || row.userId !== scope.userId) throw new AppError(422, IDEMPOTENCY_MESSAGES.mismatch);
    if (row.status === 'completed') return { replay: { status: row.responseStatus ?? 200, body: row.responseBody } };
    // In progress: take over only a stale claim, atomically (one taker wins).
    const [taken] = await db
      .update(idempotencyKeys)
      .set({ createdAt: new Date() })
      .where(and(eq(idempotencyKeys.companyId, scope.companyId), eq(idempotencyKeys.key, scope.key), eq(idempotencyKeys.status, 'in_progress'), lt(idempotencyKeys.createdAt, new Date(Date.now() - STALE_AFTER_MS))))
      .returning({ createdAt: idempotencyKeys.createdAt });
    if (taken) return { ...base, createdAt: taken.createdAt };
    throw conflict(IDEMPOTENCY_MESSAGES.inProgress);
  }
  throw conflict(IDEMPOTENCY_MESSAGES.inProgress);
}
