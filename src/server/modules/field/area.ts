/**
 * The field area's front door (issue 4 field app, issue 5 field management; spec 2
 * /app/visit-details, /app/field-executive, /app/document-upload, /app/field-force-tracking,
 * FOS Visits, FOS Dashboard). Sub-areas, the same on every side: visits (and the executive's
 * day), receipts, deposits (and online recoveries), documents, tracking, verification, dashboard.
 * Its job: the upkeep of the position pings' daily partitions (on start, then every 6 hours;
 * decision 005).
 */
import { defineArea } from '../../http/area';
import { dashboardRoutes } from './dashboard/routes';
import { depositRoutes } from './deposits/routes';
import { documentRoutes } from './documents/routes';
import { receiptRoutes } from './receipts/routes';
import * as tables from './schema';
import { trackingRoutes } from './tracking/routes';
import { lastPositionsOf, maintainPingPartitions } from './tracking/service';
import { verificationRoutes } from './verification/routes';
import { visitRoutes } from './visits/routes';

/** Partition upkeep interval (ms). */
const MAINTENANCE_MS = 6 * 3_600_000;

export default defineArea({
  name: 'field',
  tables,
  routes: [visitRoutes, receiptRoutes, depositRoutes, trackingRoutes, verificationRoutes, dashboardRoutes, documentRoutes],
  // The territory suggestion (allocation area) seeds executives at their last positions.
  provides: () => ({ positions: { lastPositions: lastPositionsOf } }),
  jobs(ctx) {
    let timer: NodeJS.Timeout | null = null;
    const upkeep = () => maintainPingPartitions(ctx.db, ctx.config.trackingRetentionDays).catch((err: unknown) => ctx.log.error({ err }, 'position ping partition upkeep failed'));
    ctx.onReady(async () => {
      await upkeep();
      timer = setInterval(() => void upkeep(), MAINTENANCE_MS);
      timer.unref();
    });
    ctx.onClose(() => {
      if (timer) clearInterval(timer);
    });
  },
});
