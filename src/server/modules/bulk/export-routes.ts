/**
 * Export management routes of the recovery service (spec 7 /api/recovery `/exports`,
 * `/export/download`), served from src/domain/contracts/bulk/exports.ts. The export worker is
 * registered by the bulk area's front door (area.ts).
 */
import * as exports from '../../../domain/contracts/bulk/exports';
import type { RouteGroup } from '../../http/area';
import { callerOf } from '../../http/caller';
import { sendDownload, sendStoredFile } from '../../http/downloads';
import { notFound } from '../../http/errors';
import { ok } from '../../http/envelope';
import { endpointServer } from '../../http/route';
import { canReadUnmasked, portfolioView } from '../portfolio/queries';
import { EXPORT_EXPORT_AGAIN, EXPORT_NOT_FOUND, createExport, exportDownload, listExports } from './export-service';
import { maskCsv, maskXlsx, readColumns, rowMasker } from './masked-download';

export const exportRoutes: RouteGroup = async (app, deps) => {
  const { db, jobs, files } = deps;
  const serve = endpointServer(app, deps);

  await serve(exports.createExport, async ({ req, body }) => {
    const { companyId, user, permissions } = callerOf(req);
    const record = await createExport(db, jobs, { userId: user.userId, name: user.name, unmasked: canReadUnmasked(permissions) }, companyId, body);
    return ok(record, 'Export accepted');
  });

  await serve(exports.listExports, async ({ req, query }) => ok(await listExports(db, callerOf(req).companyId, query)));

  // Masked per downloading caller (issue 12): the stored file is clear, a masked caller gets it masked.
  await serve(exports.exportDownload, async ({ req, reply, query }) => {
    const caller = callerOf(req);
    const file = await exportDownload(db, caller.companyId, query.export_id, query.operation_type);
    const view = await portfolioView(db, caller.companyId, canReadUnmasked(caller.permissions));
    if (view.masker.unmasked) return sendStoredFile(reply, files, file, EXPORT_NOT_FOUND);
    if ((await files.size(file.key)) === null) throw notFound(EXPORT_NOT_FOUND);
    const columns = await readColumns(files, file.key);
    // No column names: a file from before per-caller masking, masked for its author when they were masked.
    if (!columns) {
      if (!file.authorUnmasked) return sendStoredFile(reply, files, file, EXPORT_NOT_FOUND);
      throw notFound(EXPORT_EXPORT_AGAIN);
    }
    const maskRow = rowMasker(view.masker, columns);
    const source = files.read(file.key);
    return sendDownload(reply, file.format === 'csv' ? maskCsv(source, maskRow) : maskXlsx(source, maskRow), file);
  });
};
