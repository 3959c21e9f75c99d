/**
 * The agent's desk besides the call itself (issue 14; spec 3, 4, 9): dispositions with PTPs and
 * callbacks (and their reminders), a loan's call details with broken PTPs judged against the
 * loan's payments, the reminders due today and the calling queue. Amounts in minor units.
 */
import { and, asc, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { isLive } from '../../../domain/calling/call-states';
import type { CallState } from '../../../domain/calling/call-states';
import { dispositionProblem, indiaCallbackTime } from '../../../domain/calling/dispositions';
import { ptpState } from '../../../domain/calling/ptp';
import { currentMonths } from '../../../domain/common/calendar';
import { countryTimeZone, localDay, localDayBounds } from '../../../domain/common/dates';
import { fromMinor, toMinor } from '../../../domain/common/money';
import type { CallDetailsRecord, DispositionRecord, QueueLoan, QueueResponse, ReminderRecord } from '../../../domain/contracts/calling/calls';
import type { dispositionBody } from '../../../domain/contracts/calling/calls.schema';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import type { Caller } from '../../http/caller';
import { badRequest, conflict, notFound } from '../../http/errors';
import { allocationMonthsOf, allocationsOf } from '../allocation/queries';
import { companyCountry } from '../companies/queries';
import { paymentsSubquery } from '../payments/queries';
import { addLoanEvents, canReadUnmasked, loanContactFacts, loanSummaries, moveLoanEvents, portfolioView, setLoanCallingStatuses } from '../portfolio/queries';
import type { LoanEventInput } from '../portfolio/queries';
import { callOf, toCallRecord, writeCallEnd } from './calls-service';
import { undialedEntries } from './campaigns-service';
import { callingCalls, callingDispositions, callingReminders } from './schema';
import type { DispositionRow, ReminderRow } from './schema';
import { callerModes, settingsOf } from './settings-service';

type ParsedDisposition = z.output<typeof dispositionBody>;
const DAY = 86_400_000;

function toReminder(r: ReminderRow): ReminderRecord {
  return {
    reminder_id: r.reminderId,
    loan_id: r.loanId,
    call_id: r.callId,
    shoot_id: r.shootId,
    kind: r.kind,
    reminder_date: r.reminderDate.toISOString(),
    reminder_date_ist: indiaCallbackTime(r.reminderDate),
    remarks: r.remarks,
    done: r.doneAt !== null,
  };
}

function toDisposition(d: DispositionRow, shootId: string, reminder: ReminderRow | null): DispositionRecord {
  return {
    disposition_id: d.dispositionId,
    call_id: d.callId,
    shoot_id: shootId,
    loan_id: d.loanId,
    disposition: d.disposition,
    ptp_date: d.ptpDate,
    ptp_amount: d.ptpAmountMinor === null ? null : fromMinor(d.ptpAmountMinor),
    ptp_amount_minor: d.ptpAmountMinor,
    callback_at: d.callbackAt?.toISOString() ?? null,
    call_type: d.callType,
    remarks: d.remarks,
    created_at: d.createdAt.toISOString(),
    reminder: reminder ? toReminder(reminder) : null,
  };
}

/** Said when a disposition names a loan the call was not matched to. */
export const NOT_A_MATCHED_LOAN = "This loan is not one of the call's matched loans";

/**
 * POST /calling/dispositions, inside a transaction: one disposition per
 * call (the same one sent again answers the first; a different one is 409). A PTP needs a date
 * from today and an amount; a callback a time (it makes a reminder with the call's shoot_id). The
 * loan's timeline gets a status change (and the PTP), `telecalling_status` becomes the
 * disposition, and the agent's open reminders of the loan are done. `created` is false for a replay.
 * An inbound call matched to several loans takes the `loan_id` the agent chose (one of its matches);
 * its call-end timeline event and calling_status go there too.
 * @throws 404 'Call not found'; 409 call still live / another disposition; 400 the form's problem,
 *   a loan_id the call was not matched to
 */
export async function recordDispositionOnce(tx: DbOrTx, caller: Caller, body: ParsedDisposition, now: Date): Promise<{ record: DispositionRecord; created: boolean }> {
  const call = await callOf(tx, caller, body.call_id);
  const [existing] = await tx.select().from(callingDispositions).where(eq(callingDispositions.callId, call.callId));
  if (existing) {
    if (existing.disposition !== body.disposition) throw conflict('A disposition is already recorded for this call');
    const [rem] = await tx.select().from(callingReminders).where(and(eq(callingReminders.callId, call.callId), eq(callingReminders.companyId, caller.companyId))).limit(1);
    return { record: toDisposition(existing, call.shootId, rem ?? null), created: false };
  }
  if (isLive(call.state as CallState)) throw conflict('The call is still in progress: record its disposition when it ends');
  if (body.loan_id && body.loan_id !== call.loanId) {
    // An inbound call matched to several loans: the agent says which one the borrower called about.
    if (call.direction !== 'inbound' || !call.matchedLoanIds.includes(body.loan_id)) throw badRequest(NOT_A_MATCHED_LOAN);
    const facts = await loanContactFacts(tx, caller.companyId, body.loan_id);
    if (!facts) throw badRequest(NOT_A_MATCHED_LOAN);
    // Locked: the call-end writer either wrote the call's end on the first loan already (moved here) or writes it on the chosen one.
    const [locked] = await tx.update(callingCalls).set({ loanId: body.loan_id, allocationMonth: facts.allocationMonth }).where(eq(callingCalls.callId, call.callId)).returning({ pending: callingCalls.loanWritePending });
    if (call.loanId && !locked.pending) {
      await moveLoanEvents(tx, caller.companyId, call.loanId, { loanId: body.loan_id, allocationMonth: facts.allocationMonth }, { module: 'calling', kind: 'call', detailKey: 'call_id', detailValue: call.callId });
      await setLoanCallingStatuses(tx, caller.companyId, body.loan_id, facts.allocationMonth, { calling_status: call.outcome ?? 'Failed' });
    }
    call.loanId = body.loan_id;
    call.allocationMonth = facts.allocationMonth;
  }
  // Only `tx` here: the transaction holds PGlite's one connection.
  const { country } = await companyCountry(tx, caller.companyId);
  const zone = countryTimeZone(country);
  const settings = await settingsOf(tx, caller.companyId, country);
  const today = localDay(now, zone.offsetMinutes);
  const problem = dispositionProblem(body, settings.dispositions, today);
  if (problem) throw badRequest(problem);
  const option = settings.dispositions.find((o) => o.name === body.disposition)!;
  const ptpAmountMinor = option.ptp && body.ptp_amount !== null ? toMinor(body.ptp_amount) : null;
  const callbackAt = option.callback && body.callback_at ? new Date(body.callback_at) : null;
  const [row] = await tx
    .insert(callingDispositions)
    .values({
      companyId: caller.companyId,
      callId: call.callId,
      loanId: call.loanId,
      agentId: caller.user.userId,
      disposition: body.disposition,
      ptpDate: option.ptp ? body.ptp_date : null,
      ptpAmountMinor,
      callbackAt,
      callType: body.call_type,
      remarks: body.remarks,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  // The same call disposed at the same moment by another request: that one stands.
  if (!row) throw conflict('A disposition is already recorded for this call');
  // The call's end may not be on the loan yet (the call-end writer's batch follows the status
  // callback by a moment): written here, so the timeline shows the call with its disposition. The
  // writer locks with SKIP LOCKED and re-checks the flag, so the end is written once either way.
  const [unwritten] = await tx
    .update(callingCalls)
    .set({ loanWritePending: false })
    .where(and(eq(callingCalls.callId, call.callId), eq(callingCalls.loanWritePending, true)))
    .returning();
  if (unwritten) await writeCallEnd(tx, unwritten, unwritten.endedAt ?? now);
  // This call answers the agent's earlier reminders of the loan.
  await tx
    .update(callingReminders)
    .set({ doneAt: now })
    .where(and(eq(callingReminders.companyId, caller.companyId), eq(callingReminders.agentId, caller.user.userId), eq(callingReminders.loanId, call.loanId), isNull(callingReminders.doneAt)));
  const reminders: (typeof callingReminders.$inferInsert)[] = [];
  const base = { companyId: caller.companyId, agentId: caller.user.userId, loanId: call.loanId, callId: call.callId, shootId: call.shootId, remarks: body.remarks };
  if (callbackAt) reminders.push({ ...base, kind: 'callback', reminderDate: callbackAt });
  // A PTP is followed up on its day, 10:00 local.
  if (row.ptpDate) reminders.push({ ...base, kind: 'ptp', reminderDate: new Date(localDayBounds(row.ptpDate, zone.offsetMinutes).start.getTime() + 10 * 3_600_000) });
  const made = reminders.length > 0 ? await tx.insert(callingReminders).values(reminders).returning() : [];

  // An inbound call from a number matching no loan has no loan to write on.
  if (!call.loanId) return { record: toDisposition(row, call.shootId, made.find((m) => m.kind === 'callback') ?? made[0] ?? null), created: true };
  const event = { companyId: caller.companyId, loanId: call.loanId, allocationMonth: call.allocationMonth, module: 'calling', authorId: caller.user.userId, createdAt: now };
  const timeline: LoanEventInput[] = [
    {
      ...event,
      kind: 'status_change',
      remark: body.remarks ? `${body.disposition}: ${body.remarks}` : body.disposition,
      details: { status_name: body.disposition, call_id: call.callId, shoot_id: call.shootId, call_type: body.call_type, callback_at: callbackAt?.toISOString() ?? null },
    },
  ];
  if (row.ptpDate && ptpAmountMinor !== null) {
    timeline.push({ ...event, kind: 'ptp', remark: body.remarks || null, details: { ptp_date: row.ptpDate, ptp_amount: fromMinor(ptpAmountMinor), ptp_amount_minor: ptpAmountMinor, broken: false, call_id: call.callId } });
  }
  await addLoanEvents(tx, timeline);
  await setLoanCallingStatuses(tx, caller.companyId, call.loanId, call.allocationMonth, { telecalling_status: body.disposition });
  return { record: toDisposition(row, call.shootId, made.find((m) => m.kind === 'callback') ?? made[0] ?? null), created: true };
}

/**
 * GET /calling/loans/{id}/call-details (spec 3, 9): calls of the 7 days before `now` (successful =
 * Connected), PTPs made in the month before it, broken ones judged on the company's local day
 * against the loan's payments (payments area), the last PTP ever, and the latest 10 calls.
 * @throws 404 'No loan details found'
 */
export async function callDetails(db: Db, caller: Caller, loanId: string, now: Date): Promise<CallDetailsRecord> {
  const modes = await callerModes(db, caller);
  const [call] = await db.select({ m: callingCalls.allocationMonth }).from(callingCalls).where(and(eq(callingCalls.companyId, caller.companyId), eq(callingCalls.loanId, loanId))).limit(1);
  if (!call && !(await loanKnown(db, caller.companyId, loanId))) throw notFound('No loan details found');
  const weekAgo = new Date(now.getTime() - 7 * DAY);
  const monthAgo = new Date(now);
  monthAgo.setUTCMonth(monthAgo.getUTCMonth() - 1);
  const mine = and(eq(callingCalls.companyId, caller.companyId), eq(callingCalls.loanId, loanId));
  const [[counts], calls, ptps, payments] = await Promise.all([
    db
      .select({
        total: sql<number>`count(*)`.mapWith(Number),
        ok: sql<number>`count(*) filter (where ${callingCalls.outcome} = 'Connected')`.mapWith(Number),
      })
      .from(callingCalls)
      .where(and(mine, gte(callingCalls.createdAt, weekAgo), lt(callingCalls.createdAt, new Date(now.getTime() + 1)))),
    db.select().from(callingCalls).where(mine).orderBy(desc(callingCalls.createdAt)).limit(10),
    db
      .select()
      .from(callingDispositions)
      .where(and(eq(callingDispositions.companyId, caller.companyId), eq(callingDispositions.loanId, loanId), sql`${callingDispositions.ptpDate} is not null`))
      .orderBy(desc(callingDispositions.createdAt)),
    (async () => {
      const p = paymentsSubquery(db, caller.companyId);
      return db.select({ paidAt: p.paidAt, amountMinor: p.amountMinor }).from(p).where(eq(p.loanId, loanId));
    })(),
  ]);
  const off = modes.zone.offsetMinutes;
  const today = localDay(now, off);
  const paid = payments.map((p) => ({ paidOn: localDay(p.paidAt, off), amountMinor: Number(p.amountMinor) }));
  const stateOf = (d: DispositionRow) => ptpState({ ptpDate: d.ptpDate!, amountMinor: d.ptpAmountMinor ?? 0, madeOn: localDay(d.createdAt, off) }, paid, today);
  const recent = ptps.filter((d) => d.createdAt >= monthAgo && d.createdAt <= now);
  const dispositions = calls.length > 0 ? await db.select({ callId: callingDispositions.callId, name: callingDispositions.disposition }).from(callingDispositions).where(inArray(callingDispositions.callId, calls.map((c) => c.callId))) : [];
  const names = new Map(dispositions.map((d) => [d.callId, d.name]));
  const last = ptps[0];
  return {
    total_calls: counts.total,
    successful_calls: counts.ok,
    total_ptp: recent.length,
    total_broken_ptp: recent.filter((d) => stateOf(d) === 'broken').length,
    last_ptp: last ? { ptp_date: last.ptpDate!, ptp_amount: fromMinor(last.ptpAmountMinor ?? 0), ptp_amount_minor: last.ptpAmountMinor ?? 0, state: stateOf(last), created_at: last.createdAt.toISOString() } : null,
    calling_status: (calls[0] && names.get(calls[0].callId)) ?? calls[0]?.outcome ?? null,
    calls: calls.map((c) => toCallRecord(c, names.get(c.callId) ?? null)),
  };
}

/** Whether the company has the loan in any month. */
async function loanKnown(db: Db, companyId: string, loanId: string): Promise<boolean> {
  return (await loanContactFacts(db, companyId, loanId)) !== null;
}

/** GET /calling/reminders: the caller's open reminders due before the end of the company's today, oldest first. */
export async function dueReminders(db: Db, caller: Caller, now: Date): Promise<ReminderRecord[]> {
  const modes = await callerModes(db, caller);
  const { end } = localDayBounds(localDay(now, modes.zone.offsetMinutes), modes.zone.offsetMinutes);
  const rows = await db
    .select()
    .from(callingReminders)
    .where(and(eq(callingReminders.companyId, caller.companyId), eq(callingReminders.agentId, caller.user.userId), isNull(callingReminders.doneAt), lt(callingReminders.reminderDate, end)))
    .orderBy(asc(callingReminders.reminderDate))
    .limit(200);
  return rows.map(toReminder);
}

const QUEUE_SIZE = 300;

/**
 * GET /calling/queue: in an autodial session (spec 4), the undialed call list of its campaign in
 * the order added; in an inbound session nothing (source 'inbound': calls come to the agent); otherwise the caller's telecaller allocations of the current months, never-called
 * loans first, then the least recently called. Masked for the caller; at most 300.
 */
export async function callingQueue(db: Db, caller: Caller, now: Date): Promise<QueueResponse> {
  const modes = await callerModes(db, caller);
  const off = modes.zone.offsetMinutes;
  const view = await portfolioView(db, caller.companyId, canReadUnmasked(caller.permissions));
  // An inbound session (spec 4 inbound mode) has nothing to dial: the borrowers' calls come to the agent.
  if (modes.autodialCampaignId && modes.mode === 'inbound') return { loans: [], source: 'inbound', campaign_id: modes.autodialCampaignId };
  if (modes.autodialCampaignId) {
    const entries = await undialedEntries(db, caller.companyId, modes.autodialCampaignId, QUEUE_SIZE);
    const order = new Map(entries.map((e, i) => [e.loanId, i]));
    const loans = await queueLoans(db, caller, view, entries, now, off);
    return { loans: loans.sort((a, b) => order.get(a.loan_id)! - order.get(b.loan_id)!), source: 'campaign', campaign_id: modes.autodialCampaignId };
  }
  const months = currentMonths(await allocationMonthsOf(db, caller.companyId, caller.user.userId, 'telecaller'), localDay(now, off).slice(0, 7));
  if (months.length === 0) return { loans: [], source: 'allocation', campaign_id: null };
  const held = await allocationsOf(db, caller.companyId, caller.user.userId, 'telecaller', months);
  const keys = new Map<string, (typeof held)[number]>();
  for (const k of held.sort((a, b) => b.allocationMonth.localeCompare(a.allocationMonth))) if (!keys.has(k.loanId)) keys.set(k.loanId, k);
  const loans = await queueLoans(db, caller, view, [...keys.values()], now, off);
  return {
    loans: loans.sort((a, b) => (a.last_call_at ?? '').localeCompare(b.last_call_at ?? '') || (b.dpd ?? 0) - (a.dpd ?? 0) || a.loan_id.localeCompare(b.loan_id)).slice(0, QUEUE_SIZE),
    source: 'allocation',
    campaign_id: null,
  };
}

/** Queue rows of the loans named: the masked summary and today's calls. */
async function queueLoans(db: Db, caller: Caller, view: Awaited<ReturnType<typeof portfolioView>>, keys: { loanId: string; allocationMonth: string }[], now: Date, off: number): Promise<QueueLoan[]> {
  const loans = await loanSummaries(db, view, keys);
  const ids = loans.map((l) => l.loanId);
  const { start } = localDayBounds(localDay(now, off), off);
  const stats =
    ids.length === 0
      ? []
      : await db
          .select({
            loanId: callingCalls.loanId,
            last: sql<string | null>`max(${callingCalls.createdAt})`,
            today: sql<number>`count(*) filter (where ${callingCalls.createdAt} >= ${start.toISOString()}::timestamptz)`.mapWith(Number),
          })
          .from(callingCalls)
          .where(and(eq(callingCalls.companyId, caller.companyId), inArray(callingCalls.loanId, ids)))
          .groupBy(callingCalls.loanId);
  const byLoan = new Map(stats.map((s) => [s.loanId, s]));
  const text = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));
  return loans.map((l) => {
      const s = byLoan.get(l.loanId);
      return {
        loan_id: l.loanId,
        allocation_month: l.allocationMonth,
        applicant_name: text(l.record.applicant_name),
        dpd: l.dpd,
        total_due_minor: l.totalClaimAmountMinor,
        calling_status: text(l.record.telecalling_status) ?? text(l.record.calling_status),
        last_call_at: s?.last ? new Date(s.last).toISOString() : null,
        calls_today: s?.today ?? 0,
      };
    });
}
