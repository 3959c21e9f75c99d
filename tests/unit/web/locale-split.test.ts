/**
 * Guard of the English core/desk split (issue 4: the field route's first load carries only the
 * texts its screens can show; src/web/lib/i18n.ts).
 *
 * `src/web/locales/<lang>-desk.json` holds texts that only the desk screens show; they reach
 * i18next when a desk page opens (`deskPage(...)` around its lazy import in
 * src/web/app/router.tsx). Everything else in the bundle must find its texts in the core file
 * `<lang>.json`, or it would show raw keys. Which module is "core" is read from the import graph,
 * not from folder names (the field app's past-visit list shows the verification badge from
 * src/web/features/verification):
 * - core modules: reachable from the entry (src/web/app/main.tsx) through static and dynamic
 *   imports, except the dynamic imports wrapped in `deskPage(...)`;
 * - desk modules: reachable from those wrapped imports and not core.
 * Key references are found broadly: every string or template literal that starts with a known
 * section and a dot (`t('loans.title')`, `labelKey: 'tracking.menu'`, `i18nKey="…"`, key tables,
 * `t(\`field.disposition.${d}\`)` as the prefix `field.disposition.`), comments included (stricter).
 * A core reference fails when it could resolve to a desk key (the key itself, a plural form of it,
 * a subtree under it, or, for a prefix, any key starting with it).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../../..');
const ENTRY = 'src/web/app/main.tsx';
const LOCALES = 'src/web/locales';
type Texts = { [key: string]: string | Texts };

function leafKeys(texts: Texts, prefix = ''): string[] {
  return Object.entries(texts).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : leafKeys(v, `${prefix}${k}.`)));
}
const readJson = (file: string) => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')) as Texts;
const unplural = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

const enCore = readJson(`${LOCALES}/en.json`);
const enDesk = readJson(`${LOCALES}/en-desk.json`);
const DESK_KEYS = leafKeys(enDesk);
const SECTIONS = [...new Set([...Object.keys(enCore), ...Object.keys(enDesk)])];
/** Sections wholly in the desk part (`loans`, `users`, …): any core reference into one fails, even to a key that does not exist. */
const DESK_SECTIONS = Object.keys(enDesk).filter((s) => !(s in enCore));

/** `deskPage(() => import('…'))`, the router's desk page loaders. */
const DESK_IMPORT = /deskPage\(\s*\(\)\s*=>\s*import\(\s*['"]([^'"]+)['"]\s*\)\s*\)/g;
const STATIC_IMPORT = /(?:^|[;\s])(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/g;
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;
const KEY_LITERAL = new RegExp(`(['"\`])((?:${SECTIONS.join('|')})\\.[\\w.]*)(.)`, 'g');

type Source = (file: string) => string;
const readSource: Source = (file) => readFileSync(path.join(ROOT, file), 'utf8');

/** Repository-relative path of a relative import, or null (packages, JSON, CSS). */
function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = path.posix.join(path.posix.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (/\.tsx?$/.test(candidate) && existsSync(path.join(ROOT, candidate))) return candidate;
  }
  return null;
}

