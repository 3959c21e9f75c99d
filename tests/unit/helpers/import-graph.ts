/**
 * The static import graph of the repository's TypeScript, for the tests that keep modules apart
 * (tests/unit/web/field-route-imports.test.ts, tests/unit/offline/sw-imports.test.ts). Reads the
 * files as text: follows `import … from` and `export … from` (not `import type`, which the compiler
 * erases, and not `import()`), resolving relative specifiers to .ts/.tsx files and index files, and
 * the files an eager `import.meta.glob('…', { eager: true })` names (the offline areas' front doors
 * are loaded that way; the other areas' are behind a dynamic import, src/web/lib/areas.ts).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The repository's root folder. */
export const ROOT = path.resolve(__dirname, '../../..');

/** Static value imports and re-exports of a source file (type-only ones are erased by the compiler). */
function staticImports(source: string): string[] {
  const found: string[] = [];
  const pattern = /^\s*(import|export)\s+(?!type\b)(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm;
  for (const match of source.matchAll(pattern)) found.push(match[2]);
  return found;
}

/** The .ts/.tsx file a relative specifier of `from` (absolute path) names, or null (CSS, JSON, missing). */
function resolveLocal(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (existsSync(candidate) && !candidate.endsWith('/') && /\.(ts|tsx)$/.test(candidate)) return candidate;
  }
  return null;
}

const GLOB = /\bimport\.meta\.glob(?:<[^>]*>)?\(\s*['"]([^'"]+)['"]\s*(?:,\s*(\{[^}]*\}))?/g;

/**
 * The modules an `import.meta.glob('../features/*\/area.ts', …)` of `from` loads (`*` within one
 * folder level, `{a,b}` alternatives). `eagerOnly`: only the globs with `eager: true`, whose modules
 * are static imports (a lazy glob's are dynamic imports, chunks of their own).
 */
export function globImports(from: string, source: string, { eagerOnly = false }: { eagerOnly?: boolean } = {}): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(GLOB)) {
    if (eagerOnly && !/\beager:\s*true\b/.test(match[2] ?? '')) continue;
    const pattern = path.posix.join(path.posix.dirname(from), match[1]);
    let paths = [''];
    for (const segment of pattern.split('/')) {
      if (!/[*{]/.test(segment)) {
        paths = paths.map((p) => (p ? `${p}/${segment}` : segment));
        continue;
      }
      const re = new RegExp(
        `^${segment
          .replace(/[.+?^$()|[\]\\]/g, '\\$&')
          .replace(/\*/g, '[^/]*')
          .replace(/\{([^}]*)\}/g, (_, alternatives: string) => `(?:${alternatives.split(',').join('|')})`)}$`,
      );
      paths = paths.flatMap((p) => (existsSync(path.join(ROOT, p)) ? readdirSync(path.join(ROOT, p)).filter((n) => re.test(n)).map((n) => `${p}/${n}`) : []));
    }
    found.push(...paths.filter((p) => existsSync(path.join(ROOT, p))).sort());
  }
  return found;
}

export interface ImportGraph {
  /** Every module reached (repository-relative path) → the module that imported it first (null: a root). */
  modules: Map<string, string | null>;
  /** Every package reached (its specifier, e.g. 'dexie', '@chakra-ui/react') → the modules importing it. */
  packages: Map<string, string[]>;
  /** Every static import between modules reached: importer → the modules it imports. */
  edges: Map<string, Set<string>>;
}

/** What `roots` (repository-relative paths) reach through static imports. */
export function staticImportGraph(roots: readonly string[]): ImportGraph {
  const modules = new Map<string, string | null>();
  const packages = new Map<string, string[]>();
  const edges = new Map<string, Set<string>>();
  const queue: [file: string, importer: string | null][] = roots.map((f) => [path.join(ROOT, f), null]);
  while (queue.length > 0) {
    const [file, importer] = queue.pop()!;
    const relative = path.relative(ROOT, file);
    if (importer) {
      if (!edges.has(importer)) edges.set(importer, new Set());
      edges.get(importer)!.add(relative);
    }
    if (modules.has(relative)) continue;
    modules.set(relative, importer);
    const source = readFileSync(file, 'utf8');
    for (const door of globImports(relative, source, { eagerOnly: true })) queue.push([path.join(ROOT, door), relative]);
    for (const specifier of staticImports(source)) {
      if (specifier.startsWith('.')) {
        const local = resolveLocal(file, specifier);
        if (local) queue.push([local, relative]);
      } else {
        packages.set(specifier, [...(packages.get(specifier) ?? []), relative]);
      }
    }
  }
  return { modules, packages, edges };
}

/** Every .ts/.tsx file under the repository-relative folders, sorted. */
export function sourceFiles(folders: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(rel);
    }
  };
  for (const folder of folders) walk(folder);
  return out.sort();
}

/** The import cycles among `edges` (each once, as the list of modules around it). Tarjan's strongly connected components. */
export function importCycles(edges: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || edges.get(v)?.has(v)) cycles.push(component.sort());
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return cycles;
}
