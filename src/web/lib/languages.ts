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

/** Text direction of a language code: only the RTL English option is right-to-left. */
export function directionOf(code: string): 'ltr' | 'rtl' {
  return code === 'en-XB' ? 'rtl' : 'ltr';
}
