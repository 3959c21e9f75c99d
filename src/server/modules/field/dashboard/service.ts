/**
 * The FOS dashboard (issue 5; spec 2 label "FOS Dashboard"): per executive and per team, visits made
 * against planned, dispositions, PTPs and kept PTPs, amounts collected, cash not yet deposited with
 * its age, and coverage of the allocation; and the rows behind any figure.
 *
 * Every figure is an aggregate over the rows the drill-down lists: one SQL row source per metric
 * (metricRows) serves both, so a figure and its rows cannot disagree. Periods are company calendar
 * days (India +05:30, Indonesia +07:00); money is integer paise (sen). Definitions are on the
 * contract (contracts/field.ts dashboardFigures) and in docs/architecture.md.
 */
import type { Caller } from '../../../http/caller';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { CashAgeBucket, DashboardFigures, DashboardMetric, DashboardRow, DashboardRows, FosDashboard } from '../../../../domain/contracts/field/dashboard';
import type { dashboardRowsQuery, fosDashboardQuery } from '../../../../domain/contracts/field/dashboard.schema';
import { addDays, countryTimeZone, localDay, localDayBounds } from '../../../../domain/common/dates';
import { DEPOSITABLE_MODES } from '../../../../domain/field/dispositions';
import type { Db } from '../../../db/client';
import { isoSql } from '../../../db/sql-helpers';
import { badRequest } from '../../../http/errors';
import { allocationsRelation } from '../../allocation/queries';
import { companyCountry } from '../../companies/queries';
import { paymentsRelation } from '../../payments/queries';
import { rowsOf, safeInteger } from '../../../db/sql-helpers';
import type { ScopedUser } from '../../users/queries';
import { scopedUsers } from '../../users/queries';
import { callerScope, EXECUTIVE_PROFESSION } from '../tracking/service';

/** Longest period one dashboard covers, days. */
export const DASHBOARD_MAX_DAYS = 366;

/** The resolved period and scope of a dashboard request. */
interface Frame {
  companyId: string;
  from: string;
  to: string;
  start: Date;
  end: Date;
  /** Today in the company's zone (PTPs dated before it are broken when not kept). */
  today: string;
  offsetMinutes: number;
  zone: string;
  currency: 'INR' | 'IDR';
  months: string[];
  now: Date;
  executives: ScopedUser[];
}

/**
 * The period (default: the first of this month to today, company days) and the executives (field
 * executives of the caller's reports-to scope, narrowed by team and user).
 * @throws 400 when from is after to or the period is longer than DASHBOARD_MAX_DAYS
 */
async function frame(db: Db, caller: Caller, query: { from?: string; to?: string; team?: string; user_id?: string }, now: Date): Promise<Frame> {
  const { country, currency } = await companyCountry(db, caller.companyId);
  const tz = countryTimeZone(country);
  const today = localDay(now, tz.offsetMinutes);
  const to = query.to ?? today;
  const from = query.from ?? `${to.slice(0, 7)}-01`;
  if (from > to) throw badRequest('from must not be after to');
  if (Date.parse(to) - Date.parse(from) >= DASHBOARD_MAX_DAYS * 86_400_000) throw badRequest(`A dashboard covers at most ${DASHBOARD_MAX_DAYS} days`);
  const months: string[] = [];
  for (let m = from.slice(0, 7); m <= to.slice(0, 7); m = addDays(`${m}-01`, 32).slice(0, 7)) months.push(m);
  const scope = await callerScope(db, caller);
  const executives = await scopedUsers(db, caller.companyId, scope.scope, { profession: EXECUTIVE_PROFESSION, team: query.team, userId: query.user_id });
  return {
    companyId: caller.companyId,
    from,
    to,
    start: localDayBounds(from, tz.offsetMinutes).start,
    end: localDayBounds(to, tz.offsetMinutes).end,
    today,
    offsetMinutes: tz.offsetMinutes,
    zone: tz.zone,
    currency,
    months,
    now,
    executives,
  };
}

/** Columns every row source yields, in order, with their SQL types (so unions line up). */
const COLUMNS = {
  user_id: 'text',
  loan_id: 'text',
  kind: 'text',
  at: 'timestamptz',
  date: 'text',
  visit_id: 'text',
  disposition: 'text',
  amount_paise: 'bigint',
  ptp_date: 'text',
  ptp_state: 'text',
  paid_paise: 'bigint',
  receipt_number: 'text',
  payment_mode: 'text',
  age_hours: 'float8',
  age_bucket: 'text',
} as const;
type Column = keyof typeof COLUMNS;

