/**
 * The compliance area's front door (issue 13 "Compliance engine"): one decision in front of every
 * outbound contact — rules per company within the law (India RBI hours and caps; Indonesia POJK
 * days, hours in the borrower's zone, holidays), DND, loan exclusion, DLT for SMS, overrides.
 * Other areas call `decide()` from ./queries.ts.
 */
import { defineArea } from '../../http/area';
import { DND_UPLOAD_QUEUE, runDndUpload, unfinishedDndUploads, type DndUploadJob } from './dnd-service';
import { complianceRoutes } from './routes';
import * as tables from './schema';

export default defineArea({
  name: 'compliance',
  tables,
  routes: [complianceRoutes],
  jobs(ctx) {
    let stopping = false;
    ctx.jobs.work<DndUploadJob>(DND_UPLOAD_QUEUE, (data) => runDndUpload(ctx.db, ctx.files, data.uploadId, () => ctx.clock.now(), () => stopping));
    ctx.onClose(() => {
      stopping = true;
    });
    // A DND upload a stopped process left in_process resumes from its checkpoint.
    ctx.onReady(async () => {
      for (const id of await unfinishedDndUploads(ctx.db)) await ctx.jobs.send(DND_UPLOAD_QUEUE, { uploadId: id });
    });
  },
});
