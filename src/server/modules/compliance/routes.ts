/** Routes of the compliance area (issue 13), served from src/domain/contracts/compliance. */
import * as checks from '../../../domain/contracts/compliance/check';
import * as dnd from '../../../domain/contracts/compliance/dnd';
import * as rules from '../../../domain/contracts/compliance/rules';
import type { RouteGroup } from '../../http/area';
import { callerOf } from '../../http/caller';
import { ok } from '../../http/envelope';
import { endpointServer } from '../../http/route';
import { dryRun } from './decide';
import { addDnd, dndUploadErrorCsv, listDnd, listDndUploads, removeDnd, uploadDnd } from './dnd-service';
import { sendDownload } from '../../http/downloads';
import { grantOverride, listOverrides } from './overrides-service';
import { addDltTemplate, addHoliday, getRules, listDltTemplates, listHolidays, removeDltTemplate, removeHoliday, updateRules } from './rules-service';

export const complianceRoutes: RouteGroup = async (app, deps) => {
  const { db, identity, clock, files, jobs } = deps;
  const serve = endpointServer(app, deps);

  await serve(checks.checkContact, async ({ req, body }) => {
    const { companyId, user } = callerOf(req);
    const input = {
      companyId,
      loanId: body.loan_id,
      channel: body.channel,
      to: body.to,
      at: body.at ? new Date(body.at) : undefined,
      purpose: body.purpose,
      sms: body.channel === 'sms' && (body.text !== undefined || body.dlt_template_id) ? { text: body.text ?? '', dltTemplateId: body.dlt_template_id ?? null } : undefined,
      actorId: user.userId,
      lang: body.lang,
    };
    const { decision_id: _none, ...decision } = await dryRun(db, input, clock.now());
    return ok(decision, decision.allowed ? 'Allowed' : 'Blocked');
  });

  await serve(checks.grantOverride, async ({ req, body }) => {
    const { companyId, user } = callerOf(req);
    return ok(await db.transaction((tx) => grantOverride(tx, identity.audit, companyId, { userId: user.userId, name: user.name }, body, clock.now())), 'Override granted');
  });
  await serve(checks.listOverrides, async ({ req, query }) => ok({ overrides: await listOverrides(db, callerOf(req).companyId, query.loan_id) }));

  await serve(rules.getComplianceRules, async ({ req }) => ok(await getRules(db, callerOf(req).companyId)));
  await serve(rules.updateComplianceRules, async ({ req, body }) => {
    const { companyId, user } = callerOf(req);
    return ok(await db.transaction((tx) => updateRules(tx, identity.audit, companyId, user.userId, body, clock.now())), 'Compliance rules updated');
  });

  await serve(rules.listHolidays, async ({ req, query }) => ok({ holidays: await listHolidays(db, callerOf(req).companyId, query.year) }));
  await serve(rules.addHoliday, async ({ req, body }) => {
    const { companyId, user } = callerOf(req);
    return ok(await db.transaction((tx) => addHoliday(tx, identity.audit, companyId, user.userId, body)), 'Holiday added');
  });
  await serve(rules.removeHoliday, async ({ req, params }) => {
    const { companyId, user } = callerOf(req);
    await db.transaction((tx) => removeHoliday(tx, identity.audit, companyId, user.userId, params.holiday_id));
    return ok(null, 'Holiday removed');
  });

  await serve(rules.listDltTemplates, async ({ req }) => ok({ templates: await listDltTemplates(db, callerOf(req).companyId) }));
  await serve(rules.addDltTemplate, async ({ req, body }) => ok(await addDltTemplate(db, callerOf(req).companyId, body), 'DLT template added'));
  await serve(rules.removeDltTemplate, async ({ req, params }) => {
    await removeDltTemplate(db, callerOf(req).companyId, params.template_id);
    return ok(null, 'DLT template removed');
  });

  await serve(dnd.listDnd, async ({ req, query }) => ok(await listDnd(db, callerOf(req).companyId, query)));
  await serve(dnd.addDnd, async ({ req, body }) => {
    const { companyId, user } = callerOf(req);
    return ok(await addDnd(db, companyId, user.userId, body), 'Number added to the DND list');
  });
  await serve(dnd.removeDnd, async ({ req, params }) => {
    await removeDnd(db, callerOf(req).companyId, params.dnd_id);
    return ok(null, 'Number removed from the DND list');
  });
  await serve(dnd.uploadDnd, async ({ req, files: [upload] }) => {
    const { companyId, user } = callerOf(req);
    return ok(await uploadDnd(db, files, jobs, companyId, user.userId, upload), 'DND upload queued');
  });
  await serve(dnd.listDndUploads, async ({ req }) => ok({ uploads: await listDndUploads(db, callerOf(req).companyId) }));
  await serve(dnd.dndUploadErrorFile, async ({ req, reply, params }) => {
    const { fileName, csv } = await dndUploadErrorCsv(db, files, callerOf(req).companyId, params.upload_id);
    return sendDownload(reply, csv, { fileName, contentType: 'text/csv; charset=utf-8' });
  });
};
