/**
 * Benchmark of a campaign (issue 13 "Tests and benchmarks"; prints figures, not a pass/fail test):
 * `npx tsx tests/bench/campaign.ts [--messages 100000] [--db-loans 1000]`.
 *
 * 1. In memory, the per-message pipeline of a campaign: a loan's variables (amounts from minor
 *    units in rupees, dates), the SMS template rendered, the compliance check() judged on it
 *    (hours in the borrower's zone, caps, DND flag, exclusion, DLT match of the `{#var#}` body),
 *    and the text handed to the local provider — for `--messages` SMS (default 100,000) over 1,000
 *    synthetic loans. Prints messages per second and the check's p50/p99 (target ≥ 5,000/s and
 *    p99 < 5 ms). The database work (the decision log, the message row) is not in this figure.
 * 2. End to end with the database: a real campaign of `--db-loans` bench loans (default 20,000,
 *    seeded like an import) on a fresh in-memory PGlite (or DATABASE_URL's server): POST
 *    /api/communication/campaigns, the durable job decides them in set-based batches of 1,000
 *    (decideMany: decisions and timeline rows multi-row), hands them to the local provider; prints
 *    messages per second from the POST to `completed` (the loans have no due date: the campaign gives one).
 */
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { check, type RulesInForce } from '../../src/domain/compliance/check';
import { defaultRules } from '../../src/domain/compliance/rules';
import { dltBodyOf, loanVariables, renderTemplate } from '../../src/domain/communication/render';
import { settableClock } from '../../src/server/http/clock';
import { LocalProvider } from '../../src/server/modules/communication/providers/local';
import { createTestApp, headers, LENDER, signIn } from '../api/helpers';
import { seedBenchLoans } from './loan-seed';

const { values } = parseArgs({ options: { messages: { type: 'string', default: '100000' }, 'db-loans': { type: 'string', default: '20000' } } });
const MESSAGES = Number(values.messages);
const DB_LOANS = Number(values['db-loans']);

const BODY = 'Dear {{borrower_name}}, {{amount_due}} is due on loan {{loan_id}} by {{due_date}}. - RCVOPS';
const DLT = { template_id: '1107161234567890999', entity_id: '1101234567890', sender_header: 'RCVOPS', category: 'service_explicit' as const, body: dltBodyOf(BODY) };
const NAMES = ['Ravi Kumar', 'Sunita Devi', 'Arjun Mehta', 'Priya Nair', 'Mohammed Irfan', 'Lakshmi Iyer', 'Gurpreet Singh', 'Ananya Das'];

function percentile(sorted: Float64Array, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function inMemory(): Promise<void> {
  const rules: RulesInForce = { ...defaultRules('INDIA'), holidays: [] };
  const loans = Array.from({ length: 1000 }, (_, i) => ({
    loanId: `LN${String(i + 1).padStart(8, '0')}`,
    borrowerName: NAMES[i % NAMES.length],
    totalClaimAmountMinor: 100_000 + i * 7_919,
    expectedEmiMinor: 45_000,
    principalOutstandingMinor: null,
    dueDate: '2026-12-05',
  }));
  const provider = new LocalProvider();
  const now = new Date('2026-11-23T10:00:00+05:30');
  const checkMs = new Float64Array(MESSAGES);
  let allowed = 0;
  const started = performance.now();
  for (let n = 0; n < MESSAGES; n += 1) {
    const loan = loans[n % loans.length];
    const text = renderTemplate(BODY, loanVariables(loan, 'INR', '2026-11-23')).text;
    const t0 = performance.now();
    const d = check({ channel: 'sms', loan: { loan_id: loan.loanId, time_zone: 'Asia/Kolkata', excluded: false }, to: '9876543210', role: 'borrower', purpose: 'payment', on_dnd: false, history: { today: 0, this_week: 0 }, sms: { text, template: DLT } }, rules, now);
    checkMs[n] = performance.now() - t0;
    if (d.allowed) {
      allowed += 1;
      await provider.send({ messageId: String(n), companyId: LENDER, channel: 'sms', to: '9876543210', text, subject: null, dlt: null, whatsappTemplate: null });
    }
  }
  const seconds = (performance.now() - started) / 1000;
  checkMs.sort();
  console.log(`in memory: ${MESSAGES.toLocaleString('en')} SMS rendered, checked and handed to the local provider in ${seconds.toFixed(2)} s`);
  console.log(`  ${Math.round(MESSAGES / seconds).toLocaleString('en')} messages/s (target ≥ 5,000/s); allowed ${allowed.toLocaleString('en')}`);
  console.log(`  check(): p50 ${(percentile(checkMs, 50) * 1000).toFixed(1)} µs, p99 ${(percentile(checkMs, 99) * 1000).toFixed(1)} µs (target p99 < 5 ms)`);
}

const load = () => execSync('uptime').toString().trim().replace(/^.*load average:\s*/, '');

/** CPU ticks (10 ms) of each backend of the app's PostgreSQL database on this machine; null on PGlite. */
async function backendTicks(t: Awaited<ReturnType<typeof createTestApp>>): Promise<Map<number, number> | null> {
  if (!t.config.databaseUrl) return null;
  const { rows } = await t.database.executeSql('select pid from pg_stat_activity where datname = current_database()');
  const ticks = new Map<number, number>();
  for (const { pid } of rows as { pid: number }[]) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks.set(pid, Number(fields[11]) + Number(fields[12]));
    } catch {
      // ended meanwhile, or a server on another machine
    }
  }
  return ticks;
}

