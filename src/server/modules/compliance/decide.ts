/**
 * The compliance decision on the server (issue 13): gathers the facts `check()` needs — the loan's
 * zone from its address, its exclusion flag, whose the number is, the DND list, the loan's recent
 * allowed contacts on the channel, the DLT template, an unused override — and judges. `dryRun`
 * records nothing (POST /compliance/check); `decide` (compliance/queries.ts, for calling,
 * communication and field visits) logs the decision, uses up the override it relied on and writes
 * the decision on the loan's timeline, allowed or blocked.
 */
import { and, asc, count, eq, gt, gte, isNull, lt } from 'drizzle-orm';
import type { Contact, Decision } from '../../../domain/compliance/check';
import { check } from '../../../domain/compliance/check';
import { localDayStart } from '../../../domain/compliance/local-time';
import type { ReasonLang } from '../../../domain/compliance/reasons';
import { reasonMessage } from '../../../domain/compliance/reasons';
import type { ContactChannel, ContactPurpose, ContactRole } from '../../../domain/compliance/rules';
import { zoneOfAddress } from '../../../domain/compliance/zones';
import type { DecisionRecord } from '../../../domain/contracts/compliance/check';
import { normaliseNumber } from '../../../domain/contracts/compliance/numbers';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../http/errors';
import type { LoanContactFacts } from '../portfolio/queries';
import { addLoanEvents, loanContactFacts } from '../portfolio/queries';
import { isOnDnd } from './dnd-service';
import { dltTemplate, rulesInForce } from './rules-service';
import { complianceDecisions, complianceOverrides } from './schema';

export const NO_LOAN = 'No loan details found';
const DAY_MS = 24 * 60 * 60 * 1000;

/** One contact to judge. */
export interface DecideInput {
  companyId: string;
  loanId: string;
  channel: ContactChannel;
  /** The number or email address; default the borrower's (none for a field visit). */
  to?: string | null;
  /** When the contact happens; default now. */
  at?: Date;
  /** Default 'payment'. */
  purpose?: ContactPurpose;
  /** An SMS: its text and the DLT content template id it was registered under. */
  sms?: { text: string; dltTemplateId: string | null };
  /** The user making the contact (null for a system job). */
  actorId: string | null;
  /** Language of the reasons' messages (default en). */
  lang?: ReasonLang;
}

/** A decision as the API and other areas see it; `decision_id` once recorded by decide(). */
export type DecisionResult = DecisionRecord & { decision_id: string | null };

/** '******3210': a number the caller did not give is never shown in clear. */
const masked = (value: string) => (value.length > 4 ? `${'*'.repeat(value.length - 4)}${value.slice(-4)}` : '****');

/** Whose `to` is: matched against the loan's numbers (as national digits) and emails; unknown numbers count as a reference. */
function whose(facts: LoanContactFacts, channel: ContactChannel, to: string | null | undefined): { value: string | null; role: ContactRole } {
  const wantsEmail = channel === 'email';
  if (!to) {
    if (channel === 'field_visit') return { value: null, role: 'borrower' };
    const own = facts.contacts.find((c) => c.role === 'borrower' && c.kind === (wantsEmail ? 'email' : 'phone'));
    return { value: own?.value ?? null, role: 'borrower' };
  }
  const key = wantsEmail || to.includes('@') ? to.trim().toLowerCase() : normaliseNumber(to);
  const match = facts.contacts.find((c) => (c.kind === 'email' ? c.value.toLowerCase() === key : normaliseNumber(c.value) === key));
  return { value: to, role: match?.role ?? 'reference' };
}

/** Allowed decisions of the loan on the channel: on `at`'s local day and in the 7 local days ending with it. */
async function historyOf(db: DbOrTx, companyId: string, loanId: string, channel: ContactChannel, at: Date, zone: string) {
  const dayStart = localDayStart(at, zone);
  const dayEnd = new Date(dayStart.getTime() + DAY_MS);
  const weekStart = new Date(dayStart.getTime() - 6 * DAY_MS);
  const base = [eq(complianceDecisions.companyId, companyId), eq(complianceDecisions.loanId, loanId), eq(complianceDecisions.channel, channel), eq(complianceDecisions.allowed, true), lt(complianceDecisions.decidedAt, dayEnd)];
  const [[today], [week]] = await Promise.all([
    db.select({ n: count() }).from(complianceDecisions).where(and(...base, gte(complianceDecisions.decidedAt, dayStart))),
    db.select({ n: count() }).from(complianceDecisions).where(and(...base, gte(complianceDecisions.decidedAt, weekStart))),
  ]);
  return { today: today.n, this_week: week.n };
}

/** The oldest unused, unexpired override of the loan on the channel, or null. */
async function openOverride(db: DbOrTx, companyId: string, loanId: string, channel: ContactChannel, at: Date) {
  const [row] = await db
    .select({ overrideId: complianceOverrides.overrideId })
    .from(complianceOverrides)
    .where(and(eq(complianceOverrides.companyId, companyId), eq(complianceOverrides.loanId, loanId), eq(complianceOverrides.channel, channel), isNull(complianceOverrides.usedAt), gt(complianceOverrides.expiresAt, at)))
    .orderBy(asc(complianceOverrides.createdAt))
    .limit(1);
  return row ? { override_id: row.overrideId } : null;
}

