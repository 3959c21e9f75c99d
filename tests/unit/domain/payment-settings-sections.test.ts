/** Payment settings section rules (issue 15; spec 3 sections, spec 5 payment-setting text rule). */
import { describe, expect, it } from 'vitest';
import { SETTINGS_SECTION_NAMES, sectionDefaults, sectionProblem, settingTextProblem, textFormatProblem } from '../../../src/domain/payments/settings-sections';

const SPECIAL = 'Special characters not allowed at the start or end.';

describe('payment settings sections', () => {
  it('refuse a text starting or ending with a comma or a period, and markup; empty passes', () => {
    for (const bad of [',Fee', '.Fee', 'Fee,', 'Fee.', '  Fee.  ']) expect(settingTextProblem(bad), bad).toBe(SPECIAL);
    expect(settingTextProblem('Fee, incl. GST')).toBeNull();
    expect(settingTextProblem('')).toBeNull();
    expect(settingTextProblem('<b>Fee</b>')).toBe('Text must not contain markup tags');
  });

  it("default every flag to the string 'true' or 'false' and every section to a valid one", () => {
    for (const s of SETTINGS_SECTION_NAMES) {
      const d = sectionDefaults(s) as Record<string, unknown>;
      for (const [k, v] of Object.entries(d)) if (k.startsWith('is_') || k.endsWith('_allowed')) expect(['true', 'false'], `${s}.${k}`).toContain(v);
      expect(sectionProblem(s, d), s).toBeNull();
    }
  });

  it('check formats and rules across fields', () => {
    expect(textFormatProblem('vpa', 'lender@icici')).toBeNull();
    expect(textFormatProblem('vpa', 'lender icici')).not.toBeNull();
    expect(textFormatProblem('https_url', 'https://lender.example.in/cb')).toBeNull();
    expect(textFormatProblem('https_url', 'http://lender.example.in/cb')).toBe('Type an https:// URL');
    expect(sectionProblem('backend_charges', { charge_unit: 'percentage', charge_value: 10_001 })).toEqual({ field: 'charge_value', message: 'A percentage charge cannot exceed 100%' });
    expect(sectionProblem('backend_charges', { charge_unit: 'amount', charge_value: 10_001 })).toBeNull();
    expect(sectionProblem('upi_collect_configurations', { is_active: 'true', merchant_vpa: '' })?.field).toBe('merchant_vpa');
  });
});
