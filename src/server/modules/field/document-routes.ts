/**
 * Document management routes under /api/document (issue 4 "Document upload"; spec 7 document
 * service; spec 5 upload rules): upload (multipart, idempotent), list per loan, download. Each
 * declares 'Document Management' › documents.
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DOCUMENT_MAX_FILE_MB, documentRecord, documentUploadFields, documentsResponse } from '../../../domain/contracts/field';
import { companyQuery } from '../../../domain/contracts/envelope';
import type { PermissionRequirement } from '../../../domain/users/permissions';
import { requireCompany } from '../../http/access';
import type { ModuleDeps } from '../../http/deps';
import { ok, okResponse } from '../../http/envelope';
import { badRequest } from '../../http/errors';
import { idempotencyKeyOf, requestHash, runIdempotent } from '../../http/idempotency';
import { documentOnlyBody } from '../bulk/import-routes';
import { documentFile, listDocuments, uploadDocument } from './documents';
import { idempotencyHeaders } from './routes';
import { readFieldForm } from './uploads';

const need = (access: 'read' | 'write') => ({ access: 'company', permission: { module: 'Document Management', action: 'documents', access } satisfies PermissionRequirement }) as const;

export const documentRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const { db, files } = deps;
  await app.register(multipart);

  app.post(
    '/uploads',
    {
      config: need('write'),
      validatorCompiler: documentOnlyBody,
      schema: {
        tags: ['document'],
        summary: 'Upload a KYC / address proof document against a loan',
        description: `multipart/form-data: \`loan_id\`, \`allocation_month\`, \`document_type\` (kyc | address_proof | other), optional \`description\`, and \`file\` (≤ ${DOCUMENT_MAX_FILE_MB} MB; spec 5 blocked extensions refused). Idempotent by Idempotency-Key.`,
        consumes: ['multipart/form-data'],
        headers: idempotencyHeaders,
        querystring: companyQuery,
        body: documentUploadFields.extend({ file: z.string().meta({ type: 'string', format: 'binary' }) }),
        response: okResponse(documentRecord),
      },
    },
    async (req, reply) => {
      const { companyId, user } = requireCompany(req);
      const key = idempotencyKeyOf(req);
      const form = await readFieldForm(req, { fileFields: ['file'], maxSizeMb: DOCUMENT_MAX_FILE_MB, maxFiles: 1, imagesOnly: false });
      const file = form.files[0];
      if (!file) throw badRequest('file is required');
      const parsed = documentUploadFields.safeParse(form.fields);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw badRequest(`Invalid body: ${issue?.path.map(String).join('.')} — ${issue?.message ?? 'invalid'}`);
      }
      const fields = parsed.data;
      return runIdempotent(db, reply, { companyId, userId: user.userId, route: 'POST /api/document/uploads', key }, requestHash({ ...fields, file_name: file.filename }, [file.data]), async (tx) => ({
        status: 200,
        body: ok(await uploadDocument(tx, files, { companyId, userId: user.userId }, key, fields, file), 'Document uploaded'),
      }));
    },
  );

  app.get(
    '/uploads',
    { config: need('read'), schema: { tags: ['document'], summary: "A loan's documents", querystring: companyQuery.extend({ loan_id: z.string().optional() }), response: okResponse(documentsResponse) } },
    async (req) => ok({ documents: await listDocuments(db, requireCompany(req).companyId, req.query.loan_id) }),
  );

  app.get(
    '/uploads/:document_id/file',
    { config: need('read'), schema: { tags: ['document'], summary: 'Download a document', params: z.object({ document_id: z.string().min(1).max(64) }), querystring: companyQuery } },
    async (req, reply) => {
      const doc = await documentFile(db, requireCompany(req).companyId, req.params.document_id);
      if ((await files.size(doc.storageKey)) === null) return reply.code(404).send({ success: false, message: 'Document not found', data: null });
      return reply
        .header('content-type', doc.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `attachment; filename="${doc.fileName.replace(/["\\\r\n]/g, '_')}"`)
        .send(files.read(doc.storageKey));
    },
  );
};
