/**
 * Loan operation routes of the bulk service (spec 2 bulk tab "loan operations"; spec 4 statuses
 * and termination; issue 5), served from src/domain/contracts/bulk/loan-operations.ts. Starting
 * one takes JSON, or multipart with an allocation file streamed to storage ("allocate loans via
 * excel", allocation-upload.ts). The worker is registered by the bulk area's front door (area.ts).
 */
import * as operations from '../../../domain/contracts/bulk/loan-operations';
import { createLoanOperationFields } from '../../../domain/contracts/bulk/loan-operations.schema';
import type { RouteGroup } from '../../http/area';
import { callerOf } from '../../http/caller';
import { sendDownload } from '../../http/downloads';
import { ok } from '../../http/envelope';
import { badRequest } from '../../http/errors';
import { endpointServer } from '../../http/route';
import { readAllocationForm } from './allocation-upload';
import type { OperationCaller } from './loan-operation-service';
import { createFileOperation, createLoanOperation, getLoanOperation, listLoanOperations, loanOperationErrorFile, terminateLoanOperation } from './loan-operation-service';

export const loanOperationRoutes: RouteGroup = async (app, deps) => {
  const { db, files } = deps;
  const serve = endpointServer(app, deps);

  await serve(operations.startLoanOperation, async ({ req, body }) => {
    const { companyId, user, roleId } = callerOf(req);
    const caller: OperationCaller = { companyId, user, roleId };
    if (!req.isMultipart()) {
      if (!body) throw badRequest('Send the operation as JSON, or a file as multipart/form-data');
      return ok(await createLoanOperation(deps, caller, body), 'Operation queued');
    }
    const { fields, upload } = await readAllocationForm(req, files, companyId);
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
  });

  await serve(operations.listLoanOperations, async ({ req, query }) => ok(await listLoanOperations(db, callerOf(req).companyId, query)));

  await serve(operations.getLoanOperation, async ({ req, params }) => ok(await getLoanOperation(db, callerOf(req).companyId, params.id)));

  await serve(operations.loanOperationErrorFile, async ({ req, reply, params }) => {
    const { fileName, stream } = await loanOperationErrorFile(db, callerOf(req).companyId, params.id);
    return sendDownload(reply, stream, { fileName, contentType: 'text/csv; charset=utf-8' });
  });

  await serve(operations.terminateLoanOperation, async ({ req, params }) => {
    const { companyId, user } = callerOf(req);
    return ok(await terminateLoanOperation(db, companyId, user.userId, params.id), 'Operation terminated');
  });
};
