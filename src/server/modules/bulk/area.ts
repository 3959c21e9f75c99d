/**
 * The bulk area's front door (issue 3 imports and exports, issue 5 loan operations; spec 2 bulk
 * operation tabs, spec 4 bulk statuses): its routes, its tables and the three durable job
 * workers: one import, one export and one loan operation at a time per process; work a stopped
 * process left behind is re-queued once the queue runs, and running jobs stop at a chunk boundary
 * (releasing their lease) when the app closes.
 */
import { defineArea } from '../../http/area';
import { workBulkQueue } from './bulk-lease';
import { runExport, type ExportJobData } from './export-job';
import { exportRoutes } from './export-routes';
import { EXPORT_QUEUE } from './export-service';
import { resumeImports, runImport } from './import-job';
import { importRoutes } from './import-routes';
import { IMPORT_QUEUE, type ImportJobData } from './import-service';
import { resumeLoanOperations, runLoanOperation } from './loan-operation-job';
import { loanOperationRoutes } from './loan-operation-routes';
import { LOAN_OPERATION_QUEUE, type LoanOperationJobData } from './loan-operation-service';
import * as tables from './schema';

export default defineArea({
  name: 'bulk',
  tables,
  routes: [exportRoutes, importRoutes, loanOperationRoutes],
  jobs(ctx) {
    workBulkQueue<ImportJobData>(ctx, IMPORT_QUEUE, (state, data) => runImport(ctx, state, data.importId, ctx.log), (timers) => resumeImports(ctx, ctx.log, timers));
    workBulkQueue<LoanOperationJobData>(ctx, LOAN_OPERATION_QUEUE, (state, data) => runLoanOperation(ctx, state, data.operationId, ctx.log), (timers) =>
      resumeLoanOperations(ctx, ctx.log, timers),
    );
    ctx.jobs.work<ExportJobData>(EXPORT_QUEUE, (data) => runExport(ctx.db, ctx.files, data.exportId, (err) => ctx.log.error({ err, exportId: data.exportId }, 'export failed')));
  },
});
