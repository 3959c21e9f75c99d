/** Routes of settlements (issue 16), served from src/domain/contracts/settlements/settlements.ts. */
import * as s from '../../../domain/contracts/settlements/settlements';
import type { RouteGroup } from '../../http/area';
import { callerOf } from '../../http/caller';
import { sendDownload, sendStoredFile } from '../../http/downloads';
import { ok } from '../../http/envelope';
import { endpointServer } from '../../http/route';
import { canReadUnmasked } from '../portfolio/queries';
import { EXPORT_NOT_READY, exportFile, listExports, startExport } from './exports';
import { sendSettlementLetter, settlementLetterPdf } from './letter-send';
import { graceDays, listSettlements, proposeSettlement, saveGraceDays, settlementDetail } from './service';

export const settlementRoutes: RouteGroup = async (app, deps) => {
  const { db, clock, jobs, files } = deps;
  const serve = endpointServer(app, deps);
  const who = (req: Parameters<typeof callerOf>[0]) => {
    const c = callerOf(req);
    return { companyId: c.companyId, caller: { userId: c.user.userId, unmasked: canReadUnmasked(c.permissions) } };
  };

  await serve(s.proposeSettlement, async ({ req, body }) => {
    const { companyId, caller } = who(req);
    return ok(await proposeSettlement(db, companyId, caller, body, clock.now()), 'Settlement proposed for approval');
  });
  await serve(s.listSettlements, async ({ req, query }) => {
    const { companyId, caller } = who(req);
    return ok(await listSettlements(db, companyId, caller, query, clock.now()));
  });
  await serve(s.getSettlement, async ({ req, params }) => {
    const { companyId, caller } = who(req);
    return ok(await settlementDetail(db, companyId, caller, params.settlement_id, clock.now()));
  });
  await serve(s.settlementLetter, async ({ req, reply, params, query }) => {
    const { companyId, caller } = who(req);
    const letter = await settlementLetterPdf(db, companyId, params.settlement_id, { language: query.language, unmasked: caller.unmasked, now: clock.now() });
    return sendDownload(reply, letter.pdf, { fileName: letter.fileName, contentType: 'application/pdf' });
  });
  await serve(s.sendSettlementLetter, async ({ req, params, body, idempotency }) => {
    const { companyId, caller } = who(req);
    const sent = await sendSettlementLetter(idempotency!.tx, deps.config, companyId, caller.userId, params.settlement_id, body, clock.now());
    return ok(sent, sent.outcome === 'sent' ? 'Settlement letter sent' : sent.outcome === 'blocked' ? `Settlement letter not sent: ${sent.reasons.join('; ')}` : 'Settlement letter could not be sent');
  });
  await serve(s.getSettlementSettings, async ({ req }) => ok({ grace_days: await graceDays(db, callerOf(req).companyId) }));
  await serve(s.saveSettlementSettings, async ({ req, body }) => ok(await saveGraceDays(db, callerOf(req).companyId, body.grace_days), 'Settings saved'));
  await serve(s.startSettlementExport, async ({ req, body }) => {
    const { companyId, caller } = who(req);
    return ok(await startExport(db, jobs, companyId, caller, body, clock.now()), 'Export started');
  });
  await serve(s.listSettlementExports, async ({ req }) => ok({ exports: await listExports(db, callerOf(req).companyId) }));
  await serve(s.settlementExportFile, async ({ req, reply, params }) => {
    const { companyId, caller } = who(req);
    const file = await exportFile(db, companyId, params.export_id, caller.unmasked);
    return sendStoredFile(reply, files, { key: file.key, fileName: file.fileName, contentType: 'text/csv; charset=utf-8' }, EXPORT_NOT_READY);
  });
};
