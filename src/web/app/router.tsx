/**
 * Routes (spec 2): `/login`, `/login/sso`, and the app under `/app`, `/v1/app` and `/v2/app`.
 * Every area declares its screens in its front door (src/web/features/<name>/area.ts, read through
 * src/web/lib/areas.ts); this file names no area. Home is the shell's own landing page.
 * Every screen that renders Chakra UI is wrapped in its provider (`chakra()`); a route marked
 * `plain` (the field executive's day list, `visit-details`) renders without Chakra (issue 4).
 * Declarative routes (`useRoutes` under a BrowserRouter): the app uses no loaders or actions, and
 * the data router would add ~12 KB gzipped to every first load. Every screen is a lazy chunk;
 * sign-in, home and the field screens are precached (vite.config.ts) so they open offline; desk
 * pages (`shell: 'desk'`, `*-page` under assets/lazy) load with their desk texts (`deskPage`)
 * when opened.
 */
import { lazy, type ComponentType, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { WithChakra } from '../components/with-chakra';
import type { WebRoute } from '../lib/area';
import { WEB_AREAS } from '../lib/areas';
import { deskPage } from '../lib/i18n';
import { session } from '../lib/store';
import { AppShell } from './app-shell';
import { NotFound } from './not-found';
import { SessionAlerts } from './session-alerts';
import { ServiceWorkerUpdates } from './sw-update';

const HomePage = lazy(() => import('./home-page'));

/** A screen rendered in Chakra's provider (loaded with the screen's chunk). */
function chakra(screen: ReactNode): ReactNode {
  return <WithChakra>{screen}</WithChakra>;
}

/** The element of an area's route: its lazy page (with the desk texts for a desk page), in Chakra's provider unless plain. */
function screenOf(route: WebRoute): ReactNode {
  const load = !route.top && route.shell === 'desk' ? deskPage(route.page) : route.page;
  // A page's props are the route's (`props`), which the front door pairs with it.
  const Page = lazy(load as unknown as () => Promise<{ default: ComponentType<Record<string, unknown>> }>);
  const screen = <Page {...route.props} />;
  return route.plain ? screen : chakra(screen);
}

/** Spec 4: authenticated means a uat token exists; otherwise go to /login with `next`. */
function RequireAuth() {
  const { uat } = useSnapshot(session);
  const location = useLocation();
  if (!uat) return <Navigate to={`/login?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  return <AppShell />;
}

function Root() {
  return (
    <>
      <Outlet />
      <SessionAlerts />
      <ServiceWorkerUpdates />
    </>
  );
}

const areaRoutes = WEB_AREAS.flatMap((area) => area.routes);

const appChildren: RouteObject[] = [
  { index: true, element: chakra(<HomePage />) },
  { path: 'home', element: chakra(<HomePage />) },
  ...areaRoutes.filter((route) => !route.top).map((route) => ({ path: route.path, element: screenOf(route) })),
  { path: '*', element: <NotFound /> },
];

const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      { path: '/', element: <Navigate to={{ pathname: '/app', search: window.location.search }} replace /> },
      ...areaRoutes.filter((route) => route.top).map((route) => ({ path: route.path, element: screenOf(route) })),
      ...['/app', '/v1/app', '/v2/app'].map((path) => ({ path, element: <RequireAuth />, children: appChildren })),
      { path: '*', element: <NotFound /> },
    ],
  },
];

/** The app's routes; render inside a BrowserRouter. */
export function AppRoutes() {
  return useRoutes(routes);
}
