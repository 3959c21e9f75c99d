/**
 * The loan dues of gateway payments, lowered per burst (issue 15 "10,000 signed webhooks … p99
 * handling time < 50 ms"). Lowering a loan's dues updates its row, and every UPDATE of `loans` bumps
 * its month's counts row (migration 0010's statement trigger): one such update per webhook made all
 * of a company's concurrent webhooks wait for each other on that one row. Instead a webhook's
 * transaction writes its payment to `payment_dues_pending` (no shared row), and after its commit
 * the webhook waits for a flush: one statement that takes every pending row of the company
 * (`for update skip locked`, so two processes never apply a row twice), lowers the dues of all
 * their loans (portfolio's loanPaymentsUpdateSql, one row per loan and month, several payments
 * summed) and deletes them — the counts row bumped once per burst, by the same trigger.
 *
 * Group commit: callers arriving while a flush runs share the next one, which starts when the
 * running one ends, so when `flushDues` resolves the caller's own committed row has been applied
 * (or taken by another process's flush). A crash between a payment's commit and its flush leaves
 * the row pending; `sweepPendingDues` (every SWEEP_MS and on start) applies it.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/sql-helpers';
import { loanPaymentsUpdateSql } from '../portfolio/queries';
import { paymentDuesPending } from './schema';

/** Most pending rows one statement takes (the rest in the next round of the same flush). */
const ROUND = 2_000;

interface Lane {
  running: Promise<void> | null;
  next: Promise<void> | null;
}
const lanes = new WeakMap<Db, Map<string, Lane>>();

/** One statement: take up to ROUND pending rows of `companyId`, lower their loans' dues, delete them. @returns rows taken */
async function applyRound(db: Db, companyId: string): Promise<number> {
  const p = paymentDuesPending;
  const [row] = rowsOf<{ taken: number }>(
    await db.execute(sql`
      with picked as (
        select payment_id from ${p} where company_id = ${companyId} order by payment_id limit ${ROUND} for update skip locked
      ), taken as (
        delete from ${p} d using picked where d.payment_id = picked.payment_id returning d.loan_id, d.allocation_month, d.amount_minor
      ), dues as (${loanPaymentsUpdateSql(companyId, sql`(select loan_id, allocation_month, sum(amount_minor) as paid from taken group by loan_id, allocation_month)`)})
      select count(*)::int as taken from taken`),
  );
  return Number(row?.taken ?? 0);
}

async function applyAll(db: Db, companyId: string): Promise<void> {
  while ((await applyRound(db, companyId)) === ROUND);
}

/**
 * Lowers the dues of every payment of `companyId` pending when it is called (and of any that
 * arrive meanwhile), sharing the work with concurrent callers.
 * @throws the SQL error of the flush this caller waited for (the rows stay pending for the next)
 */
export function flushDues(db: Db, companyId: string): Promise<void> {
  let byCompany = lanes.get(db);
  if (!byCompany) lanes.set(db, (byCompany = new Map()));
  let lane = byCompany.get(companyId);
  if (!lane) byCompany.set(companyId, (lane = { running: null, next: null }));
  const l = lane;
  const start = (): Promise<void> => {
    const run = applyAll(db, companyId).finally(() => {
      if (l.running === run) l.running = null;
    });
    l.running = run;
    return run;
  };
  if (!l.running) return start();
  // A flush is running and may have read the pending rows before ours committed: wait for the next.
  l.next ??= l.running
    .catch(() => undefined)
    .then(() => {
      l.next = null;
      return start();
    });
  return l.next;
}

/** How often pending dues left by a crash or a failed flush are applied (ms). */
export const SWEEP_MS = 10_000;

/** Applies every company's pending dues (on start and every SWEEP_MS). @returns companies flushed */
export async function sweepPendingDues(db: Db): Promise<number> {
  const companies = await db.selectDistinct({ companyId: paymentDuesPending.companyId }).from(paymentDuesPending);
  for (const { companyId } of companies) await flushDues(db, companyId);
  return companies.length;
}
