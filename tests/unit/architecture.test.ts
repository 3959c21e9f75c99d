/**
 * The walls of the area kernel (issue 11 "Walls enforced, not kept by habit"; docs/decisions/007),
 * checked over the static import graph of src/ and sw/ (ESLint's import-x zones say the same at
 * the line; this test names whole paths and cycles). Web features' walls are in
 * tests/unit/web/areas.test.ts.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AREA_NAMES } from '../../src/domain/areas';
import { ROOT, importCycles, sourceFiles, staticImportGraph } from './helpers/import-graph';

const files = sourceFiles(['src', 'sw']);
const { edges, packages } = staticImportGraph(files);
const imports = [...edges].flatMap(([from, tos]) => [...tos].map((to) => ({ from, to })));
const serverArea = (file: string) => /^src\/server\/modules\/([^/]+)\//.exec(file)?.[1] ?? null;
const folders = (dir: string) => readdirSync(path.join(ROOT, dir), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);

describe('the one list of areas', () => {
  it('has a front door on each side for every listed area, and no folder outside the list', () => {
    for (const name of AREA_NAMES) {
      expect(existsSync(path.join(ROOT, `src/server/modules/${name}/area.ts`)), `src/server/modules/${name}/area.ts`).toBe(true);
      expect(existsSync(path.join(ROOT, `src/web/features/${name}/area.ts`)), `src/web/features/${name}/area.ts`).toBe(true);
    }
    expect(folders('src/server/modules').filter((f) => !AREA_NAMES.includes(f as never))).toEqual([]);
    expect(folders('src/web/features').filter((f) => !AREA_NAMES.includes(f as never))).toEqual([]);
  });
});

describe('the import graph', () => {
  it('has no cycle', () => {
    expect(importCycles(edges).map((c) => c.join(' → '))).toEqual([]);
  });

  it('lets an area reach another area only through its queries.ts', () => {
    const reaches = imports.filter(({ from, to }) => serverArea(from) && serverArea(to) && serverArea(from) !== serverArea(to) && !to.endsWith('/queries.ts'));
    expect(reaches.map(({ from, to }) => `${from} → ${to}`)).toEqual([]);
  });

  it('keeps the server kernel free of areas (areas provide services through their front door)', () => {
    const kernel = (f: string) => f.startsWith('src/server/') && !f.startsWith('src/server/modules/') && !f.startsWith('src/server/seed/') && f !== 'src/server/areas.ts' && f !== 'src/server/main.ts';
    expect(imports.filter(({ from, to }) => kernel(from) && serverArea(to)).map(({ from, to }) => `${from} → ${to}`)).toEqual([]);
  });

  it('keeps the domain pure, and src/offline and sw/ apart from the page', () => {
    const domainOut = imports.filter(({ from, to }) => from.startsWith('src/domain/') && !to.startsWith('src/domain/'));
    expect(domainOut.map(({ from, to }) => `${from} → ${to}`)).toEqual([]);
    const io = [...packages].filter(([name, users]) => /^(node:|fastify|drizzle-orm|dexie|idb$|react|pg$|@electric-sql)/.test(name) && users.some((u) => u.startsWith('src/domain/')));
    expect(io.map(([name, users]) => `${name} ← ${users.filter((u) => u.startsWith('src/domain/')).join(', ')}`)).toEqual([]);
    const offline = imports.filter(({ from, to }) => (from.startsWith('src/offline/') || from.startsWith('sw/')) && to.startsWith('src/web/'));
    expect(offline.map(({ from, to }) => `${from} → ${to}`)).toEqual([]);
  });

  it('keeps every source file under about 400 lines (generated migrations and locale JSON aside)', async () => {
    const { readFileSync } = await import('node:fs');
    const long = files.filter((f) => readFileSync(path.join(ROOT, f), 'utf8').split('\n').length > 420);
    expect(long).toEqual([]);
  });
});
