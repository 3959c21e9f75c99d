import { describe, expect, it } from 'vitest';
import {
  CALLING_MODE_LABELS,
  callingModeNotEnabledMessage,
  campaignIdFor,
  chooseCallingMode,
  enabledModesOf,
} from '../../../src/domain/calling/calling-mode';
import type { CallingModeFlags, CallingModeInput } from '../../../src/domain/calling/calling-mode';
import { breakSeconds, formatCountdown, isProductiveBreak } from '../../../src/domain/calling/breaks';

const none: CallingModeFlags = { predictive: false, inbound: false, autodialer: false, click_to_call: false };
const all: CallingModeFlags = { predictive: true, inbound: true, autodialer: true, click_to_call: true };
const input = (over: Partial<CallingModeInput>): CallingModeInput => ({
  isOperator: false,
  isSupervisor: false,
  writable: all,
  enabled: all,
  isAutoModeActive: false,
  isInboundActive: false,
  ...over,
});

describe('chooseCallingMode (spec 4 "Calling mode")', () => {
  it('uses priority predictive, inbound, autodialer, click_to_call', () => {
    expect(chooseCallingMode(input({}))).toBe('predictive');
    expect(chooseCallingMode(input({ writable: { ...all, predictive: false } }))).toBe('inbound');
    expect(chooseCallingMode(input({ enabled: { ...all, predictive: false, inbound: false } }))).toBe('autodialer');
    expect(chooseCallingMode(input({ writable: { ...none, click_to_call: true } }))).toBe('click_to_call');
  });
  it('needs both write permission and the company switch', () => {
    expect(chooseCallingMode(input({ writable: { ...none, predictive: true }, enabled: { ...none, inbound: true } }))).toBeNull();
    expect(chooseCallingMode(input({ writable: none }))).toBeNull();
    expect(chooseCallingMode(input({ enabled: none }))).toBeNull();
  });
  it('keeps an operator in the auto mode they are active in when several auto modes are usable', () => {
    const operator = { isOperator: true, isSupervisor: false };
    expect(chooseCallingMode(input({ ...operator, isAutoModeActive: true }))).toBe('autodialer');
    expect(chooseCallingMode(input({ ...operator, isInboundActive: true }))).toBe('inbound');
    expect(chooseCallingMode(input({ ...operator, isAutoModeActive: true, isInboundActive: true }))).toBe('autodialer');
    expect(chooseCallingMode(input({ ...operator }))).toBe('predictive');
  });
  it('ignores the active flags for supervisors, non-operators and operators with a single auto mode', () => {
    expect(chooseCallingMode(input({ isOperator: true, isSupervisor: true, isAutoModeActive: true }))).toBe('predictive');
    expect(chooseCallingMode(input({ isOperator: false, isInboundActive: true }))).toBe('predictive');
    const single = { ...none, predictive: true, click_to_call: true };
    expect(chooseCallingMode(input({ isOperator: true, writable: single, isInboundActive: true }))).toBe('predictive');
  });
  it('does not pick an active mode the user may not use', () => {
    const noAutodialer = { ...all, autodialer: false };
    expect(chooseCallingMode(input({ isOperator: true, enabled: noAutodialer, isAutoModeActive: true }))).toBe('predictive');
  });
});

describe('campaignIdFor (spec 4)', () => {
  const ids = { activeCampaignId: 'active-1', autodialerCampaignId: 'auto-1', clickToCallCampaignId: 'c2c-1' };
  it('uses the active campaign for predictive and inbound', () => {
    expect(campaignIdFor('predictive', ids)).toBe('active-1');
    expect(campaignIdFor('inbound', ids)).toBe('active-1');
  });
  it('uses the company autodialer campaign for autodialer and click-to-call otherwise', () => {
    expect(campaignIdFor('autodialer', ids)).toBe('auto-1');
    expect(campaignIdFor('click_to_call', ids)).toBe('c2c-1');
    expect(campaignIdFor(null, ids)).toBe('c2c-1');
  });
});

describe('calling mode labels and messages (spec 5)', () => {
  it('names each mode as the spec does', () => {
    expect(CALLING_MODE_LABELS).toEqual({
      autodialer: 'Autodialer Call',
      click_to_call: 'Click To Call',
      predictive: 'Predictive Call',
      inbound: 'Inbound Call',
    });
    expect(callingModeNotEnabledMessage('autodialer')).toBe('Autodialer Call is not enabled in company settings');
    expect(callingModeNotEnabledMessage('click_to_call')).toBe('Click To Call is not enabled in company settings');
    expect(callingModeNotEnabledMessage('predictive')).toBe('Predictive Call is not enabled in company settings');
    expect(callingModeNotEnabledMessage('inbound')).toBe('Inbound Call is not enabled in company settings');
  });
  it('reads the company switches from settings', () => {
    expect(
      enabledModesOf({ predictive_enabled: true, inbound_enabled: false, autodialer_enabled: true, click_to_call_enabled: false }),
    ).toEqual({ predictive: true, inbound: false, autodialer: true, click_to_call: false });
  });
});

describe('breaks (spec 4, spec 9)', () => {
  it('converts minutes to seconds', () => {
    expect(breakSeconds(15)).toBe(900);
    expect(breakSeconds(0.5)).toBe(30);
    expect(breakSeconds(-1)).toBe(0);
  });
  it('shows the countdown as HH:MM:SS', () => {
    expect(formatCountdown(900)).toBe('00:15:00');
    expect(formatCountdown(3725)).toBe('01:02:05');
    expect(formatCountdown(59.9)).toBe('00:00:59');
    expect(formatCountdown(0)).toBe('00:00:00');
    expect(formatCountdown(-3)).toBe('00:00:00');
    expect(formatCountdown(100 * 3600)).toBe('100:00:00');
  });
  it('tells productive breaks apart', () => {
    expect(isProductiveBreak('productive_break')).toBe(true);
    expect(isProductiveBreak('non-productive_break')).toBe(false);
  });
});
