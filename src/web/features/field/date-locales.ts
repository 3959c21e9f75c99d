/**
 * The date words and patterns of the field screens' languages other than English (date-fns
 * locales). The field area's front door adds each with that language's texts (the locale is
 * bundled into the language's chunk, `assets/hi.js` / `assets/id.js`, and this module into the
 * `date-fns` chunk: vite.config.ts), so `formatWhen` (format.ts) has it before the first render in
 * that language. English is bundled in format.ts. No imports (and no dynamic ones, which would
 * move Vite's preload helper into the date-fns chunk and onto the sign-in page).
 */
import type { Locale } from 'date-fns';

const added = new Map<string, Locale>();

/** The date-fns locale of a UI language, or undefined (English, or not loaded yet). */
export function dateLocale(language: string): Locale | undefined {
  return added.get(language);
}

/** Makes `locale` the date words and patterns of `language` ('hi', 'id'). */
export function addDateLocale(language: string, locale: Locale): void {
  added.set(language, locale);
}
