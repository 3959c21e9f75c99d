/**
 * The payments dashboard (issue 15): collections posted to loans in a range of the company's
 * calendar days, grouped five ways in one statement. The gateway of a payment is read from what
 * posted it (payment_gateway_payments for links, the mandate for mandate debits); the DPD bucket
 * from the loan-month it was posted to (portfolio's loanBucketsRelation).
 */
import { sql } from 'drizzle-orm';
import { DEFAULT_DASHBOARD_DAYS, MAX_DASHBOARD_DAYS, type PaymentsDashboard } from '../../../domain/contracts/payments/dashboard';
import type { DbOrTx } from '../../db/client';
import { rowsOf, safeInteger } from '../../db/sql-helpers';
import { badRequest } from '../../http/errors';
import { companyCompliance } from '../companies/queries';
import { addDays, countryTimeZone, localDay, localDayBounds } from '../../../domain/common/dates';
import { loanBucketsRelation } from '../portfolio/queries';
import { loanPayments, paymentGatewayPayments, paymentMandateDebits, paymentMandates } from './schema';

const DAY_MS = 86_400_000;

/**
 * Collections between `from` and `to` (calendar days, inclusive; default the last 30 days).
 * @throws AppError 400 when from is after to, or the range is longer than MAX_DASHBOARD_DAYS
 */
export async function paymentsDashboard(db: DbOrTx, companyId: string, q: { from?: string; to?: string }, now: Date): Promise<PaymentsDashboard> {
  // The company's calendar (India, or Western Indonesia time).
  const offset = countryTimeZone((await companyCompliance(db, companyId))?.country).offsetMinutes;
  const to = q.to ?? localDay(now, offset);
  const from = q.from ?? addDays(to, -(DEFAULT_DASHBOARD_DAYS - 1));
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
  if (days < 1) throw badRequest('from must not be after to');
  if (days > MAX_DASHBOARD_DAYS) throw badRequest(`At most ${MAX_DASHBOARD_DAYS} days at once`);
  // The range's instants: the company's midnight of `from` to its midnight after `to`.
  const start = localDayBounds(from, offset).start;
  const end = localDayBounds(to, offset).end;
  const result = await db.execute(sql`
    with p as (
      select lp.amount_minor, lp.source, lp.channel,
        to_char((lp.paid_at at time zone 'UTC') + make_interval(mins => ${offset}), 'YYYY-MM-DD') as day,
        case when lp.source = 'online' then (select gp.pg_vendor from ${paymentGatewayPayments} gp where gp.company_id = lp.company_id and gp.payment_id = lp.payment_id limit 1)
             when lp.source = 'mandate' then (select m.pg_vendor from ${paymentMandateDebits} d join ${paymentMandates} m on m.mandate_id = d.mandate_id where d.debit_id = lp.source_ref)
        end as gateway,
        b.bucket
      from ${loanPayments} lp
      left join ${loanBucketsRelation(companyId)} b on b.loan_id = lp.loan_id and b.allocation_month = lp.allocation_month
      where lp.company_id = ${companyId} and lp.paid_at >= ${start.toISOString()}::timestamptz and lp.paid_at < ${end.toISOString()}::timestamptz
    )
    select 'day' as dim, day as key, count(*) as n, sum(amount_minor) as amount from p group by day
    union all select 'source', source, count(*), sum(amount_minor) from p group by source
    union all select 'channel', channel, count(*), sum(amount_minor) from p group by channel
    union all select 'gateway', coalesce(gateway, 'none'), count(*), sum(amount_minor) from p group by coalesce(gateway, 'none')
    union all select 'bucket', coalesce(bucket, 'unknown'), count(*), sum(amount_minor) from p group by coalesce(bucket, 'unknown')`);
  const rows = rowsOf<{ dim: string; key: string; n: unknown; amount: unknown }>(result).map((r) => ({ dim: r.dim, key: r.key, count: safeInteger(r.n), amount_minor: safeInteger(r.amount) }));
  const slices = (dim: string) =>
    rows
      .filter((r) => r.dim === dim)
      .map(({ key, count, amount_minor }) => ({ key, count, amount_minor }))
      .sort((a, b) => b.amount_minor - a.amount_minor || a.key.localeCompare(b.key));
  const byDay = new Map(rows.filter((r) => r.dim === 'day').map((r) => [r.key, r]));
  const by_day = Array.from({ length: days }, (_, i) => {
    const day = addDays(from, i);
    const hit = byDay.get(day);
    return { day, count: hit?.count ?? 0, amount_minor: hit?.amount_minor ?? 0 };
  });
  const bySource = slices('source');
  return {
    from,
    to,
    total: { count: bySource.reduce((s, x) => s + x.count, 0), amount_minor: bySource.reduce((s, x) => s + x.amount_minor, 0) },
    by_day,
    by_source: bySource,
    by_channel: slices('channel'),
    by_gateway: slices('gateway'),
    by_bucket: slices('bucket'),
  };
}
