/**
 * The compliance decision on the server (issue 13): gathers the facts `check()` needs — the loan's
 * zone from its address, its exclusion flag, whose the number is, the DND list, the loan's recent
 * allowed contacts on the channel, the DLT template, an unused override — and judges. `dryRun`
 * records nothing (POST /compliance/check); `decide` (compliance/queries.ts, for calling,
 * communication and field visits) logs the decision, uses up the override it relied on and writes
 * the decision on the loan's timeline, allowed or blocked.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, gte, inArray, isNull, lt } from 'drizzle-orm';
import type { Contact, Decision, RulesInForce } from '../../../domain/compliance/check';
import { check } from '../../../domain/compliance/check';
import { localDayStart } from '../../../domain/compliance/local-time';
import type { ReasonLang } from '../../../domain/compliance/reasons';
import { reasonMessage } from '../../../domain/compliance/reasons';
import type { ContactChannel, ContactPurpose, ContactRole } from '../../../domain/compliance/rules';
import { zoneOfAddress } from '../../../domain/compliance/zones';
import type { DecisionRecord } from '../../../domain/contracts/compliance/check';
import { normaliseNumber } from '../../../domain/contracts/compliance/numbers';
import type { DbOrTx } from '../../db/client';
import { inTextList, insertRowsAsJson } from '../../db/sql-helpers';
import { notFound } from '../../http/errors';
import type { LoanContactFacts } from '../portfolio/queries';
import { addLoanEvents, loanContactFactsMany } from '../portfolio/queries';
import { dndNumbersAmong } from './dnd-service';
import { dltTemplatesById, rulesInForce } from './rules-service';
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

/** One contact judged: the decision and what it was judged on. */
interface Evaluated {
  decision: Decision;
  facts: LoanContactFacts;
  role: ContactRole;
  toShown: string | null;
  to: string | null;
}

const keyOf = (loanId: string, channel: string) => `${loanId}\u0000${channel}`;

/**
 * The facts and the judgement of many contacts of one company (a campaign's batch, or one contact),
 * set-based: one query each for the loans, the DND numbers, the recent allowed decisions, the open
 * overrides and the DLT templates, then check() per contact in memory. Contacts are judged in
 * order: an earlier one allowed in the same batch counts toward a later one's caps, and an
 * override relied on by one is not offered to the next. `noOverride` judges those indexes without
 * any override (a retry after another contact used it first).
 * @throws 404 NO_LOAN when the company lacks any of the loans
 */