/** A select list of every column: the given expressions, typed nulls for the rest. */
function selectList(values: Partial<Record<Column, SQL>>): SQL {
  return sql.join(
    (Object.keys(COLUMNS) as Column[]).map((c) => sql`${values[c] ?? sql.raw(`null::${COLUMNS[c]}`)} as ${sql.identifier(c)}`),
    sql`, `,
  );
}

/** The company day (text 'YYYY-MM-DD') of a timestamptz expression. */
const dayOf = (f: Frame, expr: SQL) => sql`to_char((${expr} at time zone 'UTC') + make_interval(mins => ${f.offsetMinutes}), 'YYYY-MM-DD')`;
const userIn = (f: Frame, column: SQL) => sql`${column} in (select jsonb_array_elements_text(${JSON.stringify(f.executives.map((e) => e.userId))}::jsonb))`;
const modes = () => sql.join(DEPOSITABLE_MODES.map((m) => sql`${m}`), sql`, `);

/** The columns a visit row (alias v) fills. */
const visitColumns = (f: Frame): Partial<Record<Column, SQL>> => ({
  user_id: sql`v.user_id`,
  loan_id: sql`v.loan_id`,
  kind: sql`'visit'`,
  at: sql`v.checked_in_at`,
  date: dayOf(f, sql`v.checked_in_at`),
  visit_id: sql`v.visit_id`,
  disposition: sql`v.disposition`,
});

function visitRows(f: Frame, disposition?: string): SQL {
  return sql`select ${selectList({
    ...visitColumns(f),
    amount_paise: sql`v.amount_collected_minor`,
    ptp_date: sql`v.ptp_date::text`,
    receipt_number: sql`v.receipt_number`,
  })}
  from fos_visits v
  where v.company_id = ${f.companyId} and ${userIn(f, sql`v.user_id`)} and v.checked_in_at >= ${f.start} and v.checked_in_at < ${f.end}
    ${disposition ? sql`and v.disposition = ${disposition}` : sql``}`;
}

/** PTP visits of the period with what was paid on the loan from the visit to the end of the PTP day, and their state. */
function ptpRows(f: Frame, state?: 'kept' | 'broken' | 'open'): SQL {
  const dueEnd = sql`(((v.ptp_date + 1)::timestamp - make_interval(mins => ${f.offsetMinutes})) at time zone 'UTC')`;
  const rows = sql`select ${selectList({
    ...visitColumns(f),
    amount_paise: sql`v.ptp_amount_minor`,
    ptp_date: sql`v.ptp_date::text`,
    ptp_state: sql`case when paid.p >= v.ptp_amount_minor then 'kept' when v.ptp_date < ${f.today}::date then 'broken' else 'open' end`,
    paid_paise: sql`paid.p`,
  })}
  from fos_visits v
  cross join lateral (select
      coalesce((select sum(r.amount_minor) from fos_receipts r where r.company_id = v.company_id and r.loan_id = v.loan_id and r.collected_at >= v.checked_in_at and r.collected_at < ${dueEnd}), 0)
    -- Receipts are counted above; a receipt posted as a payment (source field_receipt) is left out here.
    + coalesce((select sum(p.amount_minor) from ${paymentsRelation(f.companyId, ['online', 'upload', 'repossession_proceeds', 'mandate'])} p where p.loan_id = v.loan_id and p.paid_at >= v.checked_in_at and p.paid_at < ${dueEnd}), 0)
    as p) paid
  where v.company_id = ${f.companyId} and ${userIn(f, sql`v.user_id`)} and v.checked_in_at >= ${f.start} and v.checked_in_at < ${f.end}
    and v.disposition = 'Promise to Pay' and v.ptp_date is not null and v.ptp_amount_minor is not null`;
  return state ? sql`select * from (${rows}) s where s.ptp_state = ${state}` : rows;
}

/** The columns a receipt row (alias r) fills. */
const receiptColumns = (f: Frame): Partial<Record<Column, SQL>> => ({
  user_id: sql`r.user_id`,
  loan_id: sql`r.loan_id`,
  kind: sql`'receipt'`,
  at: sql`r.collected_at`,
  date: dayOf(f, sql`r.collected_at`),
  amount_paise: sql`r.amount_minor`,
  receipt_number: sql`r.receipt_number`,
  payment_mode: sql`r.payment_mode`,
});

