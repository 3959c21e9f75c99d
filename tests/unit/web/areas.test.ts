/**
 * The web's area registry (docs/decisions/007-area-kernel.md, src/web/lib/areas.ts): one front door
 * per entry of src/domain/areas.ts, routes and menu entries that fit together, the menu in its
 * order, labels that exist; and the walls between areas over the import graph: no feature imports
 * src/web/app, a feature reaches another only through its public.ts, the areas depend on each
 * other without a cycle, and the kernel (src/web/lib, src/web/components) imports no area.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AREAS } from '../../../src/domain/areas';
import type { WebArea } from '../../../src/web/lib/area';
import { allAreasLoaded, appRouteAt, appRoutes, ENTRY_AREA_NAMES, loadAllAreas, orderAreas, topRouteAt, webAreas } from '../../../src/web/lib/areas';
import { menuEntries } from '../../../src/web/lib/menu';
import { keysOf, readSource, resolveImport, ROOT } from './web-sources';

const FEATURES = 'src/web/features';

// Before the other areas' doors load: the entry areas' only (the entry chunk's, issue 18).
const EARLY = { areas: webAreas().map((a) => a.name), complete: allAreasLoaded(), routes: appRoutes().length, menu: menuEntries().length, login: topRouteAt('/login')?.path, steps: appRouteAt('/app/repossession-steps')?.path };
const WEB_AREAS = await loadAllAreas();
const APP_ROUTES = appRoutes();
const MENU = menuEntries();

/** Every .ts/.tsx file under a folder, repository-relative. */
function sourcesUnder(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.posix.join(path.relative(ROOT, entry.parentPath).split(path.sep).join('/'), entry.name))
    .sort();
}

