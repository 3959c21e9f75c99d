/**
 * The payments area's front door (issues 4 and 15): the online payments table online recoveries
 * read; gateway adapters (Cashfree, Easebuzz, PhonePe), gateway credentials per company, payment
 * links and verified gateway webhooks, acknowledged once stored and posted from that inbox (webhook-inbox.ts); the local gateway sandbox when
 * config.paymentSandbox is on; reconciliation and its exceptions queue; short links `/p/{code}`
 * (outside /api) for links sent by SMS; offline payment uploads (the `payments-uploads` job); eNACH /
 * UPI Autopay mandates with due debits presented by a 15-minute sweep; payment exports (the
 * `payment-exports` job, files and download through the bulk area); the payment settings sections
 * of spec 3 and billers (settings-sections-*.ts); outgoing signed webhooks to the lender's systems
 * (spec 3 webhook_configurations: queued with the change, delivered after commit by the
 * `payments-outgoing-webhooks` job, retried with backoff, a delivery log). Sending links by SMS/WhatsApp is the communication area's: it calls
 * createPaymentLink (src/domain/contracts/payments/links.ts) and sends the link's `url`.
 */
import { defineArea } from '../../http/area';
import type { RouteGroup } from '../../http/area';
import { seedDemoPayments } from './demo';
import { paymentRoutes, shortLinkRoutes, webhookRoutes } from './routes';
import { sandboxMandateRoutes, sandboxRoutes } from './sandbox-routes';
import * as tables from './schema';
import { workPaymentUploads } from './uploads-job';
import { workLinkBatches } from './link-batches';
import { paymentExportRoutes } from './exports-routes';
import { settingsSectionRoutes } from './settings-sections-routes';
import { outgoingWebhookRoutes } from './outgoing-webhook-routes';
import { workOutgoingWebhooks } from './outgoing-webhooks';
import { workWebhookInbox } from './webhook-inbox';
import { workPaymentExports } from './exports-service';
import { liveMandateTransport, presentDueDebits } from './mandates-service';
import type { JobContext } from '../../http/area';

/** How often due mandate debits are looked for (ms): a due date is presented within this of its start. */
const MANDATE_SWEEP_MS = 15 * 60_000;

/** Presents due mandate debits on start and every MANDATE_SWEEP_MS (a due date presents once across processes: unique key). */
function scheduleMandateDebits(ctx: JobContext): void {
  let timer: NodeJS.Timeout | null = null;
  const sweep = () =>
    presentDueDebits(ctx.db, { config: ctx.config, transport: liveMandateTransport, now: ctx.clock.now() }, (err, mandateId) => ctx.log.error({ err, mandateId }, 'mandate debit not presented')).catch((err: unknown) =>
      ctx.log.error({ err }, 'mandate debit sweep failed'),
    );
  ctx.onReady(() => {
    void sweep();
    timer = setInterval(() => void sweep(), MANDATE_SWEEP_MS);
    timer.unref();
  });
  ctx.onClose(() => {
    if (timer) clearInterval(timer);
  });
}

const sandboxWhenOn: RouteGroup = async (app, deps) => {
  if (deps.config.paymentSandbox) {
    await sandboxRoutes(app, deps);
    await sandboxMandateRoutes(app, deps);
  }
};

export default defineArea({ name: 'payments', tables, routes: [paymentRoutes(), webhookRoutes, paymentExportRoutes, settingsSectionRoutes, outgoingWebhookRoutes, sandboxWhenOn], rootRoutes: [shortLinkRoutes], demoSeed: seedDemoPayments, jobs: (ctx) => {
    workPaymentUploads(ctx);
    workLinkBatches(ctx);
    workPaymentExports(ctx);
    workOutgoingWebhooks(ctx);
    workWebhookInbox(ctx);
    scheduleMandateDebits(ctx);
  },
});
