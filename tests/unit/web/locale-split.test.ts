/**
 * Guard of the core/desk split of the texts (issue 4: the field route's first load carries only the
 * texts its screens can show; src/web/lib/i18n.ts).
 *
 * Every area's `src/web/features/<area>/locales/<lang>-desk.json` holds texts that only its desk
 * pages show; they reach i18next when a desk page opens (a route of `shell: 'desk'` in the area's
 * front door, which the router loads through `deskPage(...)`). Everything else in the bundle must
 * find its texts in the core parts (the kernel's `src/web/locales/<lang>.json` and the areas'
 * `locales/<lang>.json`), or it would show raw keys. Which module is "core" is read from the import
 * graph, not from folder names (the field app's past-visit list shows the verification badge from
 * src/web/features/field/verification):
 * - core modules: reachable from the entry (src/web/app/main.tsx) through static and dynamic
 *   imports and the registry's `import.meta.glob` of the front doors, except the pages of desk routes;
 * - desk modules: reachable from the desk pages and not core.
 * Key references are found broadly: every string or template literal that starts with a known
 * section and a dot (`t('loans.title')`, `labelKey: 'tracking.menu'`, `i18nKey="…"`, key tables,
 * `t(\`field.disposition.${d}\`)` as the prefix `field.disposition.`), comments included (stricter).
 * A core reference fails when it could resolve to a desk key (the key itself, a plural form of it,
 * a subtree under it, or, for a prefix, any key starting with it).
 */
import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { join, sep } from 'node:path';
import { deskRouteImports, globImports, keysOf, leafKeys, localeFiles, mergeTexts, readJson, readSource, resolveImport, type Source } from './web-sources';

const ENTRY = 'src/web/app/main.tsx';
const FEATURES_DIR = join(process.cwd(), 'src/web/features');

const unplural = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

const enCore = mergeTexts(localeFiles('en', 'core').map(readJson));
const enDesk = mergeTexts(localeFiles('en', 'desk').map(readJson));
const DESK_KEYS = leafKeys(enDesk);
const SECTIONS = [...new Set([...Object.keys(enCore), ...Object.keys(enDesk)])];
/** Sections wholly in the desk parts (`loans`, `users`, …): any core reference into one fails, even to a key that does not exist. */
const DESK_SECTIONS = Object.keys(enDesk).filter((s) => !(s in enCore));

