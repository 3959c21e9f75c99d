/**
 * Which calling mode a user works in and which campaign it dials through
 * (spec 4 "Calling mode", spec 5 calling modes, spec 6 calling areas).
 *
 * A mode is usable when the user has write permission on its calling area (spec 6) AND the
 * company has the feature switched on in its settings (spec 5).
 */
import type { CompanySettings } from '../contracts/companies/companies';

export const CALLING_MODES = ['predictive', 'inbound', 'autodialer', 'click_to_call'] as const;
export type CallingMode = (typeof CALLING_MODES)[number];

/** One flag per calling mode. */
export type CallingModeFlags = Record<CallingMode, boolean>;

/** Labels used in toasts (spec 5). */
export const CALLING_MODE_LABELS: Record<CallingMode, string> = {
  autodialer: 'Autodialer Call',
  click_to_call: 'Click To Call',
  predictive: 'Predictive Call',
  inbound: 'Inbound Call',
};

/** Spec 5 error toast for a mode the company has not enabled: '{label} is not enabled in company settings'. */
export function callingModeNotEnabledMessage(mode: CallingMode): string {
  return `${CALLING_MODE_LABELS[mode]} is not enabled in company settings`;
}

/** The company's feature switches (spec 3 `*_enabled` settings) as calling-mode flags. */
export function enabledModesOf(
  settings: Pick<CompanySettings, 'predictive_enabled' | 'inbound_enabled' | 'autodialer_enabled' | 'click_to_call_enabled'>,
): CallingModeFlags {
  return {
    predictive: settings.predictive_enabled,
    inbound: settings.inbound_enabled,
    autodialer: settings.autodialer_enabled,
    click_to_call: settings.click_to_call_enabled,
  };
}

export interface CallingModeInput {
  isOperator: boolean;
  /** Telecalling supervisor or another supervisory user (spec 6). */
  isSupervisor: boolean;
  /** Write permission on each calling area (spec 6 `calling` module). */
  writable: CallingModeFlags;
  /** Company feature switch for each mode (spec 5). */
  enabled: CallingModeFlags;
  /** Dialer flag: the agent is logged into autodial (spec 3 "Dialer state"). */
  isAutoModeActive: boolean;
  /** Dialer flag: the agent is taking inbound calls. */
  isInboundActive: boolean;
}

/**
 * Spec 4 "Calling mode": picks the user's calling mode.
 *
 * A non-supervisor operator with more than one of predictive, inbound and autodialer usable keeps
 * the mode they are active in (autodialer when auto mode is active, else inbound when inbound is
 * active). Otherwise, and when neither is active, the first usable mode in the order predictive,
 * inbound, autodialer, click_to_call wins. An active mode that is not usable is ignored.
 * @returns the mode, or null when the user may use none.
 */
export function chooseCallingMode(input: CallingModeInput): CallingMode | null {
  const usable = (mode: CallingMode): boolean => input.writable[mode] && input.enabled[mode];
  const autoModes: CallingMode[] = ['predictive', 'inbound', 'autodialer'];
  if (input.isOperator && !input.isSupervisor && autoModes.filter(usable).length > 1) {
    if (input.isAutoModeActive && usable('autodialer')) return 'autodialer';
    if (input.isInboundActive && usable('inbound')) return 'inbound';
  }
  return CALLING_MODES.find(usable) ?? null;
}

export interface CampaignIds {
  /** The user's active campaign (spec 3 User.activeCampaign.campaign_id). */
  activeCampaignId: string | null;
  /** Company setting autodialer_campaign_id. */
  autodialerCampaignId: string | null;
  /** Company setting click_to_call_campaign_id. */
  clickToCallCampaignId: string | null;
}

/**
 * Spec 4: the campaign a call goes through: the active campaign for predictive and inbound, the
 * company's autodialer campaign for autodialer, otherwise (click to call, or no mode) the
 * click-to-call campaign. Null when that campaign is not configured.
 */
export function campaignIdFor(mode: CallingMode | null, ids: CampaignIds): string | null {
  switch (mode) {
    case 'predictive':
    case 'inbound':
      return ids.activeCampaignId;
    case 'autodialer':
      return ids.autodialerCampaignId;
    default:
      return ids.clickToCallCampaignId;
  }
}
