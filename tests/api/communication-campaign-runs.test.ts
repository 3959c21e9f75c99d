/**
 * Campaign runs (issue 13 campaigns): the set-based job across API processes. Two processes (two
 * runners on one database) never run one campaign at once — the lease on the campaign row — and a
 * lease left by a process that died is taken over only once it expired; a job stopped between
 * batches resumes at its checkpoint and no loan gets a second message, a second decision or a
 * second timeline entry, nor reaches the provider twice.
 */
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settableClock } from '../../src/server/http/clock';
import { campaignMessageId, campaignsToResume, CAMPAIGN_LEASE_MS, claimCampaignLease, runCampaign } from '../../src/server/modules/communication/campaign-service';
import { LocalProvider } from '../../src/server/modules/communication/providers/local';
import type { ChannelProvider, ProviderMessage } from '../../src/server/modules/communication/providers/types';
import { communicationCampaigns, communicationMessages } from '../../src/server/modules/communication/schema';
import { complianceDecisions } from '../../src/server/modules/compliance/schema';
import { loanEvents } from '../../src/server/modules/portfolio/schema';
import { seedBenchLoans } from '../bench/loan-seed';
import { createTestApp, headers, LENDER, signIn, type TestApp } from './helpers';

const clock = settableClock(new Date('2026-11-23T10:00:00+05:30')); // a Monday, inside Indian contact hours
let t: TestApp;
let templateId: string;
const LOANS = 1500;
const ids = Array.from({ length: LOANS }, (_, i) => `BL${String(i + 1).padStart(8, '0')}`);

/** A provider that counts what reaches it, per message. */
class CountingProvider implements ChannelProvider {
  readonly name = 'local-provider';
  readonly sent: ProviderMessage[] = [];
  async send(message: ProviderMessage) {
    this.sent.push(message);
    await new Promise((r) => setImmediate(r));
    return { provider: this.name, providerMessageId: `count-${message.messageId}`, status: 'sent' as const, receipts: ['delivered' as const] };
  }
}

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  const admin = headers((await signIn(t.app, 'admin@demo.in')).token, LENDER);
  const res = await t.app.inject({ method: 'POST', url: '/api/communication/templates', headers: admin, payload: { name: 'Runs', channel: 'whatsapp', language: 'en', body: 'Dear {{borrower_name}}, loan {{loan_id}} is due.' } });
  expect(res.statusCode, res.body).toBe(200);
  templateId = res.json().data.template_id;
  await seedBenchLoans(t.database.db, LOANS, '2026-11');
});
afterAll(async () => t?.close());

/** A campaign row as POST /communication/campaigns stores it, but with no job queued: the test runs it. */
async function newCampaign(loanIds: string[]): Promise<string> {
  const [row] = await t.database.db
    .insert(communicationCampaigns)
    .values({ companyId: LENDER, name: 'Runs', templateId, templateName: 'Runs', channel: 'whatsapp', loanIds, total: loanIds.length, createdBy: 'test' })
    .returning();
  return row.campaignId;
}

const campaign = async (id: string) => (await t.database.db.select().from(communicationCampaigns).where(eq(communicationCampaigns.campaignId, id)))[0];

/** Per loan: messages of the campaign, compliance decisions and compliance timeline entries made for it. */
async function perLoan(id: string, loanIds: string[]) {
  const db = t.database.db;
  const [[messages], [distinctLoans], [decisions], [events]] = await Promise.all([
    db.select({ n: count() }).from(communicationMessages).where(eq(communicationMessages.campaignId, id)),
    db.selectDistinct({ loanId: communicationMessages.loanId }).from(communicationMessages).where(eq(communicationMessages.campaignId, id)).then((r) => [{ n: r.length }]),
    db.select({ n: count() }).from(complianceDecisions).where(and(eq(complianceDecisions.companyId, LENDER), inArray(complianceDecisions.loanId, loanIds))),
    db.select({ n: count() }).from(loanEvents).where(and(eq(loanEvents.companyId, LENDER), eq(loanEvents.kind, 'compliance'), inArray(loanEvents.loanId, loanIds))),
  ]);
  return { messages: messages.n, loans: distinctLoans.n, decisions: decisions.n, events: events.n };
}

const opts = (runner: string, provider: ChannelProvider, extra: { stopping?: () => boolean; batchSize?: number; beforeCommit?: () => void } = {}) => ({ keys: t.config, runner, provider, batchSize: 250, ...extra });

