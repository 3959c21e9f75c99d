/**
 * i18n (react-i18next): English bundled, Hindi and Bahasa Indonesia loaded on demand (their chunks
 * are precached with the shell), and "English (RTL)" (spec 9 "RTL English offered"), which uses
 * the English texts under the bidi pseudo-locale `en-XB` and turns the page right-to-left.
 */
import i18n from 'i18next';
import type { BackendModule, ReadCallback } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';

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

const lazyLocales: Record<string, () => Promise<{ default: Record<string, unknown> }>> = {
  hi: () => import('../locales/hi.json'),
  id: () => import('../locales/id.json'),
};

const backend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, _namespace: string, callback: ReadCallback) {
    const load = lazyLocales[language];
    if (!load) {
      callback(null, language.startsWith('en') ? en : {});
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

function applyDirection(code: string): void {
  document.documentElement.lang = code === 'en-XB' ? 'en' : code;
  document.documentElement.dir = directionOf(code);
}

/** Initialises i18next once; resolves when the current language's texts are loaded. */
export function initI18n(): Promise<unknown> {
  i18n.on('languageChanged', applyDirection);
  return i18n
    .use(backend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      supportedLngs: LANGUAGES.map((l) => l.code),
      fallbackLng: 'en',
      load: 'currentOnly',
      interpolation: { escapeValue: false },
      detection: { order: ['localStorage', 'navigator'], caches: ['localStorage'], lookupLocalStorage: 'i18nextLng' },
      react: { useSuspense: true },
    });
}

export { i18n };