/** Relative imports (static, re-exports, dynamic; type-only included: a wall holds for types too) resolved to files. */
function importsOf(file: string): string[] {
  const source = readSource(file);
  const specs = [...source.matchAll(/(?:^|[;\s])(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1] ?? m[2]);
  return specs.map((spec) => resolveImport(file, spec)).filter((f): f is string => f !== null);
}

const areaOf = (file: string) => /^src\/web\/features\/([^/]+)\//.exec(file)?.[1] ?? null;

describe('the area registry', () => {
  it("holds the entry areas' front doors at start and every area's once loadAllAreas() resolved", () => {
    expect(EARLY.areas).toEqual(AREAS.filter((a) => 'entry' in a && a.entry).map((a) => a.name));
    expect(EARLY.areas).toEqual(ENTRY_AREA_NAMES);
    // An entry area is an offline one; repossession is offline (precached) but not in the entry.
    for (const area of AREAS) if ('entry' in area && area.entry) expect('offline' in area && area.offline, area.name).toBe(true);
    expect(EARLY.areas).not.toContain('repossession');
    expect(EARLY.steps).toBeUndefined();
    expect(appRouteAt('/app/repossession-steps')?.shell).toBe('field');
    expect(EARLY.complete).toBe(false);
    expect(EARLY.login).toBe('/login');
    expect(EARLY.routes).toBeLessThan(APP_ROUTES.length);
    expect(EARLY.menu).toBeLessThan(MENU.length);
    expect(allAreasLoaded()).toBe(true);
    expect(webAreas()).toBe(WEB_AREAS);
    // The entry's eager glob names exactly the entry areas (a glob pattern must be a literal).
    const eager = /import\.meta\.glob<WebArea>\('\.\.\/features\/\{([^}]+)\}\/area\.ts', \{ eager: true/.exec(readSource('src/web/lib/areas.ts'))?.[1];
    expect(eager?.split(',')).toEqual(ENTRY_AREA_NAMES);
  });

  it('has a front door for every listed area, in the order of src/domain/areas.ts, and no other', () => {
    expect(WEB_AREAS.map((a) => a.name)).toEqual(AREAS.map((a) => a.name));
    expect(readdirSync(path.join(ROOT, FEATURES)).sort()).toEqual(AREAS.map((a) => a.name).sort());
  });

  it('refuses a listed area without a front door and a front door not listed, naming them', () => {
    const door = (name: string) => ({ name, routes: [], menu: [] }) as unknown as WebArea;
    const doors = Object.fromEntries(AREAS.map((a) => [`../features/${a.name}/area.ts`, door(a.name)]));
    expect(orderAreas(doors).map((a) => a.name)).toEqual(AREAS.map((a) => a.name));
    const withoutPayments = { ...doors };
    delete withoutPayments['../features/payments/area.ts'];
    expect(() => orderAreas(withoutPayments)).toThrow('no front door src/web/features/payments/area.ts');
    expect(() => orderAreas({ ...doors, '../features/settlement/area.ts': door('settlement') })).toThrow('settlement is not listed in src/domain/areas.ts');
    expect(() => orderAreas({ ...doors, '../features/bulk/area.ts': door('bulky') })).toThrow("../features/bulk/area.ts must default-export defineWebArea({ name: 'bulk'");
  });

  it('has unique routes', () => {
    const app = APP_ROUTES.map((r) => r.path);
    expect(app.length).toBe(new Set(app).size);
    expect(app).not.toContain('home');
    const top = WEB_AREAS.flatMap((a) => a.routes.filter((r) => r.top).map((r) => r.path));
    expect(top.sort()).toEqual(['/login', '/login/email-change', '/login/link', '/login/sso']);
    expect(appRouteAt('/v1/app/visit-details/')?.plain).toBe(true);
    expect(APP_ROUTES.filter((r) => r.plain).map((r) => r.path)).toEqual(['visit-details', 'repossession-steps']);
  });

  it('opens every menu entry on a route, field entries on field screens', () => {
    for (const entry of MENU.filter((e) => e.screen !== '')) {
      const route = APP_ROUTES.find((r) => r.path === entry.screen);
      expect(route, entry.screen).toBeDefined();
      expect(Boolean(entry.field), entry.screen).toBe(route?.shell === 'field');
    }
    // Each area's entries open its own routes.
    for (const area of WEB_AREAS) for (const entry of area.menu) expect(area.routes.map((r) => r.path), entry.screen).toContain(entry.screen);
  });

  it('keeps the menu in its order', () => {
    expect(MENU.map((e) => e.screen)).toEqual([
      '',
      'customer-loans',
      'bulk-operations',
      'portfolio-assignment',
      'notice-tracking',
      'process-tracking/common_legal_process',
      'legal-portfolio',
      'approvals',
      'settlement-tracking',
      'change-request',
      'visit-details',
      'repossession-tracking',
      'field-executive',
      'field-executive/online',
      'document-upload',
      'repossession-steps',
      'fos-visits',
      'fos-dashboard',
      'field-force-tracking',
      'user-management',
      'roles',
      'profiles',
      'calling',
      'company-settings',
      'compliance',
      'payments',
      'payment-settings',
      'payment-exceptions',
      'payment-link-batches',
      'payment-mandates',
      'payments-dashboard',
      'payment-exports',
      'communication',
      'user-reports',
    ]);
    const orders = MENU.map((e) => e.order);
    expect(new Set(orders).size).toBe(orders.length);
  });

  it('labels the menu with English core texts', () => {
    const core = new Set(keysOf('en', 'core').map(({ key }) => key));
    for (const entry of MENU) expect(core.has(entry.labelKey), entry.labelKey).toBe(true);
  });

  it('keeps front doors light: no page, no Chakra, only icons, the kernel, English texts and endpoint definitions', () => {
    for (const { name } of AREAS) {
      const source = readSource(`${FEATURES}/${name}/area.ts`);
      const statics = [...source.matchAll(/^import\s+(?!type\b)(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm)].map((m) => m[1]);
      // Endpoint definitions (zod-free, src/domain/contracts/<area>/<sub>.ts) name what a menu entry opens; never a schema file.
      const allowed = (spec: string) => ['lucide-react', '../../lib/area', './locales/en.json'].includes(spec) || /^\.\.\/\.\.\/\.\.\/domain\/contracts\/[a-z-]+\/[a-z-]+$/.test(spec);
      for (const spec of statics) expect(allowed(spec), `${name}: ${spec}`).toBe(true);
    }
  });
});

describe('the walls between areas', () => {
  const web = sourcesUnder('src/web');
  const edges = web.flatMap((from) => importsOf(from).map((to) => ({ from, to })));

  it('no feature imports the app (src/web/app)', () => {
    expect(edges.filter((e) => areaOf(e.from) && e.to.startsWith('src/web/app/')).map((e) => `${e.from} → ${e.to}`)).toEqual([]);
  });

  it("reaches another area only through its public.ts, from a feature or from the app", () => {
    const crossings = edges.filter((e) => areaOf(e.to) && areaOf(e.from) !== areaOf(e.to) && !e.to.endsWith('/public.ts'));
    // The app shell and the router reach areas through the registry and public.ts only.
    expect(crossings.map((e) => `${e.from} → ${e.to}`)).toEqual([]);
  });

  it('keeps the kernel (src/web/lib, src/web/components) free of areas', () => {
    expect(edges.filter((e) => /^src\/web\/(lib|components)\//.test(e.from) && areaOf(e.to)).map((e) => `${e.from} → ${e.to}`)).toEqual([]);
  });

  it('has no cycle between areas', () => {
    const deps = new Map<string, Set<string>>();
    for (const { from, to } of edges) {
      const [a, b] = [areaOf(from), areaOf(to)];
      if (a && b && a !== b) deps.set(a, new Set([...(deps.get(a) ?? []), b]));
    }
    const cycles: string[] = [];
    const visit = (area: string, trail: string[]) => {
      if (trail.includes(area)) return void cycles.push([...trail.slice(trail.indexOf(area)), area].join(' → '));
      for (const next of deps.get(area) ?? []) visit(next, [...trail, area]);
    };
    for (const area of deps.keys()) visit(area, []);
    expect(cycles).toEqual([]);
    // Today's graph: portfolio → bulk, payments (the loan profile's payment links), communication (the link to the loan's messages and chat), legal (the link to the loan's notices and cases); bulk → legal (the Notice management tab), payments (the payments tab); allocation → bulk, portfolio; field → auth, portfolio, users; calling → portfolio (the call-list builder's month and filters).
    expect(Object.fromEntries([...deps].map(([a, b]) => [a, [...b].sort()]))).toEqual({ portfolio: ['bulk', 'communication', 'legal', 'payments'], allocation: ['bulk', 'portfolio'], bulk: ['legal', 'payments'], field: ['auth', 'portfolio', 'users'], 'change-requests': ['approval'], repossession: ['approval'], settlements: ['approval'], calling: ['portfolio'] });
  });
});
