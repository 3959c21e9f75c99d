/**
 * The date words and patterns of the field screens' languages other than English (date-fns
 * locales), loaded with that language's texts by the field area's front door, so `formatWhen`
 * (format.ts) has them before the first render in that language. English is bundled in format.ts.
 */
import type { Locale } from 'date-fns';

const loaded = new Map<string, Locale>();

/** The loaded date-fns locale of a UI language, or undefined (English, or not loaded yet). */
export function dateLocale(language: string): Locale | undefined {
  return loaded.get(language);
}

/**
 * Loads the date-fns locale of Hindi or Bahasa Indonesia (a lazy chunk each).
 * @throws when the chunk cannot be fetched (offline before the service worker cached it)
 */
export async function loadDateLocale(language: 'hi' | 'id'): Promise<void> {
  const locale = language === 'hi' ? (await import('date-fns/locale/hi')).hi : (await import('date-fns/locale/id')).id;
  loaded.set(language, locale);
}
