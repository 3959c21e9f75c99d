/**
 * The sign-in page works before the app is loaded (issue 18: ≤ 120 KB gzipped before it can be
 * used). Follows the static imports (as field-route-imports.test.ts) from the entry and from the
 * standalone sign-in screen, and fails naming the file that pulls the app's router, TanStack Query,
 * ky, i18next or Chakra into the page before its form works: those load with the app
 * (app/app-main.tsx) while the person types.
 */
import { describe, expect, it } from 'vitest';
import { staticImportGraph } from '../helpers/import-graph';

/** The entry and the standalone sign-in screen (src/web/features/auth/area.ts `standalone`). */
const SIGN_IN_ROOTS = ['src/web/app/main.tsx', 'src/web/features/auth/login-screen.tsx'];
const FORBIDDEN = /^(react-router|react-router-dom|@tanstack\/|ky$|i18next|react-i18next|@chakra-ui\/|@emotion\/|@ark-ui\/|@zag-js\/|zod$)/;

describe('the sign-in page', () => {
  it('reaches no router, TanStack Query, ky, i18next, Chakra or zod through static imports', () => {
    const { packages, modules } = staticImportGraph(SIGN_IN_ROOTS);
    const offending = [...packages].filter(([name]) => FORBIDDEN.test(name)).flatMap(([name, files]) => files.map((file) => `${name} (imported by ${file})`));
    expect(offending).toEqual([]);
    // The app is not among its modules (it is an `import()` of the entry)…
    expect([...modules.keys()]).not.toContain('src/web/app/app-main.tsx');
    // … and the walk itself works: the page does reach React DOM and the sign-in screen's imports.
    expect([...packages.keys()]).toEqual(expect.arrayContaining(['react']));
    expect([...packages.keys()].some((name) => name.startsWith('react-dom'))).toBe(true);
    expect([...modules.keys()]).toEqual(expect.arrayContaining(['src/web/features/auth/sign-in-call.ts', 'src/web/lib/plain-texts.ts']));
  });
});
