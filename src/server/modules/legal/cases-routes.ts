/** Routes of litigation cases (issue 17), served from src/domain/contracts/legal/cases.ts. */
import * as c from '../../../domain/contracts/legal/cases';
import type { RouteGroup } from '../../http/area';
import { callerOf } from '../../http/caller';
import { ok } from '../../http/envelope';
import { endpointServer } from '../../http/route';
import { canReadUnmasked } from '../portfolio/queries';
import { createCase, listAdvocates, listCases, updateCase, type CaseCaller } from './cases-service';

export const caseRoutes: RouteGroup = async (app, deps) => {
  const { db, clock } = deps;
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
  await serve(c.listAdvocates, async ({ req }) => ok({ advocates: await listAdvocates(db, callerOf(req).companyId) }));
};