function receiptRows(f: Frame): SQL {
  return sql`select ${selectList(receiptColumns(f))}
  from fos_receipts r
  where r.company_id = ${f.companyId} and ${userIn(f, sql`r.user_id`)} and r.collected_at >= ${f.start} and r.collected_at < ${f.end}`;
}

/** Cash, cheque and DD receipts not deposited as of now, whatever their date, with age and bucket. */
function cashRows(f: Frame, bucket?: CashAgeBucket): SQL {
  const hours = sql`(extract(epoch from (${f.now}::timestamptz - r.collected_at)) / 3600)`;
  const rows = sql`select ${selectList({
    ...receiptColumns(f),
    age_hours: sql`round(${hours}::numeric, 1)::float8`,
    age_bucket: sql`case when ${hours} < 24 then 'lt_1d' when ${hours} < 48 then 'd1_2' when ${hours} < 168 then 'd2_7' else 'gt_7d' end`,
  })}
  from fos_receipts r
  where r.company_id = ${f.companyId} and ${userIn(f, sql`r.user_id`)} and r.deposit_id is null and r.payment_mode in (${modes()})`;
  return bucket ? sql`select * from (${rows}) s where s.age_bucket = ${bucket}` : rows;
}

/** Loans allocated (fos) to the executives in the months the period touches, once per executive and loan; `visitedOnly`: those visited in the period. */
function allocationRows(f: Frame, visitedOnly = false): SQL {
  const months = sql.join(f.months.map((m) => sql`${m}`), sql`, `);
  const firstVisit = sql`(select v.visit_id from fos_visits v where v.company_id = ${f.companyId} and v.user_id = a.user_id and v.loan_id = a.loan_id and v.checked_in_at >= ${f.start} and v.checked_in_at < ${f.end} order by v.checked_in_at limit 1)`;
  return sql`select * from (select distinct on (a.user_id, a.loan_id) ${selectList({
    user_id: sql`a.user_id`,
    loan_id: sql`a.loan_id`,
    kind: sql`'allocation'`,
    at: sql`a.allocated_at`,
    date: dayOf(f, sql`a.allocated_at`),
    visit_id: firstVisit,
  })}
  from ${allocationsRelation(f.companyId)} a
  where a.agent_type = 'fos' and ${userIn(f, sql`a.user_id`)} and a.allocation_month in (${months})
  order by a.user_id, a.loan_id, a.allocated_at desc) s ${visitedOnly ? sql`where s.visit_id is not null` : sql``}`;
}

/** Revisits scheduled in the period (next_visit_date of any visit). */
function nextVisitRows(f: Frame): SQL {
  return sql`select ${selectList({
    user_id: sql`v.user_id`,
    loan_id: sql`v.loan_id`,
    kind: sql`'next_visit'`,
    date: sql`v.next_visit_date::text`,
    visit_id: sql`v.visit_id`,
    disposition: sql`v.disposition`,
  })}
  from fos_visits v
  where v.company_id = ${f.companyId} and ${userIn(f, sql`v.user_id`)} and v.next_visit_date >= ${f.from}::date and v.next_visit_date <= ${f.to}::date`;
}

/** The rows behind `metric` (see the contract's definitions). */
function metricRows(f: Frame, metric: DashboardMetric, narrow: { disposition?: string; age_bucket?: CashAgeBucket } = {}): SQL {
  switch (metric) {
    case 'visits_made':
      return visitRows(f, narrow.disposition);
    case 'visits_planned':
      return sql`${allocationRows(f)} union all ${nextVisitRows(f)}`;
    case 'allocated_loans':
      return allocationRows(f);
    case 'visited_loans':
      return allocationRows(f, true);
    case 'ptps':
      return ptpRows(f);
    case 'ptps_kept':
      return ptpRows(f, 'kept');
    case 'ptps_broken':
      return ptpRows(f, 'broken');
    case 'ptps_open':
      return ptpRows(f, 'open');
    case 'amount_collected':
      return receiptRows(f);
    case 'cash_undeposited':
      return cashRows(f, narrow.age_bucket);
  }
}

