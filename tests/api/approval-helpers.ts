/**
 * Deciding approval requests in API tests of the areas that submit them (issue 16): every level
 * of a request decided through the approval area's own endpoint,
 * `POST /api/approval/requests/{id}/decision`, by checkers who may (admin-level users of the demo
 * lender, a different one per level: nobody approves two levels of one request).
 */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { headers, LENDER, signIn } from './helpers';

const CHECKERS = ['super.user@demo.in', 'admin@demo.in', 'super.admin@demo.in', 'chief.admin@demo.in'];
const tokens = new WeakMap<FastifyInstance, Map<string, string>>();

async function checker(app: FastifyInstance, email: string): Promise<Record<string, string>> {
  const known = tokens.get(app) ?? new Map<string, string>();
  tokens.set(app, known);
  if (!known.has(email)) known.set(email, (await signIn(app, email)).token);
  return headers(known.get(email)!, LENDER);
}

/**
 * Decides `requestId` until it is final: `approved` approves each level in turn, `rejected` rejects
 * at the first. @throws (test failure) when no checker may decide it
 */
export async function decideAll(app: FastifyInstance, requestId: string, decision: 'approved' | 'rejected'): Promise<void> {
  for (const email of CHECKERS) {
    const h = await checker(app, email);
    const res = await app.inject({ method: 'POST', url: `/api/approval/requests/${requestId}/decision`, headers: h, payload: { decision, remarks: `${decision} in the test by ${email}` } });
    if (res.statusCode === 403) continue;
    expect(res.statusCode, res.body).toBe(200);
    const status = (await app.inject({ url: `/api/approval/requests/${requestId}`, headers: h })).json().data.status as string;
    if (status !== 'pending') {
      expect(status).toBe(decision);
      return;
    }
  }
  throw new Error(`approval request ${requestId} was not decided by any checker`);
}
