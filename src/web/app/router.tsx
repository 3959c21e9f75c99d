/**
 * Routes (spec 2): `/login`, `/login/sso`, and the app under `/app`, `/v1/app` and `/v2/app`.
 * Every area declares its screens in its front door (src/web/features/<name>/area.ts, read through
 * src/web/lib/areas.ts); this file names no area. The routes are those of the areas loaded so far:
 * the entry areas' at first, every area's once the desk areas' doors arrived (`useWebAreas`); a
 * path no loaded route matches waits for them (`UnknownPath`) before it is "not found". Home is the shell's own landing page.
 * Every screen that renders Chakra UI is wrapped in its provider (`chakra()`); a route marked
 * `plain` (the field executive's day list, `visit-details`) renders without Chakra (issue 4).
 * Declarative routes (`useRoutes` under a BrowserRouter): the app uses no loaders or actions, and
 * the data router would add ~12 KB gzipped to every first load. Every screen is a lazy chunk;
 * sign-in, home and the field screens are precached (vite.config.ts) so they open offline; desk
 * pages (`shell: 'desk'`, `*-page` under assets/lazy) load with their desk texts (`deskPage`)
 * when opened.
 */
import { lazy, useEffect, useLayoutEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useNavigate, useParams, useRoutes, type RouteObject } from 'react-router-dom';
import { Spinner } from '../components/plain';
import { WithChakra } from '../components/with-chakra';
import type { WebArea, WebRoute } from '../lib/area';
import { setAppDoor } from '../lib/app-handoff';
import { allAreasLoaded, loadAllAreas, prefetchSignInRoutes, useWebAreas } from '../lib/areas';
import { deskPage } from '../lib/i18n';
import { useSession } from '../lib/store';
import { PHONE_QUERY } from '../lib/use-is-phone';
import { AppShell } from './app-shell';
import { BootShell } from './boot-shell';
import { NotFound } from './not-found';
import { SessionAlerts } from './session-alerts';
import { ServiceWorkerUpdates } from './sw-update';

const HomePage = lazy(() => import('./home-page'));

/** A screen rendered in Chakra's provider (loaded with the screen's chunk). */
function chakra(screen: ReactNode): ReactNode {
  return <WithChakra>{screen}</WithChakra>;
}

/** One element per route, kept when the routes are rebuilt (the desk areas arrived), so an open screen is not mounted again. */
const screens = new WeakMap<WebRoute, ReactNode>();

/** The element of an area's route: its lazy page (with the desk texts for a desk page), in Chakra's provider unless plain. */
function screenOf(route: WebRoute): ReactNode {
  const known = screens.get(route);
  if (known) return known;
  const load = !route.top && route.shell === 'desk' ? deskPage(route.page) : route.page;
  // A page's props are the route's (`props`), which the front door pairs with it.
  const Page = lazy(load as unknown as () => Promise<{ default: ComponentType<Record<string, unknown>> }>);
  const screen = <Page {...route.props} />;
  const element = route.plain ? screen : chakra(screen);
  screens.set(route, element);
  return element;
}

/**
 * A path no loaded route matches: "not found" once every area's front door is loaded; until then
 * the boot shell while they load (a desk page opened by URL, before its area's door arrived).
 */
function UnknownPath({ inShell = false }: { inShell?: boolean }) {
  const [failed, setFailed] = useState(false);
  const complete = allAreasLoaded();
  useEffect(() => {
    if (!complete) loadAllAreas().catch(() => setFailed(true));
  }, [complete]);
  if (complete || failed) return <NotFound />;
  return inShell ? (
    <div className="ro-state" role="status" aria-live="polite">
      <Spinner size="lg" />
    </div>
  ) : (
    <BootShell />
  );
}

/** The app's prefixes (spec 2): `/app`, `/v1/app`, `/v2/app`; any other first segment is not found. */
const UI_SEGMENTS = new Set([undefined, 'v1', 'v2']);

/** The app under one of its prefixes (`/:ui?/app`): signed in, the shell; another first segment (`/v3/app`) is an unknown path. */
function AppPrefix() {
  const { ui } = useParams();
  return UI_SEGMENTS.has(ui) ? <RequireAuth /> : <UnknownPath />;
}

/** Spec 4: authenticated means a uat token exists; otherwise go to /login with `next`. */
function RequireAuth() {
  const { uat } = useSession();
  const location = useLocation();
  if (!uat) return <Navigate to={`/login?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  return <AppShell />;
}

/**
 * On a phone, the day list's chunks start loading once the user types on the sign-in page (issue
 * 18): not before the form works, and not after sign-in, when the executive would wait for them.
 */
export function warmNextScreen(): void {
  if (window.matchMedia(PHONE_QUERY).matches) void prefetchSignInRoutes();
}

/** Lets screens that also run before the app (lib/app-handoff.ts: the sign-in page) navigate in the page. */
function AppDoor() {
  const navigate = useNavigate();
  // A layout effect of the first child: in place before any screen's effect runs.
  useLayoutEffect(() => setAppDoor({ app: true, go: (to, replace) => void navigate(to, { replace }), warm: warmNextScreen }), [navigate]);
  return null;
}

function Root() {
  return (
    <>
      <AppDoor />
      <Outlet />
      <SessionAlerts />
      <ServiceWorkerUpdates />
    </>
  );
}

/** The route objects of the loaded areas' routes. */
function routesOf(areas: readonly WebArea[]): RouteObject[] {
  const areaRoutes = areas.flatMap((area) => area.routes);
  const appChildren: RouteObject[] = [
    { index: true, element: chakra(<HomePage />) },
    { path: 'home', element: chakra(<HomePage />) },
    ...areaRoutes.filter((route) => !route.top).map((route) => ({ path: route.path, element: screenOf(route) })),
    { path: '*', element: <UnknownPath inShell /> },
  ];
  return [
    {
      element: <Root />,
      children: [
        { path: '/', element: <Navigate to={{ pathname: '/app', search: window.location.search }} replace /> },
        ...areaRoutes.filter((route) => route.top).map((route) => ({ path: route.path, element: screenOf(route) })),
        // One route for the three prefixes (an optional segment), not three copies of every app
        // screen: react-router flattens and ranks every route on each render of AppRoutes (each
        // navigation), which with three copies cost 50-70 ms at 4x CPU on the field route (issue 18).
        { path: '/:ui?/app', element: <AppPrefix />, children: appChildren },
        { path: '*', element: <UnknownPath /> },
      ],
    },
  ];
}

/** The app's routes; render inside a BrowserRouter. */
export function AppRoutes() {
  const areas = useWebAreas();
  const routes = useMemo(() => routesOf(areas), [areas]);
  return useRoutes(routes);
}
