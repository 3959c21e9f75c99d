/**
 * Exotel's Passthru applet (issue 14 "Telephony"; the protocol in telephony/exotel.ts): the status
 * it reports is recorded on the call, and the flow's branch is our HTTP status — 200 when an agent
 * talked with the caller, 302 when none did.
 *
 * Verified as the StatusCallbacks are (providers sign nothing): the company's callback secret in
 * the URL (401 otherwise) and the CallSid one of the company's calls (CustomField, when sent, its
 * id). A call that is not ours answers 302 and nothing is written. A finished agent leg on a live
 * call goes through the StatusCallback queue as a terminal callback (status-callbacks.ts), so the
 * agent's screen and the loan side follow as for any ended call. The keys the caller pressed in a
 * Gather applet before it (`digits`) are kept on the call and written to the loan's timeline once
 * per new value.
 */
import { and, eq, isNull, ne, or } from 'drizzle-orm';
import type { CallState } from '../../../domain/calling/call-states';
import { isLive } from '../../../domain/calling/call-states';
import type { Db } from '../../db/client';
import { unauthorized } from '../../http/errors';
import { addLoanEvents } from '../portfolio/queries';
import { callTimelineEvent, secretMatches } from './calls-service';
import { callingCalls, callingSettings } from './schema';
import type { StatusCallbackItem } from './status-callbacks';
import type { PassthruQuery } from './telephony/exotel';
import { gatherDigitsOf, passthruAsTerminal, passthruStatusOf } from './telephony/exotel';

/** The timeline remark of the keys a caller pressed in the IVR (English, as the other call remarks). */
export const gatherDigitsRemark = (digits: string) => `Caller pressed ${digits} in the IVR`;

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
  const digits = gatherDigitsOf(q);
  if (digits) await keepDigits(db, row.callId, digits, now);
  const after = (await find()) ?? row;
  // An agent talked with the caller: answered, and (once ended) with talk time.
  const answered = after.answeredAt !== null && (after.endedAt === null || (after.talkSeconds ?? 0) > 0);
  return { status: answered ? 200 : 302, body: { branch: answered ? 'answered' : 'not_answered', call_id: after.callId, passthru_status: after.passthruStatus } };
}

/** Keeps the Gather digits on the call; a new value (not a replay) also goes to the loan's timeline. */
async function keepDigits(db: Db, callId: string, digits: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(callingCalls)
      .set({ gatherDigits: digits, updatedAt: now })
      .where(and(eq(callingCalls.callId, callId), or(isNull(callingCalls.gatherDigits), ne(callingCalls.gatherDigits, digits))))
      .returning();
    if (!row?.loanId) return;
    await addLoanEvents(tx, [callTimelineEvent(row, gatherDigitsRemark(digits), { gather_digits: digits }, null, now)]);
  });
}