describe('campaign runs across processes', () => {
  it('two processes start the same campaign: one runs it, every loan gets one message, decision and timeline entry', async () => {
    const loanIds = ids.slice(0, 600);
    const id = await newCampaign(loanIds);
    const a = new CountingProvider();
    const b = new CountingProvider();
    await Promise.all([runCampaign(t.database.db, id, clock, t.app.log, opts('process-a', a)), runCampaign(t.database.db, id, clock, t.app.log, opts('process-b', b))]);
    expect(await campaign(id)).toMatchObject({ status: 'completed', processed: 600, sent: 600, blocked: 0, failed: 0, leaseOwner: null });
    // Only one process sent; the other found the lease taken and left.
    expect([a.sent.length, b.sent.length].sort((x, y) => x - y)).toEqual([0, 600]);
    expect(new Set([...a.sent, ...b.sent].map((m) => m.messageId)).size).toBe(600);
    expect(await perLoan(id, loanIds)).toEqual({ messages: 600, loans: 600, decisions: 600, events: 600 });
    const delivered = await t.database.db.select({ n: count() }).from(communicationMessages).where(and(eq(communicationMessages.campaignId, id), eq(communicationMessages.status, 'delivered')));
    expect(delivered[0].n).toBe(600);
  });

  it('a lease held by a live process is respected; once it expired another process takes the campaign over', async () => {
    const loanIds = ids.slice(600, 700);
    const id = await newCampaign(loanIds);
    expect(await claimCampaignLease(t.database.db, id, 'process-that-dies', clock.now())).toBe(true);
    const b = new CountingProvider();
    await runCampaign(t.database.db, id, clock, t.app.log, opts('process-b', b));
    expect(b.sent).toHaveLength(0);
    expect(await campaign(id)).toMatchObject({ status: 'in_process', processed: 0, leaseOwner: 'process-that-dies' });
    expect(await campaignsToResume(t.database.db, clock.now())).not.toContain(id);
    const later = new Date(clock.now().getTime() + CAMPAIGN_LEASE_MS + 1000);
    // The sweep sees the expired lease and queues the campaign again; the next run takes it over.
    expect(await campaignsToResume(t.database.db, later)).toContain(id);
    clock.set(later);
    try {
      await runCampaign(t.database.db, id, clock, t.app.log, opts('process-b', b));
    } finally {
      clock.set(new Date('2026-11-23T10:00:00+05:30'));
    }
    expect(b.sent).toHaveLength(100);
    expect(await campaign(id)).toMatchObject({ status: 'completed', processed: 100, sent: 100 });
  });

  it('a job stopped between batches resumes at its checkpoint; nothing is sent or decided twice', async () => {
    const loanIds = ids.slice(700, 1200);
    const id = await newCampaign(loanIds);
    const first = new CountingProvider();
    let checks = 0;
    // Stopping as the second batch would start (the app closing).
    await runCampaign(t.database.db, id, clock, t.app.log, opts('process-a', first, { stopping: () => checks++ >= 1 }));
    expect(first.sent).toHaveLength(250);
    expect(await campaign(id)).toMatchObject({ status: 'in_process', processed: 250, sent: 250, leaseOwner: null });
    const second = new CountingProvider();
    await runCampaign(t.database.db, id, clock, t.app.log, opts('process-b', second));
    expect(second.sent).toHaveLength(250);
    const all = [...first.sent, ...second.sent];
    expect(new Set(all.map((m) => m.to)).size).toBe(500);
    expect(await campaign(id)).toMatchObject({ status: 'completed', processed: 500, sent: 500 });
    expect(await perLoan(id, loanIds)).toEqual({ messages: 500, loans: 500, decisions: 500, events: 500 });
    // A replayed job after completion sends nothing.
    await runCampaign(t.database.db, id, clock, t.app.log, opts('process-c', second));
    expect(second.sent).toHaveLength(250);
  });

  it('a process that dies after the provider accepted a batch, before it committed: the resumed run hands the same message ids and the provider sends each once', async () => {
    const loanIds = ids.slice(1200, 1500);
    const id = await newCampaign(loanIds);
    const provider = new LocalProvider();
    const calls: string[] = [];
    const counting: ChannelProvider = { name: provider.name, send: (m) => (calls.push(m.messageId), provider.send(m)) };
    let batches = 0;
    // The second batch's transaction dies after its hand-over (the first committed).
    await runCampaign(t.database.db, id, clock, t.app.log, opts('process-a', counting, { batchSize: 100, beforeCommit: () => { if (++batches === 2) throw new Error('process died'); } }));
    // The third batch runs beside the second (CAMPAIGN_PIPELINE): on PostgreSQL it may have handed
    // its messages over before the second failed; it never commits.
    const handedFirst = calls.length;
    expect([200, 300]).toContain(handedFirst);
    expect(await campaign(id)).toMatchObject({ processed: 100, sent: 100 });
    // As the dead process left it: in_process, its lease expired; the sweep queues it, another process resumes.
    await t.database.db.update(communicationCampaigns).set({ status: 'in_process', error: null, completedAt: null, leaseOwner: 'process-a', leaseExpiresAt: new Date(clock.now().getTime() - 1000) }).where(eq(communicationCampaigns.campaignId, id));
    await runCampaign(t.database.db, id, clock, t.app.log, opts('process-b', counting, { batchSize: 100 }));
    // The resumed run hands the 200 uncommitted ones (again) under the same ids; the provider accepted each message once.
    expect(calls).toHaveLength(handedFirst + 200);
    expect(new Set(calls).size).toBe(300);
    expect(provider.accepted).toBe(300);
    expect(await campaign(id)).toMatchObject({ status: 'completed', processed: 300, sent: 300, failed: 0 });
    expect(await perLoan(id, loanIds)).toEqual({ messages: 300, loans: 300, decisions: 300, events: 300 });
    const rows = await t.database.db.select({ loanId: communicationMessages.loanId, messageId: communicationMessages.messageId, status: communicationMessages.status }).from(communicationMessages).where(eq(communicationMessages.campaignId, id));
    expect(rows.every((r) => r.messageId === campaignMessageId(id, r.loanId) && r.status === 'delivered')).toBe(true);
  });

  it('the local provider takes our message id as its client reference: a repeat answers the first outcome and is recorded once', async () => {
    const provider = new LocalProvider();
    const message = { messageId: 'm-1', companyId: LENDER, channel: 'sms' as const, to: '9876543210', text: 'Hello', subject: null, dlt: null, whatsappTemplate: null };
    const first = await provider.send(message);
    expect(await provider.send({ ...message })).toEqual(first);
    expect(provider.recorded).toHaveLength(1);
    const other = await provider.send({ ...message, messageId: 'm-2' });
    expect(other.providerMessageId).not.toBe(first.providerMessageId);
    expect(provider.accepted).toBe(2);
  });
});
