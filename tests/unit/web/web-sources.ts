/**
 * What the web guard tests read from the source tree: the locale parts (the kernel's and each
 * area's, src/web/lib/i18n.ts) and the import graph (relative imports, the registry's
 * `import.meta.glob` of the front doors, the desk routes the front doors declare).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type { Texts } from '../../../src/web/lib/area';

export { mergeTexts } from '../../../src/web/lib/area';
export type { Texts };

export const ROOT = path.resolve(__dirname, '../../..');
export const LANGS = ['en', 'hi', 'id'] as const;

/** Dotted leaf keys of a nested texts object, e.g. `field.disposition.paid`. */
export function leafKeys(texts: Texts, prefix = ''): string[] {
  return Object.entries(texts).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : leafKeys(v, `${prefix}${k}.`)));
}

export const readJson = (file: string) => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')) as Texts;

/**
 * A language's locale files of one part, repository-relative: the kernel's
 * `src/web/locales/<lang>.json` (core only) and every area's `src/web/features/<area>/locales/<lang>[-desk].json`.
 */
export function localeFiles(lang: string, part: 'core' | 'desk'): string[] {
  const name = part === 'core' ? `${lang}.json` : `${lang}-desk.json`;
  const areas = readdirSync(path.join(ROOT, 'src/web/features'))
    .sort()
    .map((area) => `src/web/features/${area}/locales/${name}`);
  return [`src/web/locales/${name}`, ...areas].filter((file) => existsSync(path.join(ROOT, file)));
}

/** Every leaf key of a language's part with the file that holds it. */
export function keysOf(lang: string, part: 'core' | 'desk'): { key: string; file: string }[] {
  return localeFiles(lang, part).flatMap((file) => leafKeys(readJson(file)).map((key) => ({ key, file })));
}

export type Source = (file: string) => string;
export const readSource: Source = (file) => readFileSync(path.join(ROOT, file), 'utf8');

/** Repository-relative path of a relative import of a .ts/.tsx module, or null (packages, JSON, CSS). */
export function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = path.posix.join(path.posix.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (/\.tsx?$/.test(candidate) && existsSync(path.join(ROOT, candidate))) return candidate;
  }
  return null;
}

export { globImports } from '../helpers/import-graph';

/**
 * The page specifiers of the desk routes a front door declares: the `import('…')` of every object
 * literal with `shell: 'desk'` and a `page` (`{ path: 'roles', shell: 'desk', page: () => import('./roles-page') }`).
 */
export function deskRouteImports(file: string, source: string): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isObjectLiteralExpression(node)) {
      const prop = (name: string) => node.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === name);
      const shell = prop('shell');
      const page = prop('page');
      if (shell && page && ts.isStringLiteral(shell.initializer) && shell.initializer.text === 'desk') {
        const collect = (n: ts.Node) => {
          if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword && n.arguments[0] && ts.isStringLiteral(n.arguments[0])) found.push(n.arguments[0].text);
          ts.forEachChild(n, collect);
        };
        collect(page.initializer);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true));
  return found;
}
