/**
 * The legal area's front door (issue 17 "Legal"): notices — templates per company, kind and
 * language (approved before use), bulk generation as a durable job printing PDFs with headless
 * Chromium, the Merged File, dispatch (speed post / courier with POD upload; email / WhatsApp with
 * the PDF through communication's queries.ts, one notice or a batch as a durable job) — and litigation cases by process type, for
 * lawyers and advocates. One batch runs at a
 * time per process (each launches its own browser); batches a stopped process left in progress are
 * re-queued once the queue runs. Every hour (and once the app is ready) advocates are emailed the
 * hearings and statutory deadlines due (reminders.ts); every 6 hours notices in the post are read
 * from the courier's tracking (tracking-service.ts sweepCourierTracking). Legal imports (cases, hearings, dispatches from
 * a file) and notice exports (spec 9 Reports and Documents) are durable jobs too (imports-job.ts,
 * exports-job.ts).
 */
import { defineArea } from '../../http/area';
import { runNoticeBatch } from './batch-job';
import { NOTICE_BATCH_QUEUE, unfinishedBatches, type NoticeBatchJobData } from './batches-service';
import { caseRoutes } from './cases-routes';
import { workLegalExports } from './exports-job';
import { workLegalImports } from './imports-job';
import { NOTICE_DISPATCH_QUEUE, runBatchSend, type NoticeDispatchJobData } from './dispatch-service';
import { localCourier } from './courier/local';
import { sendDueReminders } from './reminders';
import { sweepCourierTracking } from './tracking-service';
import { noticeRoutes } from './routes';
import * as tables from './schema';
import { transferRoutes } from './transfers-routes';

/** How often advocates' reminders are looked for (ms). */
const REMINDER_SWEEP_MS = 60 * 60_000;
/** How often notices in the post are read from the courier's tracking (ms). */
const TRACKING_SWEEP_MS = 6 * 60 * 60_000;

export default defineArea({
  name: 'legal',
  tables,
  routes: [noticeRoutes, caseRoutes, transferRoutes],
  jobs(ctx) {
    ctx.jobs.work<NoticeBatchJobData>(NOTICE_BATCH_QUEUE, (data) => runNoticeBatch(ctx.db, ctx.files, data.batchId, (err) => ctx.log.error({ err, batchId: data.batchId }, 'notice batch failed')));
    ctx.jobs.work<NoticeDispatchJobData>(NOTICE_DISPATCH_QUEUE, (data) => runBatchSend(ctx.db, ctx.config, ctx.files, data, () => ctx.clock.now()));
    workLegalImports(ctx);
    workLegalExports(ctx);
    let timer: NodeJS.Timeout | null = null;
    let trackingTimer: NodeJS.Timeout | null = null;
    const remind = () => sendDueReminders(ctx.db, ctx.messages, ctx.clock.now()).catch((err: unknown) => ctx.log.error({ err }, 'legal reminders failed'));
    const track = () =>
      sweepCourierTracking(ctx.db, ctx.files, localCourier, ctx.clock.now(), (err, noticeId) => ctx.log.warn({ err, noticeId }, 'courier tracking not read')).catch((err: unknown) => ctx.log.error({ err }, 'courier tracking sweep failed'));
    ctx.onReady(async () => {
      for (const batchId of await unfinishedBatches(ctx.db)) await ctx.jobs.send<NoticeBatchJobData>(NOTICE_BATCH_QUEUE, { batchId });
      void remind();
      timer = setInterval(() => void remind(), REMINDER_SWEEP_MS);
      timer.unref();
      trackingTimer = setInterval(() => void track(), TRACKING_SWEEP_MS);
      trackingTimer.unref();
    });
    ctx.onClose(() => {
      if (timer) clearInterval(timer);
      if (trackingTimer) clearInterval(trackingTimer);
    });
  },
});
