/**
 * Export management routes of the recovery service (spec 7, prefix /api/recovery): POST
 * `/exports`, GET `/exports`, GET `/export/download`. Permission 'Core Collection Modules' ›
 * exports. Registers the 'recovery-exports' job worker.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companyQuery } from '../../../domain/contracts/envelope';
import { createExportBody, exportDownloadQuery, exportRecord, exportsPage, exportsQuery } from '../../../domain/contracts/bulk';
import type { PermissionRequirement } from '../../../domain/users/permissions';
import { requireCompany } from '../../http/access';
import type { ModuleDeps } from '../../http/deps';
import { ok, okResponse } from '../../http/envelope';
import { canReadUnmasked } from '../portfolio/loan-masking';
import { runExport, type ExportJobData } from './export-job';
import { createExport, exportDownload, listExports } from './export-service';

const need = (access: 'read' | 'write') =>
  ({ access: 'company', permission: { module: 'Core Collection Modules', action: 'exports', access } satisfies PermissionRequirement }) as const;
const tags = ['exports'];

export const exportRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, jobs, files }) => {
  jobs.work<ExportJobData>('recovery-exports', (data) => runExport(db, files, data.exportId, (err) => app.log.error({ err, exportId: data.exportId }, 'export failed')));

  app.post('/exports', { config: need('write'), schema: { tags, querystring: companyQuery, body: createExportBody, response: okResponse(exportRecord) } }, async (req) => {
    const auth = requireCompany(req);
    const record = await createExport(db, jobs, { userId: auth.user.userId, name: auth.user.name, unmasked: canReadUnmasked(auth.company.permissions) }, auth.companyId, req.body);
    return ok(record, 'Export accepted');
  });

  app.get('/exports', { config: need('read'), schema: { tags, querystring: exportsQuery, response: okResponse(exportsPage) } }, async (req) =>
    ok(await listExports(db, requireCompany(req).companyId, req.query)),
  );

  app.get('/export/download', { config: need('read'), schema: { tags, querystring: exportDownloadQuery } }, async (req, reply) => {
    const file = await exportDownload(db, files, requireCompany(req).companyId, req.query.export_id, req.query.operation_type);
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .send(file.stream);
  });
};
