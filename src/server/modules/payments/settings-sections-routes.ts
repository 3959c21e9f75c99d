/**
 * Payment settings sections and billers routes (issue 15; spec 3), served from
 * src/domain/contracts/payments/settings-sections.ts.
 */
import * as c from '../../../domain/contracts/payments/settings-sections';
import { SETTINGS_SECTION_NAMES, type SectionValues, type SettingsSectionName } from '../../../domain/payments/settings-sections';
import type { RouteGroup } from '../../http/area';
import { callerOf } from '../../http/caller';
import { ok } from '../../http/envelope';
import { endpointServer } from '../../http/route';
import { createBiller, listBillers, listSettingsSections, putSettingsSection, updateBiller } from './settings-sections-service';

export const settingsSectionRoutes: RouteGroup = async (app, deps) => {
  const { db, clock } = deps;
  const serve = endpointServer(app, deps);
  await serve(c.getPaymentSettings, async ({ req }) => ok(await listSettingsSections(db, callerOf(req).companyId)));
  const putOne = async <S extends SettingsSectionName>(section: S) => {
    await serve(c.putSettingsSection[section], async ({ req, body }) => {
      const { companyId, user } = callerOf(req);
      return ok(await putSettingsSection(db, companyId, user.userId, section, body as SectionValues<S>, clock.now()), 'Payment settings saved');
    });
  };
  for (const section of SETTINGS_SECTION_NAMES) await putOne(section);

  await serve(c.listBillers, async ({ req, query }) => ok({ billers: await listBillers(db, callerOf(req).companyId, query.is_active) }));
  await serve(c.createBiller, async ({ req, body }) => ok(await createBiller(db, callerOf(req).companyId, body, clock.now()), 'Biller added'));
  await serve(c.updateBiller, async ({ req, params, body }) => ok(await updateBiller(db, callerOf(req).companyId, params.biller_id, body, clock.now()), 'Biller saved'));
};