async function evaluateMany(db: DbOrTx, companyId: string, inputs: readonly DecideInput[], now: Date, noOverride: ReadonlySet<number> = new Set(), known?: ReadonlyMap<string, LoanContactFacts>): Promise<Evaluated[]> {
  if (inputs.some((i) => i.companyId !== companyId)) throw new Error('evaluateMany: contacts of one company only');
  const loanIds = [...new Set(inputs.map((i) => i.loanId))];
  const years = [...new Set(inputs.map((i) => (i.at ?? now).getUTCFullYear()))];
  // One after the other: inside a transaction the queries share one connection anyway.
  const factsOf = known && loanIds.every((id) => known.has(id)) ? known : await loanContactFactsMany(db, companyId, loanIds);
  const rulesList: RulesInForce[] = [];
  for (const y of years) rulesList.push(await rulesInForce(db, companyId, inputs.find((i) => (i.at ?? now).getUTCFullYear() === y)?.at ?? now));
  const rulesOfYear = new Map(years.map((y, n) => [y, rulesList[n]]));
  const prepared = inputs.map((input) => {
    const facts = factsOf.get(input.loanId);
    if (!facts) throw notFound(NO_LOAN);
    const at = input.at ?? now;
    const rules = rulesOfYear.get(at.getUTCFullYear())!;
    const zone = zoneOfAddress(rules.country, facts.state, rules.default_time_zone);
    const { value: to, role } = whose(facts, input.channel, input.to);
    const dayStart = localDayStart(at, zone);
    return { input, facts, at, rules, zone, to, role, dayStart, dayEnd: new Date(dayStart.getTime() + DAY_MS), weekStart: new Date(dayStart.getTime() - 6 * DAY_MS) };
  });
  const channels = [...new Set(inputs.map((i) => i.channel))];
  const isPhone = (c: ContactChannel) => c !== 'email' && c !== 'field_visit';
  const earliest = new Date(Math.min(...prepared.map((p) => p.weekStart.getTime())));
  const latest = new Date(Math.max(...prepared.map((p) => p.dayEnd.getTime())));
  const firstAt = new Date(Math.min(...prepared.map((p) => p.at.getTime())));
  const dnd = await dndNumbersAmong(db, companyId, prepared.filter((p) => isPhone(p.input.channel)).map((p) => p.to));
  // The loans as one constant array (inTextList), planned like an IN list. Not a jsonb semi-join: on a
  // log not analyzed yet the planner took the company's whole decision log as the outer side and
  // matched each row against the list (~5 s per batch at 49,000 decisions).
  const history = await db
    .select({ loanId: complianceDecisions.loanId, channel: complianceDecisions.channel, at: complianceDecisions.decidedAt })
    .from(complianceDecisions)
    .where(and(eq(complianceDecisions.companyId, companyId), inTextList(complianceDecisions.loanId, loanIds), inArray(complianceDecisions.channel, channels), eq(complianceDecisions.allowed, true), gte(complianceDecisions.decidedAt, earliest), lt(complianceDecisions.decidedAt, latest)));
  const overrides = await db
    .select({ overrideId: complianceOverrides.overrideId, loanId: complianceOverrides.loanId, channel: complianceOverrides.channel, expiresAt: complianceOverrides.expiresAt })
    .from(complianceOverrides)
    .where(and(eq(complianceOverrides.companyId, companyId), inTextList(complianceOverrides.loanId, loanIds), inArray(complianceOverrides.channel, channels), isNull(complianceOverrides.usedAt), gt(complianceOverrides.expiresAt, firstAt)))
    .orderBy(asc(complianceOverrides.createdAt), asc(complianceOverrides.overrideId));
  const templates = await dltTemplatesById(db, companyId, inputs.map((i) => i.sms?.dltTemplateId).filter((t): t is string => Boolean(t)));
  // Allowed contact instants per loan and channel; this batch's allowed ones are added as judged.
  const allowedAt = new Map<string, number[]>();
  for (const h of history) {
    const k = keyOf(h.loanId, h.channel);
    allowedAt.set(k, [...(allowedAt.get(k) ?? []), h.at.getTime()]);
  }
  const usedOverrides = new Set<string>();
  return prepared.map((p, n) => {
    const { input } = p;
    const k = keyOf(input.loanId, input.channel);
    const times = allowedAt.get(k) ?? [];
    const inWindow = (from: Date) => times.filter((t) => t >= from.getTime() && t < p.dayEnd.getTime()).length;
    const override = noOverride.has(n) ? undefined : overrides.find((o) => o.loanId === input.loanId && o.channel === input.channel && o.expiresAt > p.at && !usedOverrides.has(o.overrideId));
    const toShown = input.to ?? (p.to ? masked(p.to) : null);
    const contact: Contact = {
      channel: input.channel,
      loan: { loan_id: p.facts.loanId, time_zone: p.zone, excluded: p.facts.excluded },
      to: toShown,
      role: p.role,
      purpose: input.purpose ?? 'payment',
      at: p.at,
      on_dnd: isPhone(input.channel) && p.to !== null && dnd.has(normaliseNumber(p.to) ?? ''),
      history: { today: inWindow(p.dayStart), this_week: inWindow(p.weekStart) },
      sms: input.sms ? { text: input.sms.text, template: input.sms.dltTemplateId ? (templates.get(input.sms.dltTemplateId) ?? null) : null } : undefined,
      override: override ? { override_id: override.overrideId } : null,
    };
    const decision = check(contact, p.rules, now, input.lang ?? 'en');
    if (decision.override_id) usedOverrides.add(decision.override_id);
    if (decision.allowed) allowedAt.set(k, [...times, p.at.getTime()]);
    return { decision, facts: p.facts, role: p.role, toShown, to: p.to };
  });
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
  const [{ decision, role, toShown }] = await evaluateMany(db, input.companyId, [input], now);
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
  return (await decideMany(db, [input], now))[0];
}

