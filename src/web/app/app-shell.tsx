/**
 * The app shell for `/app/*`, `/v1/app/*` and `/v2/app/*` (spec 2): loads the profile and the
 * company's permissions, keeps `company_id` in the URL (first assigned company when missing),
 * applies the ui-version redirect, and lays out a collapsible side menu with a top bar on desks
 * (≥769 px) or a compact header with a bottom navigation bar on phones (≤768 px, spec 9).
 */
import { Alert, Box, Button, Flex, Icon, IconButton, Image, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { ChartColumn, CircleUser, ClipboardCheck, CreditCard, Ellipsis, FileStack, FileUp, House, KeyRound, Landmark, LayoutDashboard, MapPinned, Network, PanelLeftClose, PanelLeftOpen, Settings, Users, Wallet } from 'lucide-react';
import { UserCheck } from 'lucide-react';
import { MapIcon } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { uiVersionRedirect } from '../../domain/companies/ui-version';
import { useProfile } from '../features/auth/api';
import { signOut } from '../features/auth/sign-out';
import { usePermissions } from '../features/companies/api';
import { CompanySwitcher } from '../features/companies/company-switcher';
import { ApiError, errorMessage } from '../lib/api';
import { hasFieldScreens, isFieldScreen, visibleMenu, type MenuEntry, type MenuIcon } from '../lib/menu';
import { appLink, appPrefix } from '../lib/navigation';
import { useIsPhone } from '../lib/use-is-phone';
import { LanguagePicker } from './language-picker';
import { ShellContext, SYNC_BAR_MIN_HEIGHT, type ShellState } from './shell-context';
import { ScreenErrorBoundary } from './screen-error-boundary';

const ICONS: Record<MenuIcon, LucideIcon> = {
  home: House,
  users: Users,
  roles: Network,
  profiles: KeyRound,
  settings: Settings,
  reports: ChartColumn,
  loans: Landmark,
  bulk: FileStack,
  visits: MapPinned,
  deposits: Wallet,
  online: CreditCard,
  documents: FileUp,
  verification: ClipboardCheck,
  fos_dashboard: LayoutDashboard,
  assignment: UserCheck,
  tracking: MapIcon,
};

// The field app's sync bar and outbox triggers (issue 4): a lazy chunk, so Dexie stays out of the
// first load of desk users who never open a field screen.
const FieldShell = lazy(() => import('../features/field/field-shell'));
// Popups of the chrome (menu, drawer) are lazy chunks opened on demand: the field route on a phone
// loads none of their machinery before it is usable.
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
    <Stack as="ul" gap="1" listStyleType="none" p="2" m="0">
      {entries.map((entry) => {
        const active = entry === current;
        const label = t(entry.labelKey);
        return (
          <li key={entry.screen}>
            <Link
              asChild
              display="flex"
              alignItems="center"
              gap="3"
              px="3"
              py="2"
              rounded="md"
              fontWeight={active ? 'semibold' : 'normal'}
              bg={active ? 'blue.subtle' : undefined}
              color={active ? 'blue.fg' : 'fg'}
              textDecoration="none"
              _hover={{ bg: 'bg.muted', textDecoration: 'none' }}
              title={collapsed ? label : undefined}
            >
              <NavLink to={appLink(prefix, entry.screen, companyId)} aria-current={active ? 'page' : undefined} end>
                <Icon as={ICONS[entry.icon]} boxSize="5" flexShrink={0} aria-hidden />
                {collapsed ? <Box srOnly>{label}</Box> : <Text as="span">{label}</Text>}
              </NavLink>
            </Link>
          </li>
        );
      })}
    </Stack>
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
    return (
      <Link
        asChild
        key={entry.screen}
        flex="1"
        display="flex"
        flexDirection="column"
        alignItems="center"
        gap="0.5"
        py="2"
        fontSize="xs"
        color={active ? 'blue.fg' : 'fg.muted'}
        fontWeight={active ? 'semibold' : 'normal'}
        textDecoration="none"
        minW="0"
      >
        <NavLink to={appLink(prefix, entry.screen, companyId)} aria-current={active ? 'page' : undefined} onClick={() => setMoreOpen(false)}>
          <Icon as={ICONS[entry.icon]} boxSize="5" aria-hidden />
          <Text as="span" truncate maxW="full">
            {t(entry.labelKey)}
          </Text>
        </NavLink>
      </Link>
    );
  };
  return (
    <Flex
      as="nav"
      aria-label={t('shell.bottom_navigation')}
      data-testid="bottom-nav"
      position="fixed"
      bottom="0"
      insetInline="0"
      bg="bg"
      borderTopWidth="1px"
      zIndex="sticky"
      pb="env(safe-area-inset-bottom)"
    >
      {shown.map(item)}
      {rest.length > 0 && (
        <Button
          variant="ghost"
          flex="1"
          height="auto"
          py="2"
          flexDirection="column"
          gap="0.5"
          fontSize="xs"
          fontWeight="normal"
          color="fg.muted"
          rounded="none"
          minW="0"
          lineHeight="moderate"
          aria-haspopup="dialog"
          aria-expanded={moreOpen}
          onClick={() => {
            setMoreLoaded(true);
            setMoreOpen(true);
          }}
        >
          <Icon as={Ellipsis} boxSize="5" aria-hidden />
          {/* The same text box as the links beside it, so the labels line up. */}
          <Text as="span" truncate maxW="full" lineHeight="inherit">
            {t('shell.more')}
          </Text>
        </Button>
      )}
      {/* Kept mounted once loaded, so closing it returns focus to the More button. */}
      {moreLoaded && (
        <Suspense fallback={null}>
          <MoreDrawer title={t('shell.more')} open={moreOpen} onClose={() => setMoreOpen(false)}>
            {rest.map(item)}
          </MoreDrawer>
        </Suspense>
      )}
    </Flex>
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
    <IconButton
      variant="ghost"
      aria-label={t('shell.user_menu')}
      aria-haspopup="menu"
      data-testid="user-menu"
      loading={loading}
      onPointerEnter={() => void loadUserMenu()}
      onClick={() => setWanted(true)}
    >
      <CircleUser />
    </IconButton>
  );
  if (!wanted) return button(false);
  return (
    <Suspense fallback={button(true)}>
      <UserMenuPopup name={name} email={email} label={t('shell.user_menu')} signOutLabel={t('shell.sign_out')} onSignOut={() => void signOut()} />
    </Suspense>
  );
}

