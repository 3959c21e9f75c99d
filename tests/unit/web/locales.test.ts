/**
 * Locale files: every language keeps its full key set, and Hindi and Bahasa Indonesia have
 * English's keys (the project's locale-consistency check).
 *
 * A language's texts are parts of one namespace (src/web/lib/i18n.ts): the kernel's
 * `src/web/locales/<lang>.json` and each area's `src/web/features/<area>/locales/<lang>.json` (core)
 * and `<lang>-desk.json` (desk, loaded on demand); the checks read them all together, and a leaf
 * key may be in one file only. The key lists are recorded in __snapshots__/locales.test.ts.snap:
 * adding or removing a key on purpose means updating it
 * (`npx vitest run --project unit tests/unit/web/locales.test.ts -u`) and reviewing the diff;
 * losing one by accident, or moving texts between areas in a way that changes a key, fails here.
 */
import { describe, expect, it } from 'vitest';
import { keysOf, LANGS } from './web-sources';

/** A language's keys over every part, with the files holding each. */
function keyFiles(lang: string): Map<string, string[]> {
  const files = new Map<string, string[]>();
  for (const { key, file } of [...keysOf(lang, 'core'), ...keysOf(lang, 'desk')]) files.set(key, [...(files.get(key) ?? []), file]);
  return files;
}

/** A language's keys over its core and desk parts. */
function allKeys(lang: string): string[] {
  return [...keyFiles(lang).keys()].sort();
}

/** A key without its i18next plural suffix (`x_one`, `x_other` → `x`): languages differ in plural forms. */
const unplural = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

describe('locale files', () => {
  it.each(LANGS)('%s keeps its key set (core and desk together, no key twice)', (lang) => {
    const twice = [...keyFiles(lang)].filter(([, files]) => files.length > 1).map(([key, files]) => `${key}: ${files.join(', ')}`);
    expect(twice).toEqual([]);
    expect(allKeys(lang)).toMatchSnapshot();
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
