/**
 * The app shell for `/app/*`, `/v1/app/*` and `/v2/app/*` (spec 2): loads the profile and the
 * company's permissions, keeps `company_id` in the URL (first assigned company when missing),
 * applies the ui-version redirect, and lays out a collapsible side menu with a top bar on desks
 * (≥769 px) or a compact header with a bottom navigation bar on phones (≤768 px, spec 9).
 *
 * Plain React and CSS (shell.css), no Chakra UI: the field executive's day list renders inside it
 * before Chakra and emotion have loaded (issue 4 field route weight). Screens that use Chakra are
 * wrapped in its provider by the router (with-chakra.tsx), and so are the chrome's popups (user
 * menu, the phone's More sheet), which are lazy chunks opened on demand.
 */
import { CircleUser, Ellipsis, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { uiVersionRedirect } from '../../domain/companies/ui-version';
import { InlineAlert, Spinner } from '../components/plain';
import { signOut, useProfile } from '../features/auth/public';
import { CompanySwitcher, usePermissions } from '../features/companies/public';
import { ApiError, errorMessage } from '../lib/api';
import type { WebArea } from '../lib/area';
import { allAreasLoaded, loadAllAreas, useWebAreas } from '../lib/areas';
import { afterFirstScreen } from '../lib/idle';
import { FIELD_EXECUTIVE, hasFieldScreens, isFieldScreen, screenAccess, visibleMenu, type MenuEntry } from '../lib/menu';
import { appLink, appPrefix } from '../lib/navigation';
import { useIsPhone } from '../lib/use-is-phone';
import { LanguagePicker } from '../components/language-picker';
import { ShellContext, type ShellState } from '../lib/shell-context';
import { NoAccess } from './no-access';
import { ScreenErrorBoundary } from './screen-error-boundary';
import { preloadChakra, WithChakra } from '../components/with-chakra';


// The bars areas show in field mode (the field app's sync bar and outbox triggers, issue 4): lazy
// chunks, so IndexedDB code stays out of the first load of desk users who never open a field screen. One
// lazy component per area, kept when the registry gains areas.
const fieldBars = new Map<string, ComponentType>();
function fieldBarOf(area: WebArea): ComponentType | null {
  if (!area.fieldBar) return null;
  let Bar = fieldBars.get(area.name);
  if (!Bar) fieldBars.set(area.name, (Bar = lazy(area.fieldBar)));
  return Bar;
}
// Popups of the chrome (menu, drawer) are lazy chunks opened on demand, with Chakra: the field
// route on a phone loads none of their machinery before it is usable.
const loadUserMenu = () => import('./user-menu');
const UserMenuPopup = lazy(loadUserMenu);
const MoreDrawer = lazy(() => import('./more-drawer'));

function isActive(entry: MenuEntry, pathname: string, prefix: string): boolean {
  const target = entry.screen ? `${prefix}/${entry.screen}` : prefix;
  if (!entry.screen) return pathname === prefix || pathname === `${prefix}/` || pathname === `${prefix}/home`;
  return pathname === target || pathname.startsWith(`${target}/`);
}

/** The matching entry; the deeper one wins (field-executive/online over field-executive). */
function activeEntry(entries: MenuEntry[], pathname: string, prefix: string): MenuEntry | undefined {
  return entries.filter((entry) => isActive(entry, pathname, prefix)).sort((a, b) => b.screen.length - a.screen.length)[0];
}

function SideMenu({ entries, collapsed }: { entries: MenuEntry[]; collapsed: boolean }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const prefix = appPrefix(pathname);
  const companyId = new URLSearchParams(search).get('company_id');
  const current = activeEntry(entries, pathname, prefix);
  return (
    <ul className="ro-side-list">
      {entries.map((entry) => {
        const active = entry === current;
        const label = t(entry.labelKey);
        const Icon = entry.icon;
        return (
          <li key={entry.screen}>
            {/* A Link with aria-current set here, not a NavLink: the deeper entry wins (activeEntry),
                and Home must not look current on every screen under /app. */}
            <Link to={appLink(prefix, entry.screen, companyId)} className="ro-nav-link" aria-current={active ? 'page' : undefined} title={collapsed ? label : undefined}>
              <Icon size={20} aria-hidden />
              {collapsed ? <span className="ro-sr-only">{label}</span> : <span>{label}</span>}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function BottomNav({ entries }: { entries: MenuEntry[] }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const prefix = appPrefix(pathname);
  const companyId = new URLSearchParams(search).get('company_id');
  const [moreOpen, setMoreOpen] = useState(false);
  const [moreLoaded, setMoreLoaded] = useState(false);
  const shown = entries.length > 4 ? entries.slice(0, 3) : entries;
  const rest = entries.length > 4 ? entries.slice(3) : [];
  const current = activeEntry(entries, pathname, prefix);
  const item = (entry: MenuEntry) => {
    const active = entry === current;
    const Icon = entry.icon;
    return (
      <Link key={entry.screen} to={appLink(prefix, entry.screen, companyId)} className="ro-bottom-item" aria-current={active ? 'page' : undefined} onClick={() => setMoreOpen(false)}>
        <Icon size={20} aria-hidden />
        <span>{t(entry.labelKey)}</span>
      </Link>
    );
  };
  return (
    <nav aria-label={t('shell.bottom_navigation')} data-testid="bottom-nav" className="ro-bottom">
      {shown.map(item)}
      {rest.length > 0 && (
        <button
          type="button"
          className="ro-bottom-item"
          aria-haspopup="dialog"
          aria-expanded={moreOpen}
          onPointerEnter={preloadChakra}
          onClick={() => {
            setMoreLoaded(true);
            setMoreOpen(true);
          }}
        >
          <Ellipsis size={20} aria-hidden />
          <span>{t('shell.more')}</span>
        </button>
      )}
      {/* Kept mounted once loaded, so closing it returns focus to the More button. */}
      {moreLoaded && (
        <WithChakra fallback={null}>
          <MoreDrawer title={t('shell.more')} open={moreOpen} onClose={() => setMoreOpen(false)}>
            <div className="ro-more-list">{rest.map(item)}</div>
          </MoreDrawer>
        </WithChakra>
      )}
    </nav>
  );
}

/**
 * The user menu's button. The menu itself (zag's menu machine, floating-ui) is a lazy chunk loaded
 * on first use (or when a pointer comes near on a desk), so it stays out of the field route's load.
 */
function UserMenu({ name, email }: { name: string; email: string }) {
  const { t } = useTranslation();
  const [wanted, setWanted] = useState(false);
  const button = (loading: boolean) => (
    <button
      type="button"
      className="ro-btn ro-icon-btn"
      data-variant="ghost"
      aria-label={t('shell.user_menu')}
      aria-haspopup="menu"
      aria-busy={loading || undefined}
      data-testid="user-menu"
      onPointerEnter={() => {
        preloadChakra();
        void loadUserMenu();
      }}
      onClick={() => setWanted(true)}
    >
      {loading ? <Spinner /> : <CircleUser size={20} aria-hidden />}
    </button>
  );
  if (!wanted) return button(false);
  return (
    <WithChakra fallback={button(true)}>
      <UserMenuPopup name={name} email={email} label={t('shell.user_menu')} signOutLabel={t('shell.sign_out')} onSignOut={() => void signOut()} />
    </WithChakra>
  );
}

function ScreenFallback() {
  const { t } = useTranslation();
  return (
    <div className="ro-state" role="status" aria-live="polite">
      <Spinner size="lg" />
      <span className="ro-sr-only">{t('common.loading')}</span>
    </div>
  );
}

export function AppShell() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const isPhone = useIsPhone();
  const [collapsed, setCollapsed] = useState(false);
  const profile = useProfile();
  const params = new URLSearchParams(location.search);
  const companyId = params.get('company_id');
  const permissions = usePermissions(companyId);
  const prefix = appPrefix(location.pathname);
  const assigned = useMemo(() => Object.values(profile.data?.assigned_companies_dict ?? {}), [profile.data]);
  const company = assigned.find((c) => c.company_id === companyId);

  // Spec 2: the URL always carries company_id, and single-company users land on their ui version.
  useEffect(() => {
    if (!profile.data) return;
    if (!companyId) {
      const first = assigned[0];
      if (!first) return;
      const next = new URLSearchParams(location.search);
      next.set('company_id', first.company_id);
      navigate({ pathname: location.pathname, search: `?${next.toString()}` }, { replace: true });
      return;
    }
    const target = uiVersionRedirect({
      pathname: location.pathname,
      search: location.search,
      userType: profile.data.user_type,
      assignedCompanyCount: assigned.length,
      uiVersion: company?.ui_version ?? null,
    });
    if (target && target !== `${location.pathname}${location.search}`) navigate(target, { replace: true });
  }, [profile.data, companyId, company, assigned, location.pathname, location.search, navigate]);

  const permissionsMap = permissions.data?.profile_details.permissions;
  const profession = profile.data?.profession;
  const areas = useWebAreas();
  // The desk areas' front doors (their menu entries, lib/areas.ts): at once for anyone but a field
  // executive on a phone, whose day list they would only slow down (issue 18); for them on the
  // first touch or key, or 10 s after the shell opened.
  const deferAreas = isPhone && (profession === undefined || profession === FIELD_EXECUTIVE);
  useEffect(() => {
    if (allAreasLoaded()) return undefined;
    const load = () => void loadAllAreas().catch(() => undefined);
    if (!deferAreas) {
      load();
      return undefined;
    }
    return afterFirstScreen(load);
  }, [deferAreas]);
  // The menu: what the permissions grant and the profession fits (lib/menu.ts, issue 12), of the areas loaded so far.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `areas` changes what visibleMenu reads
  const entries = useMemo(() => visibleMenu(permissionsMap, profession ?? null), [permissionsMap, profession, areas]);
  const screen = location.pathname.slice(prefix.length + 1);
  // A screen opened by URL that the user may not use says so (the same rules as the menu); while
  // the profile or permissions are not at hand (loading, offline) the screen opens as before.
  const access = screenAccess(screen, permissions.isError ? undefined : permissionsMap, profession);
  // The sync bar and the outbox drain: on the field screens (which work offline, when the
  // permissions cannot load, so the path decides), for field executives, and on phones of users
  // who may record field work. Desk users elsewhere do not load the offline store at all.
  const fieldMode =
    (isFieldScreen(screen) && access !== 'no') || profession === FIELD_EXECUTIVE || (isPhone && hasFieldScreens(permissionsMap, profession ?? null));
  // One object while nothing in it changes: every screen and the sync bar read it from context.
  const shell = useMemo<ShellState>(
    () => ({ profile: profile.data, companyId, company, permissions: permissionsMap, prefix, menu: entries }),
    [profile.data, companyId, company, permissionsMap, prefix, entries],
  );
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  // No HTTP answer at all: the network or the server is down, not a refusal.
  const unreachable = profile.error instanceof ApiError && profile.error.failure.status === null;

  const problems = profile.isError ? (
    <InlineAlert
      status={offline || unreachable ? 'warning' : 'error'}
      testId="shell-load-error"
      title={offline ? t('shell.offline_title') : unreachable ? t('shell.unreachable_title') : t('shell.profile_failed')}
      action={
        <button type="button" className="ro-btn" data-variant="outline" data-size="xs" onClick={() => void profile.refetch()}>
          {t('common.retry')}
        </button>
      }
    >
      {offline || unreachable ? t('shell.offline_body') : errorMessage(profile.error)}
    </InlineAlert>
  ) : null;

  const main = (
    <main id="main" className="ro-main" data-phone={isPhone} tabIndex={-1}>
      {problems}
      <ScreenErrorBoundary>
        {access === 'no' ? (
          <NoAccess home={appLink(prefix, '', companyId)} />
        ) : (
          <Suspense fallback={<ScreenFallback />}>
            <Outlet />
          </Suspense>
        )}
      </ScreenErrorBoundary>
    </main>
  );

  const userMenu = <UserMenu name={profile.data?.name ?? ''} email={profile.data?.email ?? ''} />;

  return (
    <ShellContext.Provider value={shell}>
      <a href="#main" className="ro-skip">
        {t('shell.skip_to_content')}
      </a>
      {/* One tree for both layouts, so crossing the 768 px breakpoint (a rotated tablet, a resized
          window) re-renders the chrome around the screen but never remounts the screen and its state. */}
      <div className="ro-shell">
        {!isPhone && (
          <nav aria-label={t('shell.side_menu')} data-testid="side-menu" className="ro-side" data-collapsed={collapsed}>
            <div className="ro-side-head">
              {!collapsed && <p className="ro-brand">{t('app.name')}</p>}
              <button
                type="button"
                className="ro-btn ro-icon-btn"
                data-variant="ghost"
                data-size="sm"
                aria-label={collapsed ? t('shell.expand_menu') : t('shell.collapse_menu')}
                aria-expanded={!collapsed}
                onClick={() => setCollapsed((c) => !c)}
              >
                {collapsed ? <PanelLeftOpen size={18} aria-hidden /> : <PanelLeftClose size={18} aria-hidden />}
              </button>
            </div>
            <SideMenu entries={entries} collapsed={collapsed} />
          </nav>
        )}
        <div className="ro-column">
          <div className="ro-top">
            {isPhone ? (
              <header className="ro-header">
                <img src="/favicon.svg" alt={t('app.name')} width={28} height={28} />
                <div className="ro-header-company">
                  <CompanySwitcher assigned={assigned} wide />
                </div>
                <LanguagePicker size="xs" />
                {userMenu}
              </header>
            ) : (
              <header className="ro-header" data-desk="true">
                <div className="ro-header-company">
                  <CompanySwitcher assigned={assigned} />
                </div>
                <LanguagePicker />
                {userMenu}
              </header>
            )}
            {/* The field sync bar (issue 4): always in view under the header on field screens. */}
            {fieldMode &&
              areas.map((area) => {
                const Bar = fieldBarOf(area);
                return Bar ? (
                  <Suspense key={area.name} fallback={<div className="ro-sync-slot" />}>
                    <Bar />
                  </Suspense>
                ) : null;
              })}
          </div>
          {main}
          {isPhone && <BottomNav entries={entries} />}
        </div>
      </div>
    </ShellContext.Provider>
  );
}
