/** Routes of documents uploaded against a loan (issue 4; spec 7 document service), served from src/domain/contracts/field/documents.ts. */
import * as documents from '../../../../domain/contracts/field/documents';
import type { RouteGroup } from '../../../http/area';
import { callerOf } from '../../../http/caller';
import { sendStoredFile } from '../../../http/downloads';
import { ok } from '../../../http/envelope';
import { endpointServer } from '../../../http/route';
import { documentFile, listDocuments, uploadDocument } from './service';

export const documentRoutes: RouteGroup = async (app, deps) => {
  const { db, files } = deps;
  const serve = endpointServer(app, deps);

  await serve(documents.uploadDocument, async ({ req, form, files: [file], idempotency }) => {
    const { companyId, user } = callerOf(req);
    return ok(await uploadDocument(idempotency!.tx, files, { companyId, userId: user.userId }, idempotency!.key, form, file), 'Document uploaded');
  });

  await serve(documents.listDocuments, async ({ req, query }) => ok({ documents: await listDocuments(db, callerOf(req).companyId, query.loan_id) }));

  await serve(documents.documentFile, async ({ req, reply, params }) => {
    const doc = await documentFile(db, callerOf(req).companyId, params.document_id);
    return sendStoredFile(reply, files, { key: doc.storageKey, contentType: doc.contentType, fileName: doc.fileName }, 'Document not found');
  });
};
