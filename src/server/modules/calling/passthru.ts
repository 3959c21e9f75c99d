/**
 * Exotel's Passthru applet (issue 14 "Telephony"; the protocol in telephony/exotel.ts): the status
 * it reports is recorded on the call, and the flow's branch is our HTTP status — 200 when an agent
 * talked with the caller, 302 when none did.
 *
 * Verified as the StatusCallbacks are (providers sign nothing): the company's callback secret in
 * the URL (401 otherwise) and the CallSid one of the company's calls (CustomField, when sent, its
 * id). A call that is not ours answers 302 and nothing is written. A finished agent leg on a live
 * call goes through the StatusCallback queue as a terminal callback (status-callbacks.ts), so the
 * agent's screen and the loan side follow as for any ended call.
 */
import { and, eq } from 'drizzle-orm';
import type { CallState } from '../../../domain/calling/call-states';
import { isLive } from '../../../domain/calling/call-states';
import type { Db } from '../../db/client';
import { unauthorized } from '../../http/errors';
import { secretMatches } from './calls-service';
import { callingCalls, callingSettings } from './schema';
import type { StatusCallbackItem } from './status-callbacks';
import type { PassthruQuery } from './telephony/exotel';
import { passthruAsTerminal, passthruStatusOf } from './telephony/exotel';

/** What the applet hears: the HTTP status its flow branches on, and a body for logs. */
export interface PassthruResult {
  status: 200 | 302;
  body: { branch: 'answered' | 'not_answered'; call_id: string | null; passthru_status: string | null };
}

/**
 * Handles one Passthru request. `submit` is the process's StatusCallback queue (it resolves once
 * the terminal callback is written). @throws 401 'Invalid callback secret'
 */
export async function applyPassthru(db: Db, submit: (item: StatusCallbackItem) => Promise<void>, companyId: string, secret: string, q: PassthruQuery, now: Date): Promise<PassthruResult> {
  const [settings] = await db.select().from(callingSettings).where(eq(callingSettings.companyId, companyId));
  if (!settings || !secretMatches(secret, settings.callbackSecret)) throw unauthorized('Invalid callback secret');
  const notOurs: PassthruResult = { status: 302, body: { branch: 'not_answered', call_id: null, passthru_status: null } };
  const find = async () => (await db.select().from(callingCalls).where(and(eq(callingCalls.companyId, companyId), eq(callingCalls.providerCallId, q.CallSid))).limit(1))[0];
  const row = await find();
  if (!row || (q.CustomField && q.CustomField !== row.callId)) return notOurs;
  const terminal = passthruAsTerminal(q);
  if (terminal && isLive(row.state as CallState)) await submit({ companyId, secret, body: terminal, now });
  const status = passthruStatusOf(q);
  if (status) await db.update(callingCalls).set({ passthruStatus: status.slice(0, 40), updatedAt: now }).where(eq(callingCalls.callId, row.callId));
  const after = (await find()) ?? row;
  // An agent talked with the caller: answered, and (once ended) with talk time.
  const answered = after.answeredAt !== null && (after.endedAt === null || (after.talkSeconds ?? 0) > 0);
  return { status: answered ? 200 : 302, body: { branch: answered ? 'answered' : 'not_answered', call_id: after.callId, passthru_status: after.passthruStatus } };
}