async function withDatabase(): Promise<void> {
  const clock = settableClock(new Date('2026-11-23T10:00:00+05:30'));
  const t = await createTestApp({}, { clock });
  try {
    const admin = headers((await signIn(t.app, 'admin@demo.in')).token, LENDER);
    const reg = await t.app.inject({ method: 'POST', url: '/api/compliance/dlt-templates', headers: admin, payload: { ...DLT } });
    if (reg.statusCode !== 200) throw new Error(reg.body);
    const tpl = await t.app.inject({ method: 'POST', url: '/api/communication/templates', headers: admin, payload: { name: 'Bench', channel: 'sms', language: 'en', body: BODY, dlt: { dlt_template_id: DLT.template_id, dlt_entity_id: DLT.entity_id, dlt_sender_header: DLT.sender_header, dlt_category: DLT.category } } });
    // Bench loans (BL00000001…) in their own month, as an import writes them: borrower numbers, Indian states.
    await seedBenchLoans(t.database.db, DB_LOANS, '2026-11');
    const ids = Array.from({ length: DB_LOANS }, (_, i) => `BL${String(i + 1).padStart(8, '0')}`);
    const cpuBefore = process.cpuUsage();
    const backendsBefore = await backendTicks(t);
    const started = performance.now();
    const res = await t.app.inject({ method: 'POST', url: '/api/communication/campaigns', headers: admin, payload: { name: 'Bench', template_id: tpl.json().data.template_id, loan_ids: ids, variables: { due_date: '05 Dec 2026' } } });
    const id = res.json().data.campaign_id as string;
    let c: { status: string; processed: number; sent: number; blocked: number; failed: number; blocked_by_reason: Record<string, number> };
    let firstAt: number | null = null;
    for (;;) {
      c = (await t.app.inject({ url: `/api/communication/campaigns/${id}`, headers: admin })).json().data;
      if (firstAt === null && c.processed > 0) firstAt = performance.now();
      if (c.status !== 'in_process') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(`with the database (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}): campaign of ${ids.length.toLocaleString('en')} loans ${c.status} in ${seconds.toFixed(2)} s — ${Math.round(ids.length / seconds).toLocaleString('en')} messages/s (target ≥ 5,000/s)`);
    console.log(`  (the job is picked up by the queue's poll first; the first batch was done ${(((firstAt ?? performance.now()) - started) / 1000).toFixed(2)} s after the start)`);
    console.log(`  sent ${c.sent}, blocked ${c.blocked} ${JSON.stringify(c.blocked_by_reason)}, failed ${c.failed}`);
    // Where the two cores went: this process (the job's JavaScript, the API) and, on a local
    // PostgreSQL, the database's backends (/proc ticks of 10 ms).
    const cpu = process.cpuUsage(cpuBefore);
    const after = await backendTicks(t);
    const backendMs = after ? [...after].reduce((sum, [pid, ticks]) => sum + (ticks - (backendsBefore?.get(pid) ?? 0)) * 10, 0) : null;
    console.log(`  CPU: this process ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s${backendMs === null ? '' : `, database backends ${(backendMs / 1000).toFixed(1)} s`} (wall ${seconds.toFixed(1)} s, 2 cores; load ${load()})`);
  } finally {
    await t.close();
  }
}

await inMemory();
if (DB_LOANS > 0) await withDatabase();
