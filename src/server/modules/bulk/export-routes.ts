/**
 * Export management routes of the recovery service (spec 7 /api/recovery `/exports`,
 * `/export/download`), served from src/domain/contracts/bulk/exports.ts. The export worker is
 * registered by the bulk area's front door (area.ts).
 */
import * as exports from '../../../domain/contracts/bulk/exports';
import type { RouteGroup } from '../../http/area';
import { callerOf } from '../../http/caller';
import { sendStoredFile } from '../../http/downloads';
import { ok } from '../../http/envelope';
import { endpointServer } from '../../http/route';
import { canReadUnmasked } from '../portfolio/queries';
import { EXPORT_NOT_FOUND, createExport, exportDownload, listExports } from './export-service';

export const exportRoutes: RouteGroup = async (app, deps) => {
  const { db, jobs, files } = deps;
  const serve = endpointServer(app, deps);

  await serve(exports.createExport, async ({ req, body }) => {
    const { companyId, user, permissions } = callerOf(req);
    const record = await createExport(db, jobs, { userId: user.userId, name: user.name, unmasked: canReadUnmasked(permissions) }, companyId, body);
    return ok(record, 'Export accepted');
  });

  await serve(exports.listExports, async ({ req, query }) => ok(await listExports(db, callerOf(req).companyId, query)));

  await serve(exports.exportDownload, async ({ req, reply, query }) => {
    const file = await exportDownload(db, callerOf(req).companyId, query.export_id, query.operation_type);
    return sendStoredFile(reply, files, file, EXPORT_NOT_FOUND);
  });
};
