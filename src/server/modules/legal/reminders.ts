/**
 * Reminders to the advocate (issue 17 "limitation and statutory deadlines computed with reminders
 * to the advocate"): an email to a case's advocate REMINDER_DAYS_AHEAD days before its next hearing
 * and its stage's statutory deadline, and again on the day; LIMITATION_REMINDER_DAYS (30 and 7) days
 * before its limitation last day (limitation-service.ts). legal_reminders remembers each one
 * sent (case, kind, day, slot), so the sweep may run as often as it likes and after a restart.
 * Days are each company's own (its country's time zone).
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import { addDays } from '../../../domain/common/calendar';
import { REMINDER_DAYS_AHEAD, stageDeadline } from '../../../domain/legal/cases';
import { LIMITATION_REMINDER_DAYS } from '../../../domain/legal/limitation';
import type { Db } from '../../db/client';
import { queueAndSend, type MessageProvider } from '../../messaging/provider';
import { userById } from '../users/queries';
import { caseRecords } from './cases-service';
import { companyToday } from '../companies/queries';
import { limitationMayEndBySql } from './limitation-service';
import { legalCases, legalReminders, type LegalCaseRow } from './schema';

/** A reminder due today: what, for which day, and which of its two sendings. */
interface Due {
  row: LegalCaseRow;
  kind: 'hearing' | 'deadline' | 'limitation';
  dueOn: string;
  slot: 'ahead' | 'today' | 'ahead_30' | 'ahead_7';
}

function dueOf(row: LegalCaseRow, today: string, limitation: string | null): Due[] {
  const out: Due[] = [];
  const slotOf = (day: string | null) => (day === today ? 'today' : day === addDays(today, REMINDER_DAYS_AHEAD) ? 'ahead' : null);
  const hearing = slotOf(row.nextHearingDate);
  if (hearing) out.push({ row, kind: 'hearing', dueOn: row.nextHearingDate!, slot: hearing });
  const deadline = stageDeadline(row.processType, row.stage, row.stageSince);
  const deadlineSlot = slotOf(deadline);
  if (deadline && deadlineSlot) out.push({ row, kind: 'deadline', dueOn: deadline, slot: deadlineSlot });
  const ahead = LIMITATION_REMINDER_DAYS.find((n) => limitation === addDays(today, n));
  if (limitation && ahead) out.push({ row, kind: 'limitation', dueOn: limitation, slot: `ahead_${ahead}` });
  return out;
}

function text(d: Due): { subject: string; body: string } {
  const c = d.row;
  const what = `${c.processType} case${c.caseNumber ? ` ${c.caseNumber}` : ''}, loan ${c.loanId}${c.court ? `, ${c.court}` : ''}`;
  const when = d.slot === 'today' ? 'today' : `on ${d.dueOn}`;
  if (d.kind === 'limitation') {
    const left = d.slot === 'ahead_7' ? 7 : 30;
    return {
      subject: `Limitation ends on ${d.dueOn} (${left} days): ${what}`,
      body: `Reminder: the limitation for the ${what} ends on ${d.dueOn}, in ${left} days. File before then, or record a written acknowledgment of the debt or a part payment made before it, which starts a fresh period.`,
    };
  }
  return d.kind === 'hearing'
    ? { subject: `Hearing ${when}: ${what}`, body: `Reminder: the ${what} has a hearing ${when}.` }
    : { subject: `Statutory deadline ${when}: ${what}`, body: `Reminder: the ${c.stage} stage of the ${what} reaches its statutory deadline ${when} (${d.dueOn}).` };
}

/**
 * Sends the reminders due at `now` that were not sent yet, one email per advocate, case, kind and
 * slot; a case without an advocate (or whose advocate is gone) gets none. Limitation dates are
 * computed once per sweep for the cases whose limitation can end within the reminder window
 * (limitationMayEndBySql), not for every case.
 * @returns how many were sent.
 */
export async function sendDueReminders(db: Db, messages: MessageProvider, now: Date): Promise<number> {
  const rows = await db.select().from(legalCases).where(isNotNull(legalCases.advocateId));
  const todayOf = new Map<string, string>();
  const limitationOf = new Map<string, string | null>();
  for (const companyId of new Set(rows.map((r) => r.companyId))) {
    const today = await companyToday(db, companyId, now);
    todayOf.set(companyId, today);
    // Only the cases whose limitation can end within the reminder window are computed.
    const window = await db
      .select()
      .from(legalCases)
      .where(and(eq(legalCases.companyId, companyId), isNotNull(legalCases.advocateId), limitationMayEndBySql(companyId, addDays(today, Math.max(...LIMITATION_REMINDER_DAYS)))));
    const records = window.length ? await caseRecords(db, companyId, true, window.map((row) => ({ row, advocateName: null }))) : [];
    for (const r of records) limitationOf.set(r.case_id, r.limitation_date);
  }
  let sent = 0;
  for (const row of rows) {
    for (const due of dueOf(row, todayOf.get(row.companyId)!, limitationOf.get(row.caseId) ?? null)) {
      const advocate = await userById(db, row.advocateId!);
      if (!advocate) continue;
      const [claimed] = await db
        .insert(legalReminders)
        .values({ companyId: row.companyId, caseId: row.caseId, kind: due.kind, dueOn: due.dueOn, slot: due.slot, recipientId: advocate.userId, sentAt: now })
        .onConflictDoNothing()
        .returning({ caseId: legalReminders.caseId });
      if (!claimed) continue;
      const { subject, body } = text(due);
      await queueAndSend(db, messages, { channel: 'email', recipient: advocate.email, template: `legal_${due.kind}_reminder`, body: `${subject}\n\n${body}`, variables: { subject, case_id: row.caseId, due_on: due.dueOn }, companyId: row.companyId });
      sent++;
    }
  }
  return sent;
}
