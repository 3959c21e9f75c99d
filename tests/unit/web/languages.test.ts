import { describe, expect, it } from 'vitest';
import { detectLanguage } from '../../../src/web/lib/languages';

describe('the language the app starts in (spec 9 languages)', () => {
  it('keeps the language chosen on this device', () => {
    expect(detectLanguage('hi', ['en-US'])).toBe('hi');
    expect(detectLanguage('en-XB', ['hi-IN'])).toBe('en-XB');
  });

  it("otherwise follows the phone's languages, by exact code or by base ('hi-IN' is Hindi, 'id-ID' Bahasa)", () => {
    expect(detectLanguage(null, ['hi-IN', 'en-IN'])).toBe('hi');
    expect(detectLanguage(null, ['id-ID'])).toBe('id');
    expect(detectLanguage(null, ['ta-IN', 'id'])).toBe('id');
  });

  it('falls back to English for languages the app does not offer, or a saved value it no longer knows', () => {
    expect(detectLanguage(null, ['ta-IN', 'fr'])).toBe('en');
    expect(detectLanguage('xx', [])).toBe('en');
  });
});
