/**
 * The field executive's first screen loads no Chakra UI or emotion (issue 4: the field route's
 * JavaScript ≤ 200 KB gzipped; decision 006). Follows the static imports (not `import()`, not
 * `import type`; the registry's eager `import.meta.glob` of the areas' front doors counts, they are in
 * the entry) from the entry and from the day list's lazy chunks, and fails naming the file that
 * pulls a CSS-in-JS package into the route, so a stray `import { Box } from '@chakra-ui/react'` in
 * the shell is caught before the benchmark is run.
 */
import { describe, expect, it } from 'vitest';
import { ENTRY_AREA_NAMES } from '../../../src/web/lib/areas';
import { staticImportGraph } from '../helpers/import-graph';

/** The entry, the app (preloaded on app pages) and the chunks the field route loads before it is usable. */
const ROUTE_ROOTS = ['src/web/app/main.tsx', 'src/web/app/app-main.tsx', 'src/web/features/field/visits/my-visits-screen.tsx', 'src/web/features/field/shell/field-shell.tsx', 'src/web/features/repossession/steps/repossession-steps-screen.tsx'];
const FORBIDDEN = /^(@chakra-ui\/|@emotion\/|@ark-ui\/|@zag-js\/)/;
/**
 * Allowed on the route: nothing. The toaster's store (`createToaster`, zag's toast machine) is a
 * lazy chunk loaded with the first toast (src/web/lib/toaster.ts, issue 18), like its view.
 */
const ALLOWED = new Set<string>();

describe('the field route', () => {
  it('reaches no Chakra UI, emotion, Ark or zag machine through static imports', () => {
    const { packages } = staticImportGraph(ROUTE_ROOTS);
    const offending = [...packages]
      .filter(([name]) => FORBIDDEN.test(name))
      .flatMap(([name, files]) => files.map((file) => `${name} (imported by ${file})`))
      .filter((pair) => !ALLOWED.has(pair));
    expect(offending).toEqual([]);
    // The walk itself works: the route does reach React, idb (its IndexedDB) and the router.
    expect([...packages.keys()]).toEqual(expect.arrayContaining(['react', 'idb', 'react-router-dom']));
    // Dexie (~30 KB gzipped) left the route with issue 18; idb is ~1.5 KB.
    expect([...packages.keys()].filter((name) => name.startsWith('dexie'))).toEqual([]);
    // … and the front doors' icons (the registry's glob is followed).
    expect(packages.get('lucide-react')).toEqual(expect.arrayContaining(['src/web/features/field/area.ts']));
  });

  it("reaches zod and no desk area's front door: the route does not grow with the desk areas (issue 11, issue 18)", () => {
    const { modules, packages } = staticImportGraph(ROUTE_ROOTS);
    expect(packages.get('zod') ?? []).toEqual([]);
    const doors = [...modules.keys()].filter((file) => /^src\/web\/features\/[^/]+\/area\.ts$/.test(file)).sort();
    expect(doors).toEqual(ENTRY_AREA_NAMES.map((name) => `src/web/features/${name}/area.ts`).sort());
  });
});
