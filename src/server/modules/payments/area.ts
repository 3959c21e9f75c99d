/**
 * The payments area's front door (issues 4 and 15): the online payments table online recoveries
 * read; gateway adapters (Cashfree, Easebuzz, PhonePe), gateway credentials per company, payment
 * links and verified gateway webhooks that post payments; the local gateway sandbox when
 * config.paymentSandbox is on; reconciliation and its exceptions queue; short links `/p/{code}`
 * (outside /api) for links sent by SMS; offline payment uploads (the `payments-uploads` job). Sending links by SMS/WhatsApp is the communication area's: it calls
 * createPaymentLink (src/domain/contracts/payments/links.ts) and sends the link's `url`.
 */
import { defineArea } from '../../http/area';
import type { RouteGroup } from '../../http/area';
import { seedDemoPayments } from './demo';
import { paymentRoutes, shortLinkRoutes, webhookRoutes } from './routes';
import { sandboxRoutes } from './sandbox-routes';
import * as tables from './schema';
import { workPaymentUploads } from './uploads-job';

const sandboxWhenOn: RouteGroup = async (app, deps) => {
  if (deps.config.paymentSandbox) await sandboxRoutes(app, deps);
};

export default defineArea({ name: 'payments', tables, routes: [paymentRoutes(), webhookRoutes, sandboxWhenOn], rootRoutes: [shortLinkRoutes], demoSeed: seedDemoPayments, jobs: workPaymentUploads });
