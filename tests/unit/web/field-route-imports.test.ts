/**
 * The field executive's first screen loads no Chakra UI or emotion (issue 4: the field route's
 * JavaScript ≤ 200 KB gzipped; decision 006). Follows the static imports (not `import()`, not
 * `import type`) from the entry and from the day list's lazy chunks, and fails naming the file that
 * pulls a CSS-in-JS package into the route, so a stray `import { Box } from '@chakra-ui/react'` in
 * the shell is caught before the benchmark is run.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../../..');
/** The entry and the chunks the field route loads before it is usable. */
const ROUTE_ROOTS = ['src/web/app/main.tsx', 'src/web/features/field/my-visits-screen.tsx', 'src/web/features/field/field-shell.tsx'];
const FORBIDDEN = /^(@chakra-ui\/|@emotion\/|@ark-ui\/|@zag-js\/)/;
/**
 * Allowed on the route: the toaster's store (`createToaster`, zag's toast machine without any
 * styling), which every screen's toasts go through; its Chakra-styled view is a lazy chunk.
 */
const ALLOWED = new Set(['@chakra-ui/react (imported by src/web/lib/toaster.ts)']);

/** Static value imports and re-exports of a source file (type-only ones are erased by the compiler). */
function staticImports(source: string): string[] {
  const found: string[] = [];
  const pattern = /^\s*(import|export)\s+(?!type\b)(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm;
  for (const match of source.matchAll(pattern)) found.push(match[2]);
  return found;
}

function resolveLocal(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (existsSync(candidate) && !candidate.endsWith('/') && /\.(ts|tsx)$/.test(candidate)) return candidate;
  }
  return null;
}

/** Every (package, importing file) pair the roots reach through static imports. */
function reachablePackages(): Map<string, string[]> {
  const packages = new Map<string, string[]>();
  const seen = new Set<string>();
  const queue = ROUTE_ROOTS.map((f) => path.join(ROOT, f));
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of staticImports(readFileSync(file, 'utf8'))) {
      if (specifier.startsWith('.')) {
        const local = resolveLocal(file, specifier);
        if (local) queue.push(local);
      } else {
        packages.set(specifier, [...(packages.get(specifier) ?? []), path.relative(ROOT, file)]);
      }
    }
  }
  return packages;
}

describe('the field route', () => {
  it('reaches no Chakra UI, emotion, Ark or zag machine through static imports', () => {
    const packages = reachablePackages();
    const offending = [...packages]
      .filter(([name]) => FORBIDDEN.test(name))
      .flatMap(([name, files]) => files.map((file) => `${name} (imported by ${file})`))
      .filter((pair) => !ALLOWED.has(pair));
    expect(offending).toEqual([]);
    // The walk itself works: the route does reach React, Dexie and the router.
    expect([...packages.keys()]).toEqual(expect.arrayContaining(['react', 'dexie', 'react-router-dom']));
  });
});
