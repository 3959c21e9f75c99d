/**
 * Fewer, larger chunks on the field route (issue 18 LCP). Left to itself the bundler cuts one chunk
 * per set of lazy screens sharing a module, so the field day list waited for ~45 scripts, most under
 * 1 KB gzipped. Over HTTP/1.1 a phone fetches six at a time, and on a slow 4G link (150 ms round
 * trip) each batch costs a round trip: about a second of the list's LCP was waiting, not bytes.
 *
 * Three groups, by static reachability in the module graph (dynamic imports stay lazy):
 * - `core`: what the entry (`main.tsx`) reaches, and what the stand-alone sign-in screen shares
 *   with the app or the day list (React, the plain components, the sign-in call). The sign-in page
 *   downloads about the same modules as before in fewer files; its own screen's parts stay out.
 * - `app-main`: app-main.tsx itself and what it reaches beyond `core` (router, TanStack Query,
 *   i18next, the shell). app-main.tsx is in the group, so the group is the chunk its dynamic import
 *   loads: an earlier `app-core` group beside a separate app-main facade chunk made a cycle
 *   Rolldown could not evaluate (React error #130, "app_main_exports is not defined").
 * - `field-day`: what the field shell and the day list reach beyond those two.
 * The field screens' lazy roots (field-shell.tsx, my-visits-screen.tsx) and the sign-in screen keep
 * their own chunks (their top level runs when they are opened). Field route: 32 → 9 scripts before
 * the list is usable (160 KB gzipped either way); sign-in 17 → 7 files, 91.8 → 96.7 KB gzipped.
 * No cycles: a grouped module's static imports are in its group or an earlier one (core ← app-main
 * ← field-day), and no earlier group's module imports a later one's statically.
 */
import { resolve } from 'node:path';

/** The part of Rolldown's ChunkingContext used here. */
interface Graph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

const at = (source: string) => resolve(process.cwd(), source);
const ENTRY = [at('src/web/app/main.tsx')];
const SIGN_IN = [at('src/web/features/auth/login-screen.tsx')];
const APP = [at('src/web/app/app-main.tsx')];
const FIELD_DAY = [at('src/web/features/field/shell/field-shell.tsx'), at('src/web/features/field/visits/my-visits-screen.tsx')];

/** Lazy roots that keep their own chunks: their top level runs when they are opened, not when a sibling loads. */
const ROOTS = new Set([...ENTRY, ...SIGN_IN, ...FIELD_DAY]);

/** Modules statically reachable from `roots` (themselves included). */
function reach(graph: Graph, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    const info = graph.getModuleInfo(id);
    if (!info) continue;
    seen.add(id);
    stack.push(...info.importedIds);
  }
  return seen;
}

/**
 * The `name` of a Rolldown code-splitting group for the module `id`: `core`, `app-main`,
 * `field-day` or null (the bundler's own split). The graph is walked once per build (the sets are
 * kept until a graph without the entry is seen, as the service worker's build is).
 */
export function routeChunkName(): (id: string, ctx: Graph) => string | null {
  let sets: { core: Set<string>; app: Set<string>; field: Set<string> } | null = null;
  return (id, ctx) => {
    if (!sets) {
      if (!ctx.getModuleInfo(ENTRY[0])) return null;
      const entry = reach(ctx, ENTRY);
      const signIn = reach(ctx, SIGN_IN);
      const app = reach(ctx, APP);
      const field = reach(ctx, FIELD_DAY);
      // What the entry runs, and what the sign-in page shares with the app or the day list (its
      // own screen's parts stay out, so the day list does not download them).
      const core = new Set([...entry, ...[...signIn].filter((m) => app.has(m) || field.has(m))]);
      sets = { core, app, field };
    }
    if (ROOTS.has(id)) return null;
    if (sets.core.has(id)) return 'core';
    // app-main.tsx itself joins its group, so the group is the chunk its dynamic import loads (a
    // separate app-main facade importing the group is the cycle Rolldown could not evaluate).
    if (sets.app.has(id)) return 'app-main';
    if (sets.field.has(id)) return 'field-day';
    return null;
  };
}
