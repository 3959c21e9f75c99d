/** Routes of legal imports and notice exports (issue 17), served from src/domain/contracts/legal/transfers.ts. The workers are registered by the area's front door. */
import * as x from '../../../domain/contracts/legal/transfers';
import { describePermission } from '../../../domain/users/permissions';
import { hasPermission } from '../../../domain/users/has-permission';
import type { RouteGroup } from '../../http/area';
import { callerOf } from '../../http/caller';
import { sendDownload, sendStoredFile } from '../../http/downloads';
import { ok } from '../../http/envelope';
import { forbidden } from '../../http/errors';
import { endpointServer } from '../../http/route';
import { canReadUnmasked } from '../portfolio/queries';
import { createExport, exportFile, LEGAL_EXPORT_NOT_READY, listExports } from './exports-service';
import { createImport, importErrorFile, listImports } from './imports-service';

export const transferRoutes: RouteGroup = async (app, deps) => {
  const { db, files } = deps;
  const serve = endpointServer(app, deps);

  await serve(x.createLegalImport, async ({ req, form, files: [file] }) => {
    const { companyId, user, permissions } = callerOf(req);
    const needed = x.DISPATCH_IMPORT_PERMISSION;
    if (form.import_type === 'dispatch' && !hasPermission(permissions, needed)) throw forbidden(`Permission not found: ${describePermission(needed)}`, { missing_permission: { ...needed } });
    return ok(await createImport(deps, companyId, { userId: user.userId, profession: user.profession }, form.import_type, file), 'Import started');
  });
  await serve(x.listLegalImports, async ({ req, query }) => ok(await listImports(db, callerOf(req).companyId, query)));
  await serve(x.legalImportErrorFile, async ({ req, reply, params }) => {
    const f = await importErrorFile(db, files, callerOf(req).companyId, params.import_id);
    return sendDownload(reply, f.csv, { fileName: f.fileName, contentType: 'text/csv; charset=utf-8' });
  });

  await serve(x.createLegalExport, async ({ req, body }) => {
    const { companyId, user, permissions } = callerOf(req);
    return ok(await createExport(db, deps.jobs, companyId, { userId: user.userId, unmasked: canReadUnmasked(permissions) }, body), 'Export queued');
  });
  await serve(x.listLegalExports, async ({ req, query }) => ok(await listExports(db, callerOf(req).companyId, query)));
  await serve(x.downloadLegalExport, async ({ req, reply, params }) => {
    const caller = callerOf(req);
    const f = await exportFile(db, caller.companyId, params.export_id, canReadUnmasked(caller.permissions));
    return sendStoredFile(reply, files, f, LEGAL_EXPORT_NOT_READY);
  });
};