/** count and amount per (user, key) over a row source. */
async function tally(db: Db, rows: SQL, key?: 'disposition' | 'ptp_state' | 'age_bucket'): Promise<{ user_id: string; key: string | null; n: number; amount: number }[]> {
  const keySql = key ? sql.identifier(key) : sql`null::text`;
  const res = await db.execute(sql`select x.user_id, ${keySql} as key, count(*)::int as n, coalesce(sum(x.amount_paise), 0)::bigint as amount from (${rows}) x group by x.user_id, ${keySql}`);
  return rowsOf<{ user_id: string; key: string | null; n: number | string; amount: number | string }>(res).map((r) => ({ ...r, n: Number(r.n), amount: safeInteger(r.amount) }));
}

function emptyFigures(): DashboardFigures {
  const bucket = () => ({ count: 0, amount_paise: 0 });
  return {
    visits_made: 0,
    visits_planned: 0,
    allocated_loans: 0,
    visited_loans: 0,
    coverage_pct: 0,
    dispositions: {},
    ptps: 0,
    ptps_kept: 0,
    ptps_broken: 0,
    ptps_open: 0,
    ptp_amount_paise: 0,
    ptp_kept_amount_paise: 0,
    receipts: 0,
    amount_collected_paise: 0,
    cash_undeposited_receipts: 0,
    cash_undeposited_paise: 0,
    cash_age: { lt_1d: bucket(), d1_2: bucket(), d2_7: bucket(), gt_7d: bucket() },
  };
}

const coverage = (visited: number, allocated: number) => (allocated === 0 ? 0 : Math.round((visited * 1000) / allocated) / 10);

/** Adds `b` into `a` (counts and amounts; coverage recomputed). */
function addInto(a: DashboardFigures, b: DashboardFigures): void {
  for (const k of ['visits_made', 'visits_planned', 'allocated_loans', 'visited_loans', 'ptps', 'ptps_kept', 'ptps_broken', 'ptps_open', 'ptp_amount_paise', 'ptp_kept_amount_paise', 'receipts', 'amount_collected_paise', 'cash_undeposited_receipts', 'cash_undeposited_paise'] as const) {
    a[k] += b[k];
  }
  for (const [d, n] of Object.entries(b.dispositions)) a.dispositions[d] = (a.dispositions[d] ?? 0) + n;
  for (const k of Object.keys(a.cash_age) as CashAgeBucket[]) {
    a.cash_age[k].count += b.cash_age[k].count;
    a.cash_age[k].amount_paise += b.cash_age[k].amount_paise;
  }
  a.coverage_pct = coverage(a.visited_loans, a.allocated_loans);
}

/**
 * GET /api/fos/dashboard: the figures of each field executive of the caller's scope (narrowed by
 * team and user), of each team (users.team; executives without one form the team null) and in
 * total, for the period.
 * @throws 400 for a bad period (see frame)
 */
