/**
 * Loan operation routes of the bulk service (spec 2 bulk tab "loan operations"; spec 4 statuses
 * and termination; issue 5): `/loan-operations`, `/loan-operations/{id}`,
 * `/loan-operations/{id}/terminate`, `/loan-operations/{id}/error-file` under /api/bulk. Each
 * declares the 'Core Collection Modules' › allocation permission it needs.
 *
 * Also registers the worker of the 'bulk-loan-operations' queue, re-queues operations a stopped
 * process left behind, and stops running ones at a chunk boundary (releasing their lease) on close.
 */
import multipart from '@fastify/multipart';
import type { FastifySchemaCompiler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createLoanOperationBody, createLoanOperationFields, loanOperationRecord, loanOperationsPage, loanOperationsQuery } from '../../../domain/contracts/bulk';
import { companyQuery } from '../../../domain/contracts/envelope';
import type { PermissionRequirement } from '../../../domain/users/permissions';
import { requireCompany } from '../../http/access';
import type { ModuleDeps } from '../../http/deps';
import { ok, okResponse } from '../../http/envelope';
import { badRequest } from '../../http/errors';
import { workBulkQueue } from './bulk-lease';
import { readForm } from './import-routes';
import { IMPORT_MAX_FILE_BYTES } from './import-service';
import { resumeLoanOperations, runLoanOperation } from './loan-operation-job';
import type { LoanOperationJobData, OperationCaller } from './loan-operation-service';
import {
  LOAN_OPERATION_QUEUE,
  createFileOperation,
  createLoanOperation,
  getLoanOperation,
  listLoanOperations,
  loanOperationErrorFile,
  terminateLoanOperation,
} from './loan-operation-service';

const need = (access: 'read' | 'write') =>
  ({ access: 'company', permission: { module: 'Core Collection Modules', action: 'allocation', access } satisfies PermissionRequirement }) as const;
const idParams = z.object({ id: z.string().min(1).max(64) });
/** Largest JSON body of POST /loan-operations (LOAN_OPERATION_MAX_IDS ids with room to spare). */
const JSON_BODY_LIMIT_BYTES = 8 * 1024 * 1024;

/** JSON bodies are validated by the contract; a multipart body (no parsed body) is read by the handler. */
const jsonOrMultipartBody: FastifySchemaCompiler<unknown> = (route) => {
  const zod = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
  return route.httpPart === 'body' ? (data: unknown) => (data === undefined || data === null ? { value: data } : zod(data)) : zod;
};

export const loanOperationRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const { db, files } = deps;
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_FILE_BYTES, files: 1, fields: 10, fieldSize: 64 * 1024 } });

  workBulkQueue<LoanOperationJobData>(app, deps, LOAN_OPERATION_QUEUE, (state, data) => runLoanOperation(deps, state, data.operationId, app.log), (timers) =>
    resumeLoanOperations(deps, app.log, timers),
  );

  app.post(
    '/loan-operations',
    {
      config: need('write'),
      // 100,000 loan ids of JSON are about 1.5 MB, over Fastify's 1 MB default.
      bodyLimit: JSON_BODY_LIMIT_BYTES,
      validatorCompiler: jsonOrMultipartBody,
      schema: {
        tags: ['bulk'],
        summary: 'Start a loan operation: allocate, deallocate, move, add/delete tags, archive/unarchive (JSON), or allocate via an Excel/CSV file (multipart)',
        description:
          'JSON: see the body schema. multipart/form-data ("allocate loans via excel"): `file` (.xlsx/.xls/.csv, ≤ 50 MB) with a loan id column and an agent column (email, user_id or client_employee_id), ' +
          '`operation_type` = allocate_loans_via_excel, `allocation_month`, optional `agent_type`. Answers the operation (its `id`); poll GET /loan-operations/{id}.',
        consumes: ['application/json', 'multipart/form-data'],
        querystring: companyQuery,
        body: createLoanOperationBody,
        response: okResponse(loanOperationRecord),
      },
    },
    async (req) => {
      const auth = requireCompany(req);
      const caller: OperationCaller = { companyId: auth.companyId, user: auth.user, roleId: auth.company.membership.roleId };
      if (!req.isMultipart()) {
        if (!req.body) throw badRequest('Send the operation as JSON, or a file as multipart/form-data');
        return ok(await createLoanOperation(deps, caller, req.body), 'Operation queued');
      }
      const { fields, upload } = await readForm(req, files, auth.companyId);
      const parsed = createLoanOperationFields.safeParse(fields);
      if (!parsed.success || !upload) {
        if (upload) await files.delete(upload.key);
        if (!upload) throw badRequest('file is required');
        throw badRequest(parsed.error!.issues.map((i) => `${i.path.join('.') || 'form'} — ${i.message}`).join('; '));
      }
      const record = await createFileOperation(deps, caller, upload, parsed.data).catch(async (err: unknown) => {
        await files.delete(upload.key);
        throw err;
      });
      return ok(record, 'Operation queued');
    },
  );

  app.get(
    '/loan-operations',
    { config: need('read'), schema: { tags: ['bulk'], summary: 'Loan operations of the company, newest first', querystring: loanOperationsQuery, response: okResponse(loanOperationsPage) } },
    async (req) => ok(await listLoanOperations(db, requireCompany(req).companyId, req.query)),
  );

  app.get(
    '/loan-operations/:id',
    { config: need('read'), schema: { tags: ['bulk'], summary: 'One loan operation: status, counts, progress, error file', params: idParams, querystring: companyQuery, response: okResponse(loanOperationRecord) } },
    async (req) => ok(await getLoanOperation(db, requireCompany(req).companyId, req.params.id)),
  );

  app.get(
    '/loan-operations/:id/error-file',
    { config: need('read'), schema: { tags: ['bulk'], summary: 'The failed loans as CSV with a reason column', params: idParams, querystring: companyQuery } },
    async (req, reply) => {
      const { fileName, stream } = await loanOperationErrorFile(db, requireCompany(req).companyId, req.params.id);
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${fileName.replace(/["\\\r\n]/g, '_')}"`).send(stream);
    },
  );

  app.post(
    '/loan-operations/:id/terminate',
    { config: need('write'), schema: { tags: ['bulk'], summary: "Terminate a running operation (spec 4); 409 'Failed to terminate operation' when not allowed", params: idParams, querystring: companyQuery, response: okResponse(loanOperationRecord) } },
    async (req) => {
      const auth = requireCompany(req);
      return ok(await terminateLoanOperation(db, auth.companyId, auth.user.userId, req.params.id), 'Operation terminated');
    },
  );
};
