/**
 * Locale files (src/web/locales): every language keeps its full key set, and Hindi and Bahasa
 * Indonesia have English's keys (the project's locale-consistency check).
 *
 * A language's texts may be split over a core file (`<lang>.json`) and a desk file
 * (`<lang>-desk.json`, loaded on demand by src/web/lib/i18n.ts); the checks read both together.
 * The key lists are recorded in __snapshots__/locales.test.ts.snap: adding or removing a key on
 * purpose means updating it (`npx vitest run --project unit tests/unit/web/locales.test.ts -u`) and
 * reviewing the diff; losing one by accident fails here.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const LOCALES = path.resolve(__dirname, '../../../src/web/locales');
const LANGS = ['en', 'hi', 'id'] as const;
type Texts = { [key: string]: string | Texts };

/** Dotted leaf keys of a nested texts object, e.g. `field.disposition.paid`. */
function leafKeys(texts: Texts, prefix = ''): string[] {
  return Object.entries(texts).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : leafKeys(v, `${prefix}${k}.`)));
}

function readTexts(file: string): Texts | null {
  const p = path.join(LOCALES, file);
  return existsSync(p) ? (JSON.parse(readFileSync(p, 'utf8')) as Texts) : null;
}

/** A language's keys over its core and (when present) desk file. */
function allKeys(lang: string): string[] {
  const core = readTexts(`${lang}.json`);
  if (!core) throw new Error(`missing ${lang}.json`);
  const desk = readTexts(`${lang}-desk.json`);
  return [...leafKeys(core), ...(desk ? leafKeys(desk) : [])].sort();
}

/** A key without its i18next plural suffix (`x_one`, `x_other` → `x`): languages differ in plural forms. */
const unplural = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

describe('locale files', () => {
  it.each(LANGS)('%s keeps its key set (core and desk together, no key twice)', (lang) => {
    const keys = allKeys(lang);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toMatchSnapshot();
  });

  it.each(['hi', 'id'])('%s has a text for every English key and no other', (lang) => {
    const en = new Set(allKeys('en').map(unplural));
    const other = new Set(allKeys(lang).map(unplural));
    // Known before the split: Hindi and Bahasa carry three validation texts English has not (yet).
    const extraAllowed = new Set(['validation.email', 'validation.password', 'validation.mobile']);
    expect([...en].filter((k) => !other.has(k))).toEqual([]);
    expect([...other].filter((k) => !en.has(k) && !extraAllowed.has(k))).toEqual([]);
  });
});