function ScreenFallback() {
  const { t } = useTranslation();
  return (
    <Flex justify="center" py="16" role="status" aria-live="polite">
      <Spinner size="lg" />
      <Box srOnly>{t('common.loading')}</Box>
    </Flex>
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

  const entries = visibleMenu(permissions.data?.profile_details.permissions, { fieldFirst: profile.data?.profession === 'field executive' });
  // The sync bar and the outbox drain: on the field screens (which work offline, when the
  // permissions cannot load, so the path decides), for field executives, and on phones of users
  // who may record field work. Desk users elsewhere do not load Dexie at all.
  const fieldMode =
    isFieldScreen(location.pathname.slice(prefix.length + 1)) ||
    profile.data?.profession === 'field executive' ||
    (isPhone && hasFieldScreens(permissions.data?.profile_details.permissions));
  const shell: ShellState = { profile: profile.data, companyId, company, permissions: permissions.data?.profile_details.permissions, prefix };
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  // No HTTP answer at all: the network or the server is down, not a refusal.
  const unreachable = profile.error instanceof ApiError && profile.error.failure.status === null;

  const problems = (
    <>
      {profile.isError && (
        <Alert.Root status={offline || unreachable ? 'warning' : 'error'} mb="4" data-testid="shell-load-error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{offline ? t('shell.offline_title') : unreachable ? t('shell.unreachable_title') : t('shell.profile_failed')}</Alert.Title>
            <Alert.Description>{offline || unreachable ? t('shell.offline_body') : errorMessage(profile.error)}</Alert.Description>
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={() => void profile.refetch()}>
            {t('common.retry')}
          </Button>
        </Alert.Root>
      )}
    </>
  );

  const main = (
    <Box as="main" id="main" flex="1" minW="0" px={{ base: '4', md: '6' }} py={{ base: '4', md: '6' }} pb={isPhone ? '24' : '6'} tabIndex={-1} outline="none">
      {problems}
      <ScreenErrorBoundary>
        <Suspense fallback={<ScreenFallback />}>
          <Outlet />
        </Suspense>
      </ScreenErrorBoundary>
    </Box>
  );

  const userMenu = <UserMenu name={profile.data?.name ?? ''} email={profile.data?.email ?? ''} />;

  return (
    <ShellContext.Provider value={shell}>
      <Box asChild srOnly _focus={{ position: 'fixed', top: '2', insetStart: '2', zIndex: 'max', bg: 'bg', p: '2', width: 'auto', height: 'auto', clip: 'auto' }}>
        <a href="#main">{t('shell.skip_to_content')}</a>
      </Box>
      {/* One tree for both layouts, so crossing the 768 px breakpoint (a rotated tablet, a resized
          window) re-renders the chrome around the screen but never remounts the screen and its state. */}
      <Flex minH="100dvh" bg="bg.subtle">
        {!isPhone && (
          <Box
            as="nav"
            aria-label={t('shell.side_menu')}
            data-testid="side-menu"
            width={collapsed ? '16' : '60'}
            flexShrink={0}
            bg="bg"
            borderEndWidth="1px"
            transition="width 0.15s"
            position="sticky"
            top="0"
            height="100dvh"
            overflowY="auto"
          >
            <Flex align="center" justify={collapsed ? 'center' : 'space-between'} px="3" py="3" borderBottomWidth="1px" minH="14">
              {!collapsed && (
                <Text fontWeight="bold" color="blue.fg" truncate>
                  {t('app.name')}
                </Text>
              )}
              <IconButton
                size="sm"
                variant="ghost"
                aria-label={collapsed ? t('shell.expand_menu') : t('shell.collapse_menu')}
                aria-expanded={!collapsed}
                onClick={() => setCollapsed((c) => !c)}
              >
                {collapsed ? <PanelLeftOpen /> : <PanelLeftClose />}
              </IconButton>
            </Flex>
            <SideMenu entries={entries} collapsed={collapsed} />
          </Box>
        )}
        <Flex direction="column" flex="1" minW="0">
          <Box position="sticky" top="0" zIndex="sticky">
            {isPhone ? (
              <Flex as="header" align="center" gap="2" px="3" py="2" bg="bg" borderBottomWidth="1px">
                <Image src="/favicon.svg" alt={t('app.name')} boxSize="7" flexShrink={0} />
                <Box flex="1" minW="0">
                  <CompanySwitcher assigned={assigned} maxW="full" />
                </Box>
                <LanguagePicker size="xs" />
                {userMenu}
              </Flex>
            ) : (
              <Flex as="header" align="center" gap="3" px="6" py="2" minH="14" bg="bg" borderBottomWidth="1px">
                <Box flex="1" minW="0">
                  <CompanySwitcher assigned={assigned} />
                </Box>
                <LanguagePicker />
                {userMenu}
              </Flex>
            )}
            {/* The field sync bar (issue 4): always in view under the header on field screens. */}
            {fieldMode && (
              <Suspense fallback={<Box minH={SYNC_BAR_MIN_HEIGHT} bg="bg" borderBottomWidth="1px" />}>
                <FieldShell />
              </Suspense>
            )}
          </Box>
          {main}
          {isPhone && <BottomNav entries={entries} />}
        </Flex>
      </Flex>
    </ShellContext.Provider>
  );
}
