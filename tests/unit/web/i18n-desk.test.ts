/**
 * Desk texts on demand (src/web/lib/i18n.ts, issue 4): English starts without the desk part, a
 * desk page's loader (`deskPage`) brings it in before the page renders, and a language switch
 * afterwards, to a new language or to one loaded before, has the desk texts too. i18next runs for
 * real (the JSON imports as Vite would load them); the page only needs `document.documentElement`.
 */
import { beforeAll, describe, expect, it } from 'vitest';

// The only DOM the module touches (lang and dir on <html>).
const html = { lang: '', dir: '' };
(globalThis as { document?: unknown }).document ??= { documentElement: html };

const { deskPage, i18n, initI18n, loadDeskTexts } = await import('../../../src/web/lib/i18n');

const DESK_KEY = 'loans.export';
const CORE_KEY_IN_SPLIT_SECTION = 'tracking.duty.label';
const DESK_KEY_IN_SPLIT_SECTION = 'tracking.title';

describe('desk texts', () => {
  beforeAll(async () => {
    await initI18n();
    await i18n.changeLanguage('en');
    await i18n.changeLanguage('id'); // loaded before the desk texts: must get them later too
    await i18n.changeLanguage('en');
  });

  it('are not there before a desk page opens; the core texts are', () => {
    expect(i18n.exists(CORE_KEY_IN_SPLIT_SECTION)).toBe(true);
    expect(i18n.exists(DESK_KEY)).toBe(false);
    expect(i18n.exists(DESK_KEY_IN_SPLIT_SECTION)).toBe(false);
  });

  it('arrive with the desk page, which resolves to the page module', async () => {
    const page = { default: () => null };
    await expect(deskPage(() => Promise.resolve(page))()).resolves.toBe(page);
    expect(i18n.t(DESK_KEY)).not.toBe(DESK_KEY);
    expect(i18n.exists(DESK_KEY_IN_SPLIT_SECTION)).toBe(true);
    expect(i18n.exists(CORE_KEY_IN_SPLIT_SECTION)).toBe(true);
  });

  it('are in every language switched to afterwards, including one loaded before', async () => {
    const english = i18n.t(DESK_KEY);
    for (const lng of ['hi', 'id', 'en-XB']) {
      await i18n.changeLanguage(lng);
      expect(i18n.exists(DESK_KEY, { lng, fallbackLng: false }), lng).toBe(true);
      expect(i18n.exists(CORE_KEY_IN_SPLIT_SECTION, { lng, fallbackLng: false }), lng).toBe(true);
      expect(i18n.exists(DESK_KEY_IN_SPLIT_SECTION, { lng, fallbackLng: false }), lng).toBe(true);
    }
    await i18n.changeLanguage('hi');
    expect(i18n.t(DESK_KEY)).not.toBe(english);
    expect(html.dir).toBe('ltr');
  });

  it('are loaded once', async () => {
    expect(loadDeskTexts()).toBe(loadDeskTexts());
    await loadDeskTexts();
  });
});
