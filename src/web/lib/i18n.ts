/**
 * i18n (react-i18next): English bundled, Hindi and Bahasa Indonesia loaded on demand (their chunks
 * are precached with the shell), and "English (RTL)" (spec 9 "RTL English offered"), which uses
 * the English texts under the bidi pseudo-locale `en-XB` and turns the page right-to-left.
 *
 * Core and desk texts (issue 4: the field route's first load stays small). Each language is split
 * in two files: `<lang>.json`, the core texts (shell, sign-in, home, field app, shared), and
 * `<lang>-desk.json`, the texts only the desk screens show (allocation, verification queue,
 * tracking, dashboards, bulk operations, portfolio, users and company settings), about 33 of
 * English's 48 KB of JSON (the field route's JS before usable went from 256.0 to 248.7 KB gzipped,
 * tests/bench/field-route.ts). English core is in the entry chunk; a desk part is a lazy chunk fetched the
 * first time a desk page opens: the router wraps those pages' lazy imports in `deskPage`, which
 * awaits `loadDeskTexts()` with the page's chunk, so the page's first frame has its texts. From
 * then on the backend's `read()` adds the desk part to every language it loads (a language switch
 * on a desk page). Desk chunks are emitted under `assets/lazy/` and not precached (vite.config.ts):
 * desk screens need the network anyway. tests/unit/web/locale-split.test.ts checks, over the
 * import graph, that no module outside the desk pages uses a desk text.
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

type Texts = Record<string, unknown>;
type LoadTexts = () => Promise<{ default: Texts }>;

const coreLocales: Record<string, LoadTexts> = {
  hi: () => import('../locales/hi.json'),
  id: () => import('../locales/id.json'),
};
const deskLocales: Record<string, LoadTexts> = {
  en: () => import('../locales/en-desk.json'),
  hi: () => import('../locales/hi-desk.json'),
  id: () => import('../locales/id-desk.json'),
};

/** The texts a language code shows: `en-XB` (and any `en-*`) uses English. */
function textsLanguage(code: string): string {
  return code.startsWith('en') ? 'en' : code;
}

/** Set by the first `loadDeskTexts()`: from then on `read()` includes the desk part. */
let deskWanted = false;
/** One import per language's desk part; forgotten when it fails so a later page can retry. */
const deskImports = new Map<string, Promise<Texts>>();

function deskTexts(language: string): Promise<Texts> | null {
  const load = deskLocales[language];
  if (!load) return null;
  let pending = deskImports.get(language);
  if (!pending) {
    pending = load().then((module) => module.default);
    pending.catch(() => deskImports.delete(language));
    deskImports.set(language, pending);
  }
  return pending;
}

/** `core` with `desk` merged in, as new objects (the two share sections such as `tracking`). */
function merged(core: Texts, desk: Texts): Texts {
  const out: Texts = { ...core };
  for (const [key, value] of Object.entries(desk)) {
    const mine = out[key];
    const isTree = (v: unknown): v is Texts => typeof v === 'object' && v !== null;
    out[key] = isTree(mine) && isTree(value) ? merged(mine, value) : value;
  }
  return out;
}

async function readTexts(code: string): Promise<Texts> {
  const language = textsLanguage(code);
  const core = language === 'en' ? en : ((await coreLocales[language]?.())?.default ?? {});
  // Read after the core arrived: a desk page may have opened meanwhile.
  const desk = deskWanted ? deskTexts(language) : null;
  return desk ? merged(core, await desk) : core;
}

const backend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, _namespace: string, callback: ReadCallback) {
    if (textsLanguage(language) === 'en' && !deskWanted) {
      // Synchronous, so the first render does not wait for a microtask round.
      callback(null, en);
      return;
    }
    readTexts(language).then(
      (texts) => callback(null, texts),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

let deskReady: Promise<void> | null = null;

/**
 * Adds the desk texts to every language i18next holds (English, the fallback, is always among
 * them), once; later languages get them from `read()`. Resolves when they are in; rejects when a
 * chunk could not be fetched (a later call tries again).
 */
export function loadDeskTexts(): Promise<void> {
  deskWanted = true;
  deskReady ??= (async () => {
    await Promise.all(['en', textsLanguage(i18n.language ?? 'en')].map(deskTexts));
    // The store's languages are read after the imports: one may have been loaded meanwhile.
    for (const code of Object.keys(i18n.store?.data ?? {})) {
      const desk = deskTexts(textsLanguage(code));
      if (desk) i18n.addResourceBundle(code, 'translation', await desk, true, true);
    }
  })().catch((error: unknown) => {
    deskReady = null;
    throw error;
  });
  return deskReady;
}

/**
 * A desk page's lazy loader that also loads the desk texts: `lazy(deskPage(() => import('…')))`.
 * @param load the page's dynamic import
 */
export function deskPage<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadDeskTexts()]).then(([page]) => page);
}

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