const STATIC_IMPORT = /(?:^|[;\s])(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/g;
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;
const KEY_LITERAL = new RegExp(`(['"\`])((?:${SECTIONS.join('|')})\\.[\\w.]*)(.)`, 'g');
/** An endpoint definition's operation id ('bulk.imports.create'), which is no text key although it may start like one. */
const OPERATION_ID = /\boperation:\s*$/;

/** A module's imports: desk route pages apart from the rest; type-only imports left out. */
function importsOf(file: string, source: string): { desk: string[]; other: string[] } {
  const deskSpecs = new Set(deskRouteImports(file, source));
  const desk = [...deskSpecs].map((spec) => resolveImport(file, spec)).filter((f): f is string => f !== null);
  const other: string[] = [];
  for (const m of source.matchAll(STATIC_IMPORT)) if (!m[1]) other.push(m[2]);
  for (const m of source.matchAll(DYNAMIC_IMPORT)) if (!deskSpecs.has(m[1])) other.push(m[1]);
  const resolved = other.map((spec) => resolveImport(file, spec)).filter((f): f is string => f !== null);
  return { desk, other: [...resolved, ...globImports(file, source)] };
}

/** Core and desk modules of the web app (see the module comment). */
function moduleGraph(source: Source): { core: Set<string>; desk: Set<string>; deskPages: Set<string> } {
  const deskPages = new Set<string>();
  const walk = (roots: string[], seen: Set<string>, followDesk: boolean) => {
    const stack = [...roots];
    while (stack.length) {
      const file = stack.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      const { desk, other } = importsOf(file, source(file));
      for (const d of desk) deskPages.add(d);
      stack.push(...other, ...(followDesk ? desk : []));
    }
  };
  const core = new Set<string>();
  walk([ENTRY], core, false);
  const reachedFromDesk = new Set<string>();
  walk([...deskPages], reachedFromDesk, true);
  return { core, desk: new Set([...reachedFromDesk].filter((f) => !core.has(f))), deskPages };
}

/** Key references in a module's text: exact keys, or prefixes where the literal goes on (`x.${y}`, `'x.' + y`). */
function keyReferences(source: string): { key: string; prefix: boolean }[] {
  const refs: { key: string; prefix: boolean }[] = [];
  for (const m of source.matchAll(KEY_LITERAL)) {
    const [, quote, key, next] = m;
    if (OPERATION_ID.test(source.slice(Math.max(0, m.index - 40), m.index))) continue;
    refs.push({ key, prefix: next !== quote || key.endsWith('.') });
  }
  return refs;
}

/** The desk keys a reference could resolve to (or its desk-only section). */
function deskKeysHit(ref: { key: string; prefix: boolean }): string[] {
  const section = ref.key.split('.')[0];
  if (DESK_SECTIONS.includes(section)) return [`${section} (a desk section)`];
  if (ref.prefix) return DESK_KEYS.filter((d) => d.startsWith(ref.key));
  return DESK_KEYS.filter((d) => d === ref.key || unplural(d) === ref.key || d.startsWith(`${ref.key}.`));
}

/** `file: reference → desk keys` for every core module that references desk texts. */
function coreUsesOfDesk(source: Source): string[] {
  const { core } = moduleGraph(source);
  const problems: string[] = [];
  for (const file of [...core].sort()) {
    for (const ref of keyReferences(source(file))) {
      const hit = deskKeysHit(ref);
      if (hit.length) problems.push(`${file}: ${ref.key}${ref.prefix ? '…' : ''} → ${hit.slice(0, 3).join(', ')}${hit.length > 3 ? ', …' : ''}`);
    }
  }
  return problems;
}

describe('English core/desk split', () => {
  const graph = moduleGraph(readSource);

  it('finds the desk pages and tells core modules from desk ones', () => {
    // Desk pages are the `*-page.tsx` modules of the features (a naming rule the graph does not read):
    // an area adds pages without editing this test.
    const pageFiles = readdirSync(FEATURES_DIR, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('-page.tsx'))
      .map((f) => `src/web/features/${f.split(sep).join('/')}`);
    expect(pageFiles.length).toBeGreaterThan(20);
    expect([...graph.deskPages].sort()).toEqual(pageFiles.sort());
    for (const file of ['src/web/app/app-shell.tsx', 'src/web/lib/menu.ts', 'src/web/features/field/visits/my-visits-screen.tsx', 'src/web/app/home-page.tsx', 'src/web/features/auth/login-screen.tsx', 'src/web/features/field/shell/duty-switch.tsx']) {
      expect(graph.core.has(file), file).toBe(true);
    }
    // Shared with the field app's past visits, so core although it sits with the desk screen.
    expect(graph.core.has('src/web/features/field/verification/verification-badge.tsx')).toBe(true);
    expect(graph.desk.has('src/web/features/field/verification/review-panel.tsx')).toBe(true);
    expect(graph.desk.has('src/web/app/app-shell.tsx')).toBe(false);
    // The registry's glob reaches every front door from the entry.
    expect(graph.core.has('src/web/features/payments/area.ts')).toBe(true);
  });

  it('no core module references a desk text', () => {
    expect(coreUsesOfDesk(readSource)).toEqual([]);
  });

  it('catches a desk text used by the shell, a menu label or a built key', () => {
    const withExtra = (file: string, extra: string): Source => (f) => (f === file ? `${readSource(f)}\n${extra}` : readSource(f));
    expect(coreUsesOfDesk(withExtra('src/web/app/app-shell.tsx', "const x = t('loans.x');"))).toEqual(['src/web/app/app-shell.tsx: loans.x → loans (a desk section)']);
    expect(coreUsesOfDesk(withExtra('src/web/lib/menu.ts', "const e = { labelKey: 'users.create' };"))).toHaveLength(1);
    // A front door is core (the registry loads every one into the entry): a menu label there too.
    expect(coreUsesOfDesk(withExtra('src/web/features/users/area.ts', "const e = { labelKey: 'users.create' };"))).toEqual(['src/web/features/users/area.ts: users.create → users (a desk section)']);
    // Sections split between the parts: a desk key, its plural forms, a subtree, a built key.
    expect(coreUsesOfDesk(withExtra('src/web/features/field/shell/sync-bar.tsx', "t('tracking.title')"))).toEqual(['src/web/features/field/shell/sync-bar.tsx: tracking.title → tracking.title']);
    expect(coreUsesOfDesk(withExtra('src/web/features/field/shell/sync-bar.tsx', "t('tracking.list.showing', { count })"))).toHaveLength(1);
    expect(coreUsesOfDesk(withExtra('src/web/features/field/shell/sync-bar.tsx', "t('tracking.trail', { returnObjects: true })"))).toHaveLength(1);
    expect(coreUsesOfDesk(withExtra('src/web/features/field/shell/sync-bar.tsx', 'const y = t(`tracking.trail.${k}`);'))).toHaveLength(1);
    expect(coreUsesOfDesk(withExtra('src/web/features/field/shell/sync-bar.tsx', "const y = t('tracking.' + k);"))).toHaveLength(1);
    // The core keys of a split section are fine in core; desk keys in desk-only modules too.
    expect(coreUsesOfDesk(withExtra('src/web/features/field/shell/sync-bar.tsx', "t('tracking.duty.label')"))).toEqual([]);
    expect(coreUsesOfDesk(withExtra('src/web/features/field/verification/review-panel.tsx', "t('loans.export')"))).toEqual([]);
    // An endpoint's operation id is no text key; the same literal elsewhere still counts.
    expect(coreUsesOfDesk(withExtra('src/web/lib/menu.ts', "const e = { operation: 'users.list' };"))).toEqual([]);
    expect(coreUsesOfDesk(withExtra('src/web/lib/menu.ts', "const e = { label: 'users.list' };"))).toHaveLength(1);
    // It re-walks the source tree several times: ~2 s alone, 6 s on a loaded 2-core machine.
  }, 30_000);

  it('keeps the texts of the desk part with the desk modules', () => {
    // Every desk key's section is used by some desk module (a stale section would only weigh).
    const deskRefs = [...graph.desk].flatMap((f) => keyReferences(readSource(f)).map((r) => r.key.split('.')[0]));
    for (const section of Object.keys(enDesk)) expect(deskRefs, section).toContain(section);
  });

  it.each(['hi', 'id'])('%s is split along the same keys as English', (lang) => {
    const desk = new Set(DESK_KEYS.map(unplural));
    const langCore = keysOf(lang, 'core').map(({ key }) => unplural(key));
    const langDesk = keysOf(lang, 'desk').map(({ key }) => unplural(key));
    expect(langCore.filter((k) => desk.has(k))).toEqual([]);
    expect(langDesk.filter((k) => !desk.has(k))).toEqual([]);
  });
});
