/**
 * Texts without i18next (issue 18: the sign-in page ≤ 120 KB gzipped before it works): the sign-in
 * screens read their texts here, so `/login` renders before i18next (~17 KB gzipped), TanStack
 * Query and the rest of the app arrive (app/main.tsx). The texts are the same files i18n.ts loads:
 * the kernel's core texts and the loaded areas' (English bundled in the `en` locale chunk, Hindi and
 * Bahasa their precached chunks, fetched when chosen), so a key lives in one place.
 *
 * One language for the page, kept in step with i18next once the app runs: i18n.ts calls
 * `setPlainLanguage` when the app's language changes and listens to `onLanguageChosen`, which a
 * choice made here (the sign-in pages' language picker) announces.
 *
 * `t(key, values)`: the key's text in the current language, else English, else `values.defaultValue`,
 * else the key; `{{name}}` is replaced by `values.name` (i18next's default syntax, not escaped, as
 * i18n.ts sets `escapeValue: false`; React escapes).
 */
import { useSyncExternalStore } from 'react';
import kernelEn from '../locales/en.json';
import { mergeTexts, type Texts } from './area';
import { webAreas } from './areas';
import { applyDirection, saveLanguage, startLanguage } from './languages';

/** Values of a text: `{{name}}` placeholders, and the text to show when the key has none. */
export type TextValues = { defaultValue?: string } & Record<string, string | number | undefined>;
export type Translate = (key: string, values?: TextValues) => string;

/** The texts a language code shows: `en-XB` (and any `en-*`) uses English. */
const textsLanguage = (code: string) => (code.startsWith('en') ? 'en' : code);

/** Core texts by texts language, once loaded. */
const loaded = new Map<string, Texts>();
const pending = new Map<string, Promise<Texts>>();

function englishTexts(): Texts {
  let en = loaded.get('en');
  if (!en) {
    en = mergeTexts([kernelEn, ...webAreas().flatMap((area) => (area.texts ? [area.texts.en] : []))]);
    loaded.set('en', en);
  }
  return en;
}

/** The core texts of a language (the kernel's and the loaded areas'): English at once, Hindi and Bahasa from their chunks. */
function loadTexts(language: string): Promise<Texts> {
  if (language === 'en' || (language !== 'hi' && language !== 'id')) return Promise.resolve(englishTexts());
  const known = loaded.get(language);
  if (known) return Promise.resolve(known);
  let loading = pending.get(language);
  if (!loading) {
    const kernel = language === 'hi' ? import('../locales/hi.json') : import('../locales/id.json');
    const parts = webAreas().flatMap((area) => (area.texts ? [area.texts[language]()] : []));
    loading = Promise.all([kernel, ...parts]).then((modules) => {
      const texts = mergeTexts(modules.map((m) => m.default));
      loaded.set(language, texts);
      return texts;
    });
    loading.catch(() => pending.delete(language));
    pending.set(language, loading);
  }
  return loading;
}

function lookup(texts: Texts | undefined, key: string): string | undefined {
  let node: unknown = texts;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

interface Snapshot {
  language: string;
  t: Translate;
}

function translator(language: string): Translate {
  return (key, values) => {
    const text = lookup(loaded.get(textsLanguage(language)), key) ?? lookup(englishTexts(), key) ?? values?.defaultValue ?? key;
    return values ? text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (values[name] === undefined ? whole : String(values[name]))) : text;
  };
}

let language: string = startLanguage();
let snapshot: Snapshot | null = null;
const listeners = new Set<() => void>();
const chosenListeners = new Set<(code: string) => void>();

function current(): Snapshot {
  snapshot ??= { language, t: translator(language) };
  return snapshot;
}

/**
 * Loads the current language's texts and sets the page's `lang`/`dir`: awaited before the sign-in
 * page's first render (English resolves at once). Rejects when a chunk cannot be fetched.
 */
export async function plainTextsReady(): Promise<void> {
  applyDirection(language);
  await loadTexts(textsLanguage(language));
  snapshot = null;
}

/** Shows `code`'s texts once they are loaded (the app's language changed). Announces nothing. */
export async function setPlainLanguage(code: string): Promise<void> {
  const shown = snapshot !== null && snapshot.language === code && loaded.has(textsLanguage(code));
  if (shown) return;
  language = code;
  try {
    await loadTexts(textsLanguage(code));
  } catch {
    // Shown in English (the fallback) until a later choice loads it.
  }
  if (language !== code) return;
  snapshot = null;
  for (const listener of listeners) listener();
}

/** The person chose a language here: kept for the next visit, applied to the page, announced to the app (i18n.ts). */
export function choosePlainLanguage(code: string): Promise<void> {
  saveLanguage(code);
  applyDirection(code);
  for (const listener of chosenListeners) listener(code);
  return setPlainLanguage(code);
}

/** Calls `listener` with each language chosen through `choosePlainLanguage`; answers the unsubscribe. */
export function onLanguageChosen(listener: (code: string) => void): () => void {
  chosenListeners.add(listener);
  return () => chosenListeners.delete(listener);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current language and its `t`, for a component: it renders again when the language changes. */
export function usePlainTexts(): Snapshot {
  return useSyncExternalStore(subscribe, current, current);
}
