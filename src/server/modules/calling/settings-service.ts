/**
 * A company's calling settings (issue 14): made with defaults on first use — the local telephony
 * simulator, a random callback secret, a caller-id pool, the default dispositions — and the
 * caller's calling mode from their permissions and the company's switches (spec 4).
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { CallingMode, CallingModeFlags } from '../../../domain/calling/calling-mode';
import { CALLING_MODES, campaignIdFor, chooseCallingMode, enabledModesOf } from '../../../domain/calling/calling-mode';
import { isSupervisory } from '../../../domain/calling/campaigns';
import { DEFAULT_DISPOSITIONS } from '../../../domain/calling/dispositions';
import type { BreakType } from '../../../domain/calling/breaks';
import { countryTimeZone } from '../../../domain/common/dates';
import type { CallingSettings } from '../../../domain/contracts/calling/calls';
import { hasPermission } from '../../../domain/users/permissions';
import type { Db, DbOrTx } from '../../db/client';
import type { Caller } from '../../http/caller';
import { getCompany } from '../companies/queries';
import { callingAgentStatus, callingCampaigns, callingSettings } from './schema';

export type SettingsRow = typeof callingSettings.$inferSelect;

/** Demo caller ids (virtual numbers) by country. */
const POOLS: Record<string, string[]> = { INDIA: ['08047181001', '08047181002', '08047181003'], INDONESIA: ['02150851001', '02150851002'] };

/** The company's calling settings, created with defaults when missing. */
export async function settingsOf(db: DbOrTx, companyId: string, country = 'INDIA'): Promise<SettingsRow> {
  const [row] = await db.select().from(callingSettings).where(eq(callingSettings.companyId, companyId));
  if (row) return row;
  await db
    .insert(callingSettings)
    .values({ companyId, callbackSecret: randomBytes(24).toString('base64url'), callerIds: POOLS[country] ?? POOLS.INDIA, dispositions: [...DEFAULT_DISPOSITIONS] })
    .onConflictDoNothing();
  const [made] = await db.select().from(callingSettings).where(eq(callingSettings.companyId, companyId));
  return made;
}

/** What the caller may dial with: write permission per mode (spec 6) and the company's switches (spec 5). */
export interface CallerModes {
  mode: CallingMode | null;
  writable: CallingModeFlags;
  enabled: CallingModeFlags;
  campaignId: string | null;
  /** The campaign of the caller's autodial session (spec 3 activeCampaign), null when not logged in. */
  autodialCampaignId: string | null;
  /** The campaign a call in `mode` goes through (spec 4). */
  campaignFor(mode: CallingMode): string | null;
  country: string;
  zone: { zone: string; offsetMinutes: number };
  currency: 'INR' | 'IDR';
  breaks: { break_name: string; break_type: BreakType; break_duration: number }[];
}

/** The caller's calling mode and the company facts the desk needs. */
export async function callerModes(db: Db, caller: Caller): Promise<CallerModes> {
  const [company, [agent]] = await Promise.all([
    getCompany(db, caller.companyId),
    db
      .select({ active: callingAgentStatus.autodialActive, campaignId: callingAgentStatus.campaignId, campaignMode: callingCampaigns.mode })
      .from(callingAgentStatus)
      .leftJoin(callingCampaigns, eq(callingCampaigns.campaignId, callingAgentStatus.campaignId))
      .where(and(eq(callingAgentStatus.companyId, caller.companyId), eq(callingAgentStatus.userId, caller.user.userId))),
  ]);
  const autodialCampaignId = agent?.active ? agent.campaignId : null;
  const writable = Object.fromEntries(CALLING_MODES.map((m) => [m, hasPermission(caller.permissions, { module: 'calling', action: m, access: 'write' })])) as CallingModeFlags;
  const enabled = enabledModesOf(company);
  const mode = chooseCallingMode({
    isOperator: caller.user.isOperator,
    isSupervisor: caller.user.profession === 'telecalling supervisor',
    writable,
    enabled,
    // A session on an inbound campaign is inbound mode; on another campaign (spec 4 autodial login), auto mode.
    isAutoModeActive: autodialCampaignId !== null && agent?.campaignMode !== 'inbound',
    isInboundActive: autodialCampaignId !== null && agent?.campaignMode === 'inbound',
  });
  const ids = { activeCampaignId: autodialCampaignId, autodialerCampaignId: company.autodialer_campaign_id, clickToCallCampaignId: company.click_to_call_campaign_id };
  // An in-house autodial session dials through its own campaign rather than the organisation's.
  const campaignFor = (m: CallingMode | null) => (m === 'autodialer' && autodialCampaignId ? autodialCampaignId : campaignIdFor(m, ids));
  const campaignId = campaignFor(mode);
  // Spec 3: predictive_breaks and inbound_breaks, keyed by break name; one list on the desk.
  const breaks = new Map<string, CallerModes['breaks'][number]>();
  for (const [name, b] of [...Object.entries(company.predictive_breaks ?? {}), ...Object.entries(company.inbound_breaks ?? {})]) {
    if (!breaks.has(name)) breaks.set(name, { break_name: name, break_type: b.break_type, break_duration: b.break_duration });
  }
  return { mode, writable, enabled, campaignId, autodialCampaignId, campaignFor, country: company.country, zone: countryTimeZone(company.country), currency: company.country_currency_code === 'IDR' ? 'IDR' : 'INR', breaks: [...breaks.values()] };
}

/** GET /calling/settings. */
export async function deskSettings(db: Db, caller: Caller): Promise<CallingSettings> {
  const modes = await callerModes(db, caller);
  const settings = await settingsOf(db, caller.companyId, modes.country);
  return {
    mode: modes.mode,
    enabled_modes: CALLING_MODES.filter((m) => modes.enabled[m]),
    campaign_id: modes.campaignId,
    provider: settings.provider,
    dispositions: settings.dispositions,
    breaks: modes.breaks,
    currency: modes.currency,
    supervisor: isSupervisory(caller.user),
  };
}
