/**
 * The settlements area's front door (issue 16 "Settlements"): proposals on loans routed through
 * the approval area, the settlement letter (PDF), instalments tracked against payments with the
 * company's grace days, the loan's settlement_status, and the Installment Report / Settlement Report
 * exports (a durable job). A sweep every 30 minutes judges approved settlements (breached, completed).
 */
import { defineArea } from '../../http/area';
import { seedSettlementsDemo } from './demo';
import { runExport, SETTLEMENT_EXPORT_QUEUE, unfinishedExports, type SettlementExportJob } from './exports';
import { settlementRoutes } from './routes';
import * as tables from './schema';
import { refreshApprovedSettlements } from './service';

const SWEEP_MS = 30 * 60_000;

export default defineArea({
  name: 'settlements',
  tables,
  routes: [settlementRoutes],
  demoSeed: (db) => seedSettlementsDemo(db),
  jobs(ctx) {
    ctx.jobs.work<SettlementExportJob>(SETTLEMENT_EXPORT_QUEUE, (data) => runExport(ctx.db, ctx.files, data.exportId, () => ctx.clock.now()));
    let timer: NodeJS.Timeout | null = null;
    const sweep = () => refreshApprovedSettlements(ctx.db, ctx.clock.now()).catch((err: unknown) => ctx.log.error({ err }, 'settlement sweep failed'));
    ctx.onReady(async () => {
      for (const exportId of await unfinishedExports(ctx.db)) await ctx.jobs.send<SettlementExportJob>(SETTLEMENT_EXPORT_QUEUE, { exportId });
      timer = setInterval(() => void sweep(), SWEEP_MS);
      timer.unref();
    });
    ctx.onClose(() => {
      if (timer) clearInterval(timer);
    });
  },
});
