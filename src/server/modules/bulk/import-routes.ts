/**
 * Import management routes of the bulk service (issue 3 "Import management"; spec 2 tab
 * import_management; spec 4; spec 5 upload rules), served from
 * src/domain/contracts/bulk/imports.ts. The allocation file is streamed to storage by the handler
 * (allocation-upload.ts). The import worker is registered by the bulk area's front door (area.ts).
 */
import * as imports from '../../../domain/contracts/bulk/imports';
import { createImportFields } from '../../../domain/contracts/bulk/imports.schema';
import type { RouteGroup } from '../../http/area';
import { callerOf } from '../../http/caller';
import { sendDownload } from '../../http/downloads';
import { ok } from '../../http/envelope';
import { badRequest } from '../../http/errors';
import { endpointServer } from '../../http/route';
import { canReadUnmasked, portfolioView } from '../portfolio/queries';
import { readAllocationForm } from './allocation-upload';
import { createImport, errorFile, getImport, listImports, previewImport, terminateImport } from './import-service';

export const importRoutes: RouteGroup = async (app, deps) => {
  const { db, files } = deps;
  const serve = endpointServer(app, deps);

  await serve(imports.previewImport, async ({ req }) => {
    const { companyId } = callerOf(req);
    const { upload } = await readAllocationForm(req, files, companyId);
    if (!upload) throw badRequest('file is required');
    return ok(await previewImport(deps, companyId, upload));
  });

  await serve(imports.createImport, async ({ req }) => {
    const { companyId, user } = callerOf(req);
    const { fields, upload } = await readAllocationForm(req, files, companyId);
    const parsed = createImportFields.safeParse(fields);
    if (!parsed.success) {
      if (upload) await files.delete(upload.key);
      throw badRequest(parsed.error.issues.map((i) => `${i.path.join('.') || 'form'} — ${i.message}`).join('; '));
    }
    if (!upload && !parsed.data.file_id) throw badRequest('file or file_id is required');
    const record = await createImport(deps, { companyId, userId: user.userId }, {
      upload: upload ?? undefined,
      fileId: upload ? undefined : parsed.data.file_id,
      allocationMonth: parsed.data.allocation_month,
      mapping: parsed.data.mapping,
    }).catch(async (err: unknown) => {
      if (upload) await files.delete(upload.key);
      throw err;
    });
    return ok(record, 'Import queued');
  });

  await serve(imports.listImports, async ({ req, query }) => ok(await listImports(db, callerOf(req).companyId, query)));

  await serve(imports.getImport, async ({ req, params }) => ok(await getImport(db, callerOf(req).companyId, params.id)));

  await serve(imports.importErrorFile, async ({ req, reply, params }) => {
    const caller = callerOf(req);
    const view = await portfolioView(db, caller.companyId, canReadUnmasked(caller.permissions));
    const { fileName, stream } = await errorFile(deps, caller.companyId, params.id, view.masker);
    return sendDownload(reply, stream, { fileName, contentType: 'text/csv; charset=utf-8' });
  });

  await serve(imports.terminateImport, async ({ req, params }) => {
    const { companyId, user } = callerOf(req);
    return ok(await terminateImport(db, companyId, user.userId, params.id), 'Import terminated');
  });
};