/** A module's imports: desk page loaders apart from the rest; type-only imports left out. */
function importsOf(file: string, source: string): { desk: string[]; other: string[] } {
  const desk: string[] = [];
  const rest = source.replace(DESK_IMPORT, (_match, spec: string) => {
    const target = resolveImport(file, spec);
    if (target) desk.push(target);
    return '';
  });
  const other: string[] = [];
  for (const m of rest.matchAll(STATIC_IMPORT)) if (!m[1]) other.push(m[2]);
  for (const m of rest.matchAll(DYNAMIC_IMPORT)) other.push(m[1]);
  return { desk, other: other.map((spec) => resolveImport(file, spec)).filter((f): f is string => f !== null) };
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
    expect([...graph.deskPages].sort()).toEqual(
      [
        'src/web/features/allocation/portfolio-assignment-page.tsx',
        'src/web/features/bulk/bulk-operations-page.tsx',
        'src/web/features/companies/company-settings-page.tsx',
        'src/web/features/dashboards/fos-dashboard-page.tsx',
        'src/web/features/portfolio/activity-page.tsx',
        'src/web/features/portfolio/customer-page.tsx',
        'src/web/features/portfolio/loan-profile-page.tsx',
        'src/web/features/portfolio/loans-page.tsx',
        'src/web/features/tracking/field-force-tracking-page.tsx',
        'src/web/features/users/profiles-page.tsx',
        'src/web/features/users/roles-page.tsx',
        'src/web/features/users/user-management-page.tsx',
        'src/web/features/users/user-reports-page.tsx',
        'src/web/features/verification/fos-visits-page.tsx',
      ].sort(),
    );
    for (const file of ['src/web/app/app-shell.tsx', 'src/web/lib/menu.ts', 'src/web/features/field/my-visits-screen.tsx', 'src/web/features/home/home-page.tsx', 'src/web/features/auth/login-page.tsx', 'src/web/features/field/duty-switch.tsx']) {
      expect(graph.core.has(file), file).toBe(true);
    }
    // Shared with the field app's past visits, so core although it sits with the desk screen.
    expect(graph.core.has('src/web/features/verification/verification-badge.tsx')).toBe(true);
    expect(graph.desk.has('src/web/features/verification/review-panel.tsx')).toBe(true);
    expect(graph.desk.has('src/web/app/app-shell.tsx')).toBe(false);
  });

  it('no core module references a desk text', () => {
    expect(coreUsesOfDesk(readSource)).toEqual([]);
  });

  it('catches a desk text used by the shell, a menu label or a built key', () => {
    const withExtra = (file: string, extra: string): Source => (f) => (f === file ? `${readSource(f)}\n${extra}` : readSource(f));
    expect(coreUsesOfDesk(withExtra('src/web/app/app-shell.tsx', "const x = t('loans.x');"))).toEqual(['src/web/app/app-shell.tsx: loans.x → loans (a desk section)']);
    expect(coreUsesOfDesk(withExtra('src/web/lib/menu.ts', "const e = { labelKey: 'users.create' };"))).toHaveLength(1);
    // Sections split between the parts: a desk key, its plural forms, a subtree, a built key.
    expect(coreUsesOfDesk(withExtra('src/web/features/field/sync-bar.tsx', "t('tracking.title')"))).toEqual(['src/web/features/field/sync-bar.tsx: tracking.title → tracking.title']);
    expect(coreUsesOfDesk(withExtra('src/web/features/field/sync-bar.tsx', "t('tracking.list.showing', { count })"))).toHaveLength(1);
    expect(coreUsesOfDesk(withExtra('src/web/features/field/sync-bar.tsx', "t('tracking.trail', { returnObjects: true })"))).toHaveLength(1);
    expect(coreUsesOfDesk(withExtra('src/web/features/field/sync-bar.tsx', 'const y = t(`tracking.trail.${k}`);'))).toHaveLength(1);
    expect(coreUsesOfDesk(withExtra('src/web/features/field/sync-bar.tsx', "const y = t('tracking.' + k);"))).toHaveLength(1);
    // The core keys of a split section are fine in core; desk keys in desk-only modules too.
    expect(coreUsesOfDesk(withExtra('src/web/features/field/sync-bar.tsx', "t('tracking.duty.label')"))).toEqual([]);
    expect(coreUsesOfDesk(withExtra('src/web/features/verification/review-panel.tsx', "t('loans.export')"))).toEqual([]);
  });

  it('keeps the texts of the desk part with the desk modules', () => {
    // Every desk key's section is used by some desk module (a stale section would only weigh).
    const deskRefs = [...graph.desk].flatMap((f) => keyReferences(readSource(f)).map((r) => r.key.split('.')[0]));
    for (const section of Object.keys(enDesk)) expect(deskRefs, section).toContain(section);
  });

  it.each(['hi', 'id'])('%s is split along the same keys as English', (lang) => {
    const desk = new Set(DESK_KEYS.map(unplural));
    const langCore = leafKeys(readJson(`${LOCALES}/${lang}.json`)).map(unplural);
    const langDesk = leafKeys(readJson(`${LOCALES}/${lang}-desk.json`)).map(unplural);
    expect(langCore.filter((k) => desk.has(k))).toEqual([]);
    expect(langDesk.filter((k) => !desk.has(k))).toEqual([]);
  });
});
