/**
 * The web front door of an area (docs/decisions/007-area-kernel.md): `src/web/features/<name>/area.ts`
 * default-exports `defineWebArea({...})`, and the kernel's registry (areas.ts) loads one for every
 * entry of src/domain/areas.ts. The router, the menu and the i18n loader iterate the registry, so a
 * new area's screens, menu entries and texts are declared here and nowhere else.
 *
 * Front doors are in the entry chunk: they import no page and no Chakra, only lucide icons, their
 * English core texts and this file. Pages are lazy thunks (`() => import('./x/y-page')`).
 */
import type { ComponentType, ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import type { AreaName } from '../../domain/areas';
import type { Endpoint } from '../../domain/contracts/endpoint';
import type { PermissionModule, PermissionRequirement } from '../../domain/users/permissions';

/** What a menu entry needs of an endpoint: its access and permission. */
export type MenuEndpoint = Pick<Endpoint, 'access' | 'permission' | 'operation'>;

/** Nested texts of the one `translation` namespace (`{ "field": { "title": "…" } }`). */
export type Texts = { [key: string]: string | Texts };
/**
 * Texts parts deep-merged into one tree, as new objects (parts share sections such as `menu`; a
 * leaf key lives in one part only, so the order does not matter).
 */
export function mergeTexts(parts: readonly Texts[]): Texts {
  const out: Texts = {};
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      const mine = out[key];
      out[key] = typeof mine === 'object' && typeof value === 'object' ? mergeTexts([mine, value]) : value;
    }
  }
  return out;
}

/** A lazy texts part: `() => import('./locales/hi.json')`. */
export type LoadTexts = () => Promise<{ default: Texts }>;
/** A page's module: its default export renders the screen (with the route's `props`). */
export type PageModule = { default: (props: never) => ReactNode };

interface RouteCommon {
  /** The page's chunk: `() => import('./visits/my-visits-screen')`. */
  page: () => Promise<PageModule>;
  /** Props the page is rendered with (one page, two routes: `{ layout: 'map-first' }`). */
  props?: Readonly<Record<string, unknown>>;
  /** Plain React and CSS, rendered without Chakra's provider (the field day list, decision 006). */
  plain?: boolean;
  /**
   * Fetched by the sign-in page on a phone once the user starts typing (`prefetchSignInRoutes`,
   * areas.ts): the screen a phone opens right after sign-in (the field day list), so it is not
   * downloaded before the sign-in form works nor after the user signed in (issue 18).
   */
  prefetchOnSignIn?: boolean;
}

/** A screen under the app prefix (`/app`, `/v1/app`, `/v2/app`), inside the app shell. */
export interface AppRoute extends RouteCommon {
  /** Below the app prefix, e.g. 'customer/visit-details'. */
  path: string;
  top?: false;
  /**
   * 'field': a field app screen (phone-first, opens offline, shows the sync bar; its chunk is
   * precached when the area is `offline`). 'desk': a desk page, loaded with the desk texts
   * (`deskPage`, src/web/lib/i18n.ts) and never precached.
   */
  shell: 'field' | 'desk';
}

/** A route outside the app shell (`/login`): a path from the root. */
export interface TopRoute extends RouteCommon {
  path: `/${string}`;
  top: true;
  /**
   * Rendered alone, before the app is loaded, when the page opens signed out on it (app/main.tsx;
   * issue 18: the sign-in page). Its page then uses no router, TanStack Query, ky or i18next: its
   * texts come from lib/plain-texts.ts, its calls from lib/plain-call.ts, and it goes elsewhere
   * through lib/app-handoff.ts. Inside the app it renders like any `plain` route.
   */
  standalone?: boolean;
}

export type WebRoute = AppRoute | TopRoute;

/** One entry of the side menu / bottom bar (spec 6: shown when the permissions grant it). */
export interface WebMenuEntry {
  /** The route it opens, below the app prefix; '' is home. */
  screen: string;
  /** i18n key of the label (a core text: the shell shows it on every screen). */
  labelKey: string;
  icon: LucideIcon;
  /**
   * The endpoints the screen calls when it opens (src/domain/contracts): the entry shows only when
   * the permissions grant every one (`can`), so a menu entry never opens on "Permission not found".
   * `{ anyOf: [[…], […]] }`: a page of tabs, shown when any one tab's endpoints are granted.
   * Null: every signed-in user.
   */
  opens?: readonly MenuEndpoint[] | { anyOf: readonly (readonly MenuEndpoint[])[] } | null;
  /** @deprecated while areas move to `opens`: null, a permission, or any one of a list. */
  needs?: PermissionRequirement | readonly PermissionRequirement[] | null;
  /** A field app screen (issue 4): listed first after home for field executives. */
  field?: boolean;
  /** Place in the menu, across areas (smaller first). */
  order: number;
}

/** An area's texts: its sections of the one namespace, deep-merged by the i18n loader. */
export interface AreaTexts {
  /** English core texts (bundled: `import en from './locales/en.json'`). */
  en: Texts;
  /** Hindi and Bahasa core texts: one precached chunk per language (vite.config.ts). */
  hi: LoadTexts;
  id: LoadTexts;
  /** Texts only desk pages show, loaded with the first desk page: one lazy chunk per language. */
  desk?: { en: LoadTexts; hi: LoadTexts; id: LoadTexts };
}

export interface WebArea {
  /** The folder's name, as listed in src/domain/areas.ts. */
  name: AreaName;
  routes: readonly WebRoute[];
  menu: readonly WebMenuEntry[];
  texts?: AreaTexts;
  /** A bar the app shell shows under its header in field mode (the field app's sync bar). */
  fieldBar?: () => Promise<{ default: ComponentType }>;
}

/** An area's web front door; the default export of `src/web/features/<name>/area.ts`. */
export function defineWebArea(area: WebArea): WebArea {
  return area;
}

/** Read access to one action of a permissions module (a menu entry's `needs`). */
export function read(module: PermissionModule, action: string): PermissionRequirement {
  return { module, action, access: 'read' };
}
