/**
 * Import management routes of the bulk service (issue 3 "Import management"; spec 2 tab
 * import_management; spec 4; spec 5 upload rules): `/imports/preview`, `/imports`,
 * `/imports/{id}`, `/imports/{id}/error-file`, `/imports/{id}/terminate` under /api/bulk. Each
 * declares the 'Core Collection Modules' › imports permission it needs.
 *
 * Also registers the import worker on the 'bulk-imports' queue, re-queues imports a stopped process
 * left behind once the queue runs, and stops running imports at a chunk boundary (releasing their
 * lease) when the app closes.
 */
import multipart from '@fastify/multipart';
import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createImportFields, importPreview, importRecord, importsPage, importsQuery } from '../../../domain/contracts/bulk';
import { companyQuery } from '../../../domain/contracts/envelope';
import type { PermissionRequirement } from '../../../domain/users/permissions';
import { requireCompany } from '../../http/access';
import type { ModuleDeps } from '../../http/deps';
import { ok, okResponse } from '../../http/envelope';
import { AppError, badRequest } from '../../http/errors';
import type { FileStorage } from '../../storage/files';
import { workBulkQueue } from './bulk-lease';
import { resumeImports, runImport } from './import-job';
import type { ImportJobData, StoredUpload } from './import-service';
import {
  FILE_TOO_LARGE_MESSAGE,
  IMPORT_MAX_FILE_BYTES,
  IMPORT_QUEUE,
  createImport,
  errorFile,
  getImport,
  listImports,
  previewImport,
  storeUpload,
  terminateImport,
} from './import-service';

const need = (access: 'read' | 'write') =>
  ({ access: 'company', permission: { module: 'Core Collection Modules', action: 'imports', access } satisfies PermissionRequirement }) as const;
const idParams = z.object({ id: z.string().min(1).max(64) });

/** The multipart `file` field, as the OpenAPI document shows it. */
const fileField = z.string().meta({ type: 'string', format: 'binary', description: 'The allocation file: .xlsx, .xls or .csv, at most 50 MB' });
const previewForm = z.object({ file: fileField });
const createForm = createImportFields.extend({
  file: fileField.optional(),
  file_id: z.string().optional().meta({ description: 'Instead of `file`: the file_id answered by POST /imports/preview' }),
  mapping: z.string().optional().meta({ description: 'JSON { "<file header>": "<variable_name>" | null }; without it the remembered or automatic mapping is used' }),
});

/**
 * Multipart bodies are read as streams by the handler, so the body schema only documents the form in
 * the OpenAPI document; the other parts (querystring, params) are validated by zod as usual.
 */
export const documentOnlyBody: FastifySchemaCompiler<unknown> = (route) =>
  route.httpPart === 'body' ? (data: unknown) => ({ value: data }) : validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);

/** A multipart form with an allocation-style file: its text fields and the stored `file`. */
export interface ImportForm {
  fields: Record<string, string>;
  upload: StoredUpload | null;
}

/**
 * Reads a multipart form, streaming its `file` part to storage (never buffered whole); also used
 * by loan operations ("allocate loans via excel").
 * @throws 400 when the request is not multipart or the file type is refused, 413 over the size limit
 */
export async function readForm(req: FastifyRequest, files: FileStorage, companyId: string): Promise<ImportForm> {
  if (!req.isMultipart()) throw badRequest('Send the file as multipart/form-data');
  const form: ImportForm = { fields: {}, upload: null };
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || form.upload) {
          part.file.resume();
          continue;
        }
        form.upload = await storeUpload(files, companyId, part.filename, part.file);
      } else {
        form.fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
      }
    }
  } catch (err) {
    if (form.upload) await files.delete(form.upload.key);
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, FILE_TOO_LARGE_MESSAGE);
    throw err;
  }
  return form;
}

export const importRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const { db, files } = deps;
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_FILE_BYTES, files: 1, fields: 10, fieldSize: 1024 * 1024 } });

  // The worker: one import at a time per process; others wait in the queue.
  workBulkQueue<ImportJobData>(app, deps, IMPORT_QUEUE, (state, data) => runImport(deps, state, data.importId, app.log), (timers) => resumeImports(deps, app.log, timers));

  app.post(
    '/imports/preview',
    {
      config: need('write'),
      validatorCompiler: documentOnlyBody,
      schema: {
        tags: ['bulk'],
        summary: 'Upload an allocation file and preview its header and suggested column mapping',
        consumes: ['multipart/form-data'],
        querystring: companyQuery,
        body: previewForm,
        response: okResponse(importPreview),
      },
    },
    async (req) => {
      const { companyId } = requireCompany(req);
      const { upload } = await readForm(req, files, companyId);
      if (!upload) throw badRequest('file is required');
      return ok(await previewImport(deps, companyId, upload));
    },
  );

  app.post(
    '/imports',
    {
      config: need('write'),
      validatorCompiler: documentOnlyBody,
      schema: {
        tags: ['bulk'],
        summary: 'Import an allocation file for an allocation month',
        description:
          'multipart/form-data with `file` (or `file_id` from a preview), `allocation_month` (YYYY-MM) and optional `mapping` JSON. Answers the import; poll GET /imports/{id}.',
        consumes: ['multipart/form-data'],
        querystring: companyQuery,
        body: createForm,
        response: okResponse(importRecord),
      },
    },
    async (req) => {
      const auth = requireCompany(req);
      const { fields, upload } = await readForm(req, files, auth.companyId);
      const parsed = createImportFields.safeParse(fields);
      if (!parsed.success) {
        if (upload) await files.delete(upload.key);
        throw badRequest(parsed.error.issues.map((i) => `${i.path.join('.') || 'form'} — ${i.message}`).join('; '));
      }
      if (!upload && !parsed.data.file_id) throw badRequest('file or file_id is required');
      const record = await createImport(deps, { companyId: auth.companyId, userId: auth.user.userId }, {
        upload: upload ?? undefined,
        fileId: upload ? undefined : parsed.data.file_id,
        allocationMonth: parsed.data.allocation_month,
        mapping: parsed.data.mapping,
      }).catch(async (err: unknown) => {
        if (upload) await files.delete(upload.key);
        throw err;
      });
      return ok(record, 'Import queued');
    },
  );

  app.get('/imports', { config: need('read'), schema: { tags: ['bulk'], querystring: importsQuery, response: okResponse(importsPage) } }, async (req) =>
    ok(await listImports(db, requireCompany(req).companyId, req.query)),
  );

  app.get('/imports/:id', { config: need('read'), schema: { tags: ['bulk'], params: idParams, querystring: companyQuery, response: okResponse(importRecord) } }, async (req) =>
    ok(await getImport(db, requireCompany(req).companyId, req.params.id)),
  );

  app.get(
    '/imports/:id/error-file',
    { config: need('read'), schema: { tags: ['bulk'], summary: 'The failed rows as CSV: the original cells plus a reason column', params: idParams, querystring: companyQuery } },
    async (req, reply) => {
      const { fileName, stream } = await errorFile(deps, requireCompany(req).companyId, req.params.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName.replace(/["\\\r\n]/g, '_')}"`)
        .send(stream);
    },
  );

  app.post(
    '/imports/:id/terminate',
    { config: need('write'), schema: { tags: ['bulk'], params: idParams, querystring: companyQuery, response: okResponse(importRecord) } },
    async (req) => {
      const auth = requireCompany(req);
      return ok(await terminateImport(db, auth.companyId, auth.user.userId, req.params.id), 'Import terminated');
    },
  );
};
