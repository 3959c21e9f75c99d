/**
 * Routes (spec 2): `/login`, `/login/sso`, and the app under `/app`, `/v1/app` and `/v2/app`.
 * Every screen that renders Chakra UI is wrapped in its provider (`chakra()`); the field
 * executive's day list (`visit-details`) is plain and renders without Chakra (issue 4).
 * Declarative routes (`useRoutes` under a BrowserRouter): the app uses no loaders or actions, and
 * the data router would add ~12 KB gzipped to every first load. Every screen is a lazy chunk;
 * login, home and the field screens are precached (vite.config.ts) so they open offline, the admin
 * screens (`*-page` under assets/lazy) are loaded when opened.
 */
import { lazy, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { deskPage } from '../lib/i18n';
import { session } from '../lib/store';
import { AppShell } from './app-shell';
import { NotFound } from './not-found';
import { SessionAlerts } from './session-alerts';
import { ServiceWorkerUpdates } from './sw-update';
import { WithChakra } from './with-chakra';

const LoginPage = lazy(() => import('../features/auth/login-page'));
const SsoPage = lazy(() => import('../features/auth/sso-page'));
const HomePage = lazy(() => import('../features/home/home-page'));
const UserManagementPage = lazy(deskPage(() => import('../features/users/user-management-page')));
const RolesPage = lazy(deskPage(() => import('../features/users/roles-page')));
const ProfilesPage = lazy(deskPage(() => import('../features/users/profiles-page')));
const UserReportsPage = lazy(deskPage(() => import('../features/users/user-reports-page')));
const CompanySettingsPage = lazy(deskPage(() => import('../features/companies/company-settings-page')));
const LoansPage = lazy(deskPage(() => import('../features/portfolio/loans-page')));
const LoanProfilePage = lazy(deskPage(() => import('../features/portfolio/loan-profile-page')));
const CustomerPage = lazy(deskPage(() => import('../features/portfolio/customer-page')));
const ActivityPage = lazy(deskPage(() => import('../features/portfolio/activity-page')));
const BulkOperationsPage = lazy(deskPage(() => import('../features/bulk/bulk-operations-page')));
const PortfolioAssignmentPage = lazy(deskPage(() => import('../features/allocation/portfolio-assignment-page')));
const FosVisitsPage = lazy(deskPage(() => import('../features/verification/fos-visits-page')));
const FosDashboardPage = lazy(deskPage(() => import('../features/dashboards/fos-dashboard-page')));
// Issue 5: one screen, two layouts; a desktop chunk kept out of the precache (src/web/features/tracking).
const FieldForceTrackingPage = lazy(deskPage(() => import('../features/tracking/field-force-tracking-page')));
// Field app screens (issue 4): lazy `*-screen` chunks that the service worker precaches, so a
// field executive reloading offline still gets them (vite.config.ts).
const MyVisitsScreen = lazy(() => import('../features/field/my-visits-screen'));
const VisitFormScreen = lazy(() => import('../features/field/visit-form-screen'));
const DepositsScreen = lazy(() => import('../features/field/deposits-screen'));
const OnlineRecoveriesScreen = lazy(() => import('../features/field/online-recoveries-screen'));
const DocumentUploadScreen = lazy(() => import('../features/field/document-upload-screen'));

/** A screen rendered in Chakra's provider (loaded with the screen's chunk). */
function chakra(screen: ReactNode): ReactNode {
  return <WithChakra>{screen}</WithChakra>;
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

const appChildren: RouteObject[] = [
  { index: true, element: chakra(<HomePage />) },
  { path: 'home', element: chakra(<HomePage />) },
  { path: 'user-management', element: chakra(<UserManagementPage />) },
  { path: 'roles', element: chakra(<RolesPage />) },
  { path: 'profiles', element: chakra(<ProfilesPage />) },
  { path: 'company-settings', element: chakra(<CompanySettingsPage />) },
  { path: 'user-reports', element: chakra(<UserReportsPage />) },
  { path: 'customer-loans', element: chakra(<LoansPage />) },
  { path: 'customer/loan-details', element: chakra(<LoanProfilePage />) },
  { path: 'customer-details', element: chakra(<CustomerPage />) },
  { path: 'customer/activity-summary', element: chakra(<ActivityPage />) },
  { path: 'bulk-operations', element: chakra(<BulkOperationsPage />) },
  { path: 'portfolio-assignment', element: chakra(<PortfolioAssignmentPage />) },
  { path: 'visit-details', element: <MyVisitsScreen /> },
  { path: 'customer/visit-details', element: chakra(<VisitFormScreen />) },
  { path: 'field-executive', element: chakra(<DepositsScreen />) },
  { path: 'field-executive/online', element: chakra(<OnlineRecoveriesScreen />) },
  { path: 'document-upload', element: chakra(<DocumentUploadScreen />) },
  { path: 'fos-visits', element: chakra(<FosVisitsPage />) },
  { path: 'fos-dashboard', element: chakra(<FosDashboardPage />) },
  { path: 'field-force-tracking', element: chakra(<FieldForceTrackingPage layout="classic" />) },
  { path: 'field-force-tracking_v2', element: chakra(<FieldForceTrackingPage layout="map-first" />) },
  { path: '*', element: <NotFound /> },
];

const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      { path: '/', element: <Navigate to={{ pathname: '/app', search: window.location.search }} replace /> },
      { path: '/login', element: chakra(<LoginPage />) },
      { path: '/login/sso', element: chakra(<SsoPage />) },
      ...['/app', '/v1/app', '/v2/app'].map((path) => ({ path, element: <RequireAuth />, children: appChildren })),
      { path: '*', element: <NotFound /> },
    ],
  },
];

/** The app's routes; render inside a BrowserRouter. */
export function AppRoutes() {
  return useRoutes(routes);
}