/** The facts and the judgement of one contact. @throws 404 NO_LOAN when the company has no such loan */
async function evaluate(db: DbOrTx, input: DecideInput, now: Date): Promise<{ decision: Decision; facts: LoanContactFacts; role: ContactRole; toShown: string | null; to: string | null }> {
  const facts = await loanContactFacts(db, input.companyId, input.loanId);
  if (!facts) throw notFound(NO_LOAN);
  const at = input.at ?? now;
  const rules = await rulesInForce(db, input.companyId, at);
  const zone = zoneOfAddress(rules.country, facts.state, rules.default_time_zone);
  const { value: to, role } = whose(facts, input.channel, input.to);
  const toShown = input.to ?? (to ? masked(to) : null);
  const isPhone = input.channel !== 'email' && input.channel !== 'field_visit';
  const [onDnd, history, override, template] = await Promise.all([
    isPhone ? isOnDnd(db, input.companyId, to) : Promise.resolve(false),
    historyOf(db, input.companyId, input.loanId, input.channel, at, zone),
    openOverride(db, input.companyId, input.loanId, input.channel, at),
    input.sms?.dltTemplateId ? dltTemplate(db, input.companyId, input.sms.dltTemplateId) : Promise.resolve(null),
  ]);
  const contact: Contact = {
    channel: input.channel,
    loan: { loan_id: facts.loanId, time_zone: zone, excluded: facts.excluded },
    to: toShown,
    role,
    purpose: input.purpose ?? 'payment',
    at,
    on_dnd: onDnd,
    history,
    sms: input.sms ? { text: input.sms.text, template } : undefined,
    override,
  };
  return { decision: check(contact, rules, now, input.lang ?? 'en'), facts, role, toShown, to };
}

const recordOf = (input: DecideInput, d: Decision, role: ContactRole, to: string | null, decisionId: string | null): DecisionResult => ({
  ...d,
  loan_id: input.loanId,
  channel: input.channel,
  to,
  role,
  decision_id: decisionId,
});

/** POST /compliance/check: the decision, recorded nowhere (an override is reported, not used). */
export async function dryRun(db: DbOrTx, input: DecideInput, now: Date): Promise<DecisionResult> {
  const { decision, role, toShown } = await evaluate(db, input, now);
  return recordOf(input, decision, role, toShown, null);
}

const CHANNEL_LABELS: Record<ContactChannel, string> = { call: 'Call', sms: 'SMS', whatsapp: 'WhatsApp', email: 'Email', field_visit: 'Field visit' };

/**
 * The real decision before a contact: judged like the dry run, then logged (allowed ones count
 * toward the caps), the override it relied on used up, and written on the loan's timeline
 * (kind 'compliance', module = the channel) whether allowed or blocked. Runs inside `db` — pass
 * the caller's transaction (`idempotency.tx`) so the decision and the contact commit together.
 * @throws 404 'No loan details found' when the company has no such loan
 */
export async function decide(db: DbOrTx, input: DecideInput, now: Date): Promise<DecisionResult> {
  let { decision, facts, role, toShown, to } = await evaluate(db, input, now);
  if (decision.override_id) {
    const used = await db
      .update(complianceOverrides)
      .set({ usedAt: now })
      .where(and(eq(complianceOverrides.overrideId, decision.override_id), isNull(complianceOverrides.usedAt)))
      .returning({ id: complianceOverrides.overrideId });
    // Another contact used it first: judge again without it.
    if (used.length === 0) ({ decision, facts, role, toShown, to } = await evaluate(db, input, now));
  }
  const [row] = await db
    .insert(complianceDecisions)
    .values({
      companyId: input.companyId,
      loanId: input.loanId,
      channel: input.channel,
      to,
      role,
      allowed: decision.allowed,
      reasons: decision.reasons.map((r) => r.code),
      overrideId: decision.override_id,
      actorId: input.actorId,
      decidedAt: new Date(decision.at),
    })
    .returning({ id: complianceDecisions.decisionId });
  if (decision.override_id) await db.update(complianceOverrides).set({ usedByDecision: row.id }).where(eq(complianceOverrides.overrideId, decision.override_id));
  // The timeline is read by users who may not see numbers in clear: its text names no number.
  const why = decision.reasons.map((r) => reasonMessage(r.code, { ...r.params, number: to ? masked(to) : '' })).join('; ');
  const verdict = decision.allowed ? (decision.override_id ? 'allowed by an override' : 'allowed') : 'blocked';
  await addLoanEvents(db, [
    {
      companyId: input.companyId,
      loanId: input.loanId,
      allocationMonth: facts.allocationMonth,
      kind: 'compliance',
      module: input.channel,
      remark: `${CHANNEL_LABELS[input.channel]} ${verdict}${why ? `: ${why}` : ''}`,
      details: { decision_id: row.id, channel: input.channel, allowed: decision.allowed, reasons: decision.reasons.map((r) => r.code), override_id: decision.override_id, role },
      authorId: input.actorId,
      createdAt: now,
    },
  ]);
  return recordOf(input, decision, role, toShown, row.id);
}
