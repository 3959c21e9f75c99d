/** Routes of litigation cases (issue 17), served from src/domain/contracts/legal/cases.ts. */
import * as c from '../../../domain/contracts/legal/cases';
import type { RouteGroup } from '../../http/area';
import { callerOf } from '../../http/caller';
import { ok } from '../../http/envelope';
import { endpointServer } from '../../http/route';
import { canReadUnmasked } from '../portfolio/queries';
import { sendStoredFile } from '../../http/downloads';
import { createCase, listAdvocates, listCases, updateCase, type CaseCaller } from './cases-service';
import { calendar, caseDetail, caseDocument, CASE_DOCUMENT_NOT_FOUND, portfolio, recordAcknowledgment, recordCost, recordHearing, uploadCaseDocument } from './hearings-service';

export const caseRoutes: RouteGroup = async (app, deps) => {
  const { db, clock, files } = deps;
  const serve = endpointServer(app, deps);
  const who = (req: Parameters<typeof callerOf>[0]): { companyId: string; caller: CaseCaller } => {
    const { companyId, user, permissions } = callerOf(req);
    return { companyId, caller: { userId: user.userId, profession: user.profession, unmasked: canReadUnmasked(permissions) } };
  };

  await serve(c.listCases, async ({ req, query }) => {
    const { companyId, caller } = who(req);
    return ok(await listCases(db, companyId, caller, query));
  });
  await serve(c.createCase, async ({ req, body }) => {
    const { companyId, caller } = who(req);
    return ok(await createCase(db, companyId, caller, body, clock.now()), 'Case opened');
  });
  await serve(c.updateCase, async ({ req, params, body }) => {
    const { companyId, caller } = who(req);
    return ok(await updateCase(db, companyId, caller, params.case_id, body, clock.now()), 'Case updated');
  });
  await serve(c.getCase, async ({ req, params }) => {
    const { companyId, caller } = who(req);
    return ok(await caseDetail(db, companyId, caller, params.case_id));
  });
  await serve(c.recordHearing, async ({ req, params, body }) => {
    const { companyId, caller } = who(req);
    return ok(await recordHearing(db, companyId, caller, params.case_id, body, clock.now()), 'Hearing recorded');
  });
  await serve(c.recordCost, async ({ req, params, body }) => {
    const { companyId, caller } = who(req);
    return ok(await recordCost(db, companyId, caller, params.case_id, body, clock.now()), 'Cost added');
  });
  await serve(c.recordAcknowledgment, async ({ req, params, body }) => {
    const { companyId, caller } = who(req);
    return ok(await recordAcknowledgment(db, companyId, caller, params.case_id, body, clock.now()), 'Acknowledgment recorded');
  });
  await serve(c.uploadCaseDocument, async ({ req, params, form, files: [file] }) => {
    const { companyId, caller } = who(req);
    return ok(await uploadCaseDocument(db, files, companyId, caller, params.case_id, form.document_type, file, clock.now()), 'Document uploaded');
  });
  await serve(c.caseDocumentFile, async ({ req, reply, params }) => {
    const { companyId, caller } = who(req);
    const doc = await caseDocument(db, companyId, caller, params.document_id);
    return sendStoredFile(reply, files, { key: doc.fileKey, fileName: doc.fileName, contentType: doc.contentType }, CASE_DOCUMENT_NOT_FOUND);
  });
  await serve(c.legalCalendar, async ({ req, query }) => {
    const { companyId, caller } = who(req);
    return ok({ entries: await calendar(db, companyId, caller, query.from, query.to) });
  });
  await serve(c.legalPortfolio, async ({ req }) => {
    const { companyId, caller } = who(req);
    return ok(await portfolio(db, companyId, caller, clock.now()));
  });
  await serve(c.listAdvocates, async ({ req }) => ok({ advocates: await listAdvocates(db, callerOf(req).companyId) }));
};
