/**
 * i18n (react-i18next): English bundled, Hindi and Bahasa Indonesia loaded on demand (their chunks
 * are precached with the shell), and "English (RTL)" (spec 9 "RTL English offered"), which uses
 * the English texts under the bidi pseudo-locale `en-XB` and turns the page right-to-left.
 *
 * One `translation` namespace, assembled from parts: the kernel's shared sections
 * (src/web/locales/<lang>.json: app, common, errors, shell, home, …) and each area's own sections,
 * which its front door declares (`texts`, src/web/features/<area>/locales/). The parts are deep
 * merged; a leaf key lives in exactly one file (tests/unit/web/locales.test.ts), so keys never
 * change when texts move between areas.
 *
 * Core and desk texts (issue 4: the field route's first load stays small). An area's texts are
 * split in two: `<lang>.json`, the core texts (menu labels, sign-in, the field app, anything the
 * shell or an offline screen shows), and `<lang>-desk.json`, the texts only its desk pages show.
 * English core is in the entry chunk; each other language's core parts are one lazy chunk
 * (vite.config.ts merges them), precached. A language's desk parts are one lazy chunk fetched the
 * first time a desk page opens: the router loads desk routes through `deskPage`, which awaits
 * `loadDeskTexts()` with the page's chunk, so the page's first frame has its texts. From then on
 * the backend's `read()` adds the desk parts to every language it loads (a language switch on a
 * desk page). Desk chunks are emitted under `assets/lazy/` and not precached (vite.config.ts):
 * desk screens need the network anyway. tests/unit/web/locale-split.test.ts checks, over the
 * import graph, that no module outside the desk pages uses a desk text.
 */
import i18n from 'i18next';
import type { BackendModule, ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import kernelEn from '../locales/en.json';
import { mergeTexts, type AreaTexts, type LoadTexts, type Texts, type WebArea } from './area';
import { beforeAreasAdded, loadAllAreas, webAreas } from './areas';
import { applyDirection, LANGUAGES, saveLanguage, startLanguage } from './languages';
import { onLanguageChosen, setPlainLanguage } from './plain-texts';

/** The texts of the areas loaded so far (src/web/lib/areas.ts: the desk areas' join after the first screen). */
let areaTexts: readonly AreaTexts[] = textsOf(webAreas());

function textsOf(areas: readonly WebArea[]): AreaTexts[] {
  return areas.flatMap((area) => (area.texts ? [area.texts] : []));
}

/** English core: the kernel's and every loaded area's, bundled. */
let en = mergeTexts([kernelEn, ...areaTexts.map((texts) => texts.en)]);

/** The lazy core parts of a language other than English: the kernel's and the loaded areas'. */
function coreParts(language: string): readonly LoadTexts[] | undefined {
  if (language === 'hi') return [() => import('../locales/hi.json'), ...areaTexts.map((texts) => texts.hi)];
  if (language === 'id') return [() => import('../locales/id.json'), ...areaTexts.map((texts) => texts.id)];
  return undefined;
}

/** The desk parts of a language: every area's (desk texts are wanted only once every front door is loaded, `loadDeskTexts`). */
function deskParts(language: string): readonly LoadTexts[] | undefined {
  if (language !== 'en' && language !== 'hi' && language !== 'id') return undefined;
  return areaTexts.flatMap((area) => (area.desk ? [area.desk[language]] : []));
}

/** The parts, loaded together and merged. */
async function loadParts(parts: readonly LoadTexts[]): Promise<Texts> {
  return mergeTexts((await Promise.all(parts.map((load) => load()))).map((module) => module.default));
}

/** The texts a language code shows: `en-XB` (and any `en-*`) uses English. */
function textsLanguage(code: string): string {
  return code.startsWith('en') ? 'en' : code;
}

/** Set by the first `loadDeskTexts()`: from then on `read()` includes the desk part. */
let deskWanted = false;
/** One import per language's desk part; forgotten when it fails so a later page can retry. */
const deskImports = new Map<string, Promise<Texts>>();

function deskTexts(language: string): Promise<Texts> | null {
  const parts = deskParts(language);
  if (!parts) return null;
  let pending = deskImports.get(language);
  if (!pending) {
    pending = loadParts(parts);
    pending.catch(() => deskImports.delete(language));
    deskImports.set(language, pending);
  }
  return pending;
}

async function readTexts(code: string): Promise<Texts> {
  const language = textsLanguage(code);
  let known: readonly AreaTexts[] | null = null;
  let core: Texts = {};
  // Again when areas arrived meanwhile: the language is not in i18next's store yet, so the hook
  // below could not give it their texts.
  while (known !== areaTexts) {
    known = areaTexts;
    const parts = coreParts(language);
    core = language === 'en' ? en : parts ? await loadParts(parts) : {};
  }
  // Read after the core arrived: a desk page may have opened meanwhile.
  const desk = deskWanted ? deskTexts(language) : null;
  return desk ? mergeTexts([core, await desk]) : core;
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

/**
 * New front doors (the desk areas', loaded after the first screen): their core texts join English
 * core and every language i18next holds before the registry shows their menu entries. (Their desk
 * texts come later, with the first desk page: `loadDeskTexts` waits for every front door.)
 */
beforeAreasAdded(async (added) => {
  const texts = textsOf(added);
  if (texts.length === 0) return;
  areaTexts = [...areaTexts, ...texts];
  en = mergeTexts([en, ...texts.map((part) => part.en)]);
  for (const code of Object.keys(i18n.store?.data ?? {})) {
    const language = textsLanguage(code);
    const core = language === 'en' ? texts.map((part) => part.en) : (await Promise.all(texts.map((part) => part[language as 'hi' | 'id']?.()))).flatMap((module) => (module ? [module.default] : []));
    i18n.addResourceBundle(code, 'translation', mergeTexts(core), true, true);
  }
});

let deskReady: Promise<void> | null = null;

/**
 * Adds the desk texts of every area (their front doors are loaded first) to every language
 * i18next holds (English, the fallback, is always among them), once; later languages get them from `read()`. Resolves when they are in; rejects when a
 * chunk could not be fetched (a later call tries again).
 */
export function loadDeskTexts(): Promise<void> {
  deskReady ??= (async () => {
    // A desk page may show any area's desk texts: every area's front door first (src/web/lib/areas.ts).
    await loadAllAreas();
    deskWanted = true;
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

/** Initialises i18next once; resolves when the current language's texts are loaded. */
export function initI18n(): Promise<unknown> {
  i18n.on('languageChanged', applyDirection);
  i18n.on('languageChanged', saveLanguage);
  // The sign-in pages' texts (plain-texts.ts, no i18next) follow the app's language, and the app follows theirs.
  i18n.on('languageChanged', (code: string) => void setPlainLanguage(code));
  onLanguageChosen((code) => {
    if (i18n.language !== code) void i18n.changeLanguage(code);
  });
  return i18n
    .use(backend)
    .use(initReactI18next)
    .init({
      lng: startLanguage(),
      supportedLngs: LANGUAGES.map((l) => l.code),
      fallbackLng: 'en',
      load: 'currentOnly',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
}

export { i18n };