export async function fosDashboard(db: Db, caller: Caller, query: z.infer<typeof fosDashboardQuery>, now = new Date()): Promise<FosDashboard> {
  const f = await frame(db, caller, query, now);
  const per = new Map(f.executives.map((e) => [e.userId, emptyFigures()]));
  if (f.executives.length > 0) {
    const [visits, ptps, receipts, cash, allocated, visited, revisits] = await Promise.all([
      tally(db, visitRows(f), 'disposition'),
      tally(db, ptpRows(f), 'ptp_state'),
      tally(db, receiptRows(f)),
      tally(db, cashRows(f), 'age_bucket'),
      tally(db, allocationRows(f)),
      tally(db, allocationRows(f, true)),
      tally(db, nextVisitRows(f)),
    ]);
    const at = (userId: string) => per.get(userId);
    for (const r of visits) {
      const fig = at(r.user_id);
      if (!fig) continue;
      fig.visits_made += r.n;
      fig.dispositions[r.key ?? ''] = (fig.dispositions[r.key ?? ''] ?? 0) + r.n;
    }
    for (const r of ptps) {
      const fig = at(r.user_id);
      if (!fig) continue;
      fig.ptps += r.n;
      fig.ptp_amount_paise += r.amount;
      if (r.key === 'kept') {
        fig.ptps_kept += r.n;
        fig.ptp_kept_amount_paise += r.amount;
      } else if (r.key === 'broken') fig.ptps_broken += r.n;
      else fig.ptps_open += r.n;
    }
    for (const r of receipts) {
      const fig = at(r.user_id);
      if (!fig) continue;
      fig.receipts += r.n;
      fig.amount_collected_paise += r.amount;
    }
    for (const r of cash) {
      const fig = at(r.user_id);
      if (!fig || !r.key) continue;
      fig.cash_undeposited_receipts += r.n;
      fig.cash_undeposited_paise += r.amount;
      fig.cash_age[r.key as CashAgeBucket].count += r.n;
      fig.cash_age[r.key as CashAgeBucket].amount_paise += r.amount;
    }
    for (const r of allocated) if (at(r.user_id)) at(r.user_id)!.allocated_loans += r.n;
    for (const r of visited) if (at(r.user_id)) at(r.user_id)!.visited_loans += r.n;
    for (const r of revisits) if (at(r.user_id)) at(r.user_id)!.visits_planned += r.n;
    for (const fig of per.values()) {
      fig.visits_planned += fig.allocated_loans;
      fig.coverage_pct = coverage(fig.visited_loans, fig.allocated_loans);
    }
  }
  const totals = emptyFigures();
  const teams = new Map<string | null, DashboardFigures & { team: string | null; executives: number }>();
  for (const e of f.executives) {
    const fig = per.get(e.userId)!;
    addInto(totals, fig);
    const team = teams.get(e.team) ?? { ...emptyFigures(), team: e.team, executives: 0 };
    addInto(team, fig);
    team.executives += 1;
    teams.set(e.team, team);
  }
  return {
    from: f.from,
    to: f.to,
    time_zone: f.zone,
    currency: f.currency,
    totals,
    teams: [...teams.values()].sort((a, b) => (a.team ?? '').localeCompare(b.team ?? '')),
    executives: f.executives.map((e) => ({ ...per.get(e.userId)!, user_id: e.userId, name: e.name, team: e.team })),
  };
}

/**
 * GET /api/fos/dashboard/rows: one page of the rows behind `metric` for the same period and scope
 * as the dashboard (newest first), with the count and amount over all of them, which equal the
 * figure.
 */
export async function dashboardRows(db: Db, caller: Caller, query: z.infer<typeof dashboardRowsQuery>, now = new Date()): Promise<DashboardRows> {
  const f = await frame(db, caller, query, now);
  const empty = { metric: query.metric, rows: [], total: 0, amount_paise_total: 0, page_number: query.page_number, page_size: query.page_size };
  if (f.executives.length === 0) return empty;
  const rows = metricRows(f, query.metric, { disposition: query.disposition, age_bucket: query.age_bucket });
  const [summary] = rowsOf<{ n: number | string; amount: number | string }>(await db.execute(sql`select count(*)::int as n, coalesce(sum(x.amount_paise), 0)::bigint as amount from (${rows}) x`));
  const page = rowsOf<Record<Column, unknown> & { at_iso: string | null }>(
    await db.execute(sql`
      select x.*, ${isoSql(sql`x.at`)} as at_iso from (${rows}) x
      order by coalesce(x.at, x.date::date::timestamptz) desc nulls last, x.user_id, x.loan_id, x.visit_id
      limit ${query.page_size} offset ${(query.page_number - 1) * query.page_size}`),
  );
  const people = new Map(f.executives.map((e) => [e.userId, e]));
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
  const out: DashboardRow[] = page.map((r) => ({
    user_id: String(r.user_id),
    executive_name: people.get(String(r.user_id))?.name ?? '',
    team: people.get(String(r.user_id))?.team ?? null,
    loan_id: String(r.loan_id),
    kind: r.kind as DashboardRow['kind'],
    at: r.at_iso,
    date: str(r.date),
    visit_id: str(r.visit_id),
    disposition: str(r.disposition),
    amount_paise: num(r.amount_paise),
    ptp_date: str(r.ptp_date),
    ptp_state: str(r.ptp_state) as DashboardRow['ptp_state'],
    paid_paise: num(r.paid_paise),
    receipt_number: str(r.receipt_number),
    payment_mode: str(r.payment_mode),
    age_hours: num(r.age_hours),
    age_bucket: str(r.age_bucket) as DashboardRow['age_bucket'],
  }));
  return { ...empty, rows: out, total: Number(summary?.n ?? 0), amount_paise_total: safeInteger(summary?.amount ?? 0) };
}
