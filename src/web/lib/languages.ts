/**
 * The app's languages (spec 9): English, Hindi, Bahasa Indonesia and "English (RTL)", the bidi
 * pseudo-locale `en-XB`. Apart from the i18n loader (i18n.ts), which carries every area's texts,
 * so the language picker of the sign-in pages (a lazy chunk) does not pull the area registry out
 * of the entry chunk.
 */
export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'hi', label: 'हिन्दी' },
  { code: 'id', label: 'Bahasa Indonesia' },
  { code: 'en-XB', label: 'English (RTL)' },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]['code'];

/** The language the server words its reasons in (en, hi, id): the screen's, where the server has it. */
export const reasonLanguage = (lng: string): 'en' | 'hi' | 'id' => (lng === 'hi' || lng === 'id' ? lng : 'en');

/** Text direction of a language code: only the RTL English option is right-to-left. */
export function directionOf(code: string): 'ltr' | 'rtl' {
  return code === 'en-XB' ? 'rtl' : 'ltr';
}

/** Where the chosen language is kept (localStorage; the key older versions and i18next used). */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

/**
 * The language the app starts in: the one saved on this device, else the first of the browser's
 * preferred languages the app offers (exactly, or by its base: 'hi-IN' → 'hi'), else English.
 * Ten lines instead of i18next-browser-languagedetector (2.2 KB gzipped in every phone's first load,
 * issue 18) for the two sources the app uses.
 * @param saved the saved code (null when none)
 * @param preferred the browser's languages, most preferred first (`navigator.languages`)
 */
export function detectLanguage(saved: string | null, preferred: readonly string[]): LanguageCode {
  const offered = (code: string) => LANGUAGES.find((l) => l.code.toLowerCase() === code.toLowerCase())?.code;
  const savedCode = saved ? offered(saved) : undefined;
  if (savedCode) return savedCode;
  for (const code of preferred) {
    const match = offered(code) ?? offered(code.split('-')[0]);
    if (match) return match;
  }
  return 'en';
}

/** The saved language code (null when none, or when storage is unavailable, e.g. some private modes). */
export function savedLanguage(): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Keeps the chosen language for the next visit (not kept when storage is unavailable: the next visit detects it again). */
export function saveLanguage(code: string): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, code);
  } catch {
    // Not kept.
  }
}

/** The language this page starts in: the saved one, else the browser's (detectLanguage). */
export function startLanguage(): LanguageCode {
  return detectLanguage(savedLanguage(), typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]));
}

/** Sets the page's `lang` and `dir` for a language code (`en-XB` is English, right-to-left). */
export function applyDirection(code: string): void {
  document.documentElement.lang = code === 'en-XB' ? 'en' : code;
  document.documentElement.dir = directionOf(code);
}