/**
 * decide() for many contacts of one company at once (a campaign's batch), set-based: the facts in
 * a few queries (evaluateMany), one multi-row insert of the decisions, one of the timeline
 * entries (one per contact, allowed or blocked), one update of the overrides used. Results are in
 * the order of `inputs`. Runs inside `db` (the caller's transaction). `known`: the loans' contact
 * facts the caller already read in this transaction (portfolio's loanContactFactsMany), not read again.
 * @throws 404 'No loan details found' when the company lacks any of the loans
 */
export async function decideMany(db: DbOrTx, inputs: readonly DecideInput[], now: Date, known?: ReadonlyMap<string, LoanContactFacts>): Promise<DecisionResult[]> {
  if (inputs.length === 0) return [];
  const companyId = inputs[0].companyId;
  let judged = await evaluateMany(db, companyId, inputs, now, new Set(), known);
  const marked = new Set<number>();
  // An override another contact used first (a concurrent transaction): judged again without it, at most twice.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const wanted = judged.flatMap((e, n) => (e.decision.override_id && !marked.has(n) ? [n] : []));
    if (wanted.length === 0) break;
    const used = await db
      .update(complianceOverrides)
      .set({ usedAt: now })
      .where(and(inArray(complianceOverrides.overrideId, wanted.map((n) => judged[n].decision.override_id!)), isNull(complianceOverrides.usedAt)))
      .returning({ id: complianceOverrides.overrideId });
    const got = new Set(used.map((u) => u.id));
    const lost = wanted.filter((n) => !got.has(judged[n].decision.override_id!));
    wanted.filter((n) => got.has(judged[n].decision.override_id!)).forEach((n) => marked.add(n));
    if (lost.length === 0) break;
    const again = await evaluateMany(db, companyId, lost.map((n) => inputs[n]), now, attempt === 1 ? new Set(lost.map((_, i) => i)) : new Set());
    judged = judged.map((e, n) => (lost.includes(n) ? again[lost.indexOf(n)] : e));
  }
  const ids = inputs.map(() => randomUUID());
  await insertRowsAsJson(
    db,
    complianceDecisions,
    inputs.map((input, n) => {
      const { decision, role, to } = judged[n];
      return {
        decisionId: ids[n],
        companyId,
        loanId: input.loanId,
        channel: input.channel,
        to,
        role,
        allowed: decision.allowed,
        reasons: decision.reasons.map((r) => r.code),
        overrideId: decision.override_id,
        actorId: input.actorId,
        decidedAt: new Date(decision.at),
      };
    }),
  );
  for (const [n, e] of judged.entries()) {
    if (e.decision.override_id) await db.update(complianceOverrides).set({ usedByDecision: ids[n] }).where(eq(complianceOverrides.overrideId, e.decision.override_id));
  }
  await addLoanEvents(
    db,
    inputs.map((input, n) => {
      const { decision, facts, role, to } = judged[n];
      // The timeline is read by users who may not see numbers in clear: its text names no number.
      const why = decision.reasons.map((r) => reasonMessage(r.code, { ...r.params, number: to ? masked(to) : '' })).join('; ');
      const verdict = decision.allowed ? (decision.override_id ? 'allowed by an override' : 'allowed') : 'blocked';
      return {
        companyId,
        loanId: input.loanId,
        allocationMonth: facts.allocationMonth,
        kind: 'compliance' as const,
        module: input.channel,
        remark: `${CHANNEL_LABELS[input.channel]} ${verdict}${why ? `: ${why}` : ''}`,
        details: { decision_id: ids[n], channel: input.channel, allowed: decision.allowed, reasons: decision.reasons.map((r) => r.code), override_id: decision.override_id, role },
        authorId: input.actorId,
        createdAt: now,
      };
    }),
  );
  return inputs.map((input, n) => recordOf(input, judged[n].decision, judged[n].role, judged[n].toShown, ids[n]));
}
