/**
 * The approval area's front door (issue 16 "Approvals"): one engine for every request that needs a
 * checker — chains per company and request type, maker-checker with ranks and remarks, the central
 * approval team, the inbox, and the SLA job that escalates overdue requests (every 5 minutes once
 * the app is ready). Other areas submit requests and act on decisions through ./queries.ts.
 */
import { defineArea } from '../../http/area';
import { seedApprovalDemo } from './demo';
import { escalateOverdue } from './engine';
import { approvalRoutes } from './routes';
import * as tables from './schema';

/** How often the SLA job looks for overdue requests (ms). */
const SLA_CHECK_MS = 5 * 60_000;

export default defineArea({
  name: 'approval',
  tables,
  routes: [approvalRoutes],
  demoSeed: seedApprovalDemo,
  jobs(ctx) {
    let timer: NodeJS.Timeout | null = null;
    const check = () => escalateOverdue(ctx.db, ctx.clock.now()).catch((err: unknown) => ctx.log.error({ err }, 'approval SLA escalation failed'));
    ctx.onReady(() => {
      timer = setInterval(() => void check(), SLA_CHECK_MS);
      timer.unref();
    });
    ctx.onClose(() => {
      if (timer) clearInterval(timer);
    });
  },
});
