/**
 * The server's front door of a product area (kernel; docs/decisions/007-area-kernel.md). Each
 * area's `src/server/modules/<name>/area.ts` default-exports `defineArea({...})`; `buildApp`
 * loads the front doors of the areas in `src/domain/areas.ts` (src/server/areas.ts) and
 * registers their routes, jobs and kernel services. Nothing outside an area names its routes,
 * workers or tables.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../db/client';
import type { AuditLog, MembershipProvider, SessionProvider } from './caller';
import type { ModuleDeps } from './deps';
import type { AccountMessagesPort, PositionsPort } from './ports';

/**
 * A set of routes: a Fastify plugin registered in the `/api` context with the area's dependencies.
 * Paths are full paths below /api (`/fos/visits`), taken from the endpoint definitions.
 */
export type RouteGroup = FastifyPluginAsyncZod<ModuleDeps>;

/** What an area's jobs see: the dependencies, the app's logger, and a hook run when the app closes. */
export interface JobContext extends ModuleDeps {
  log: FastifyBaseLogger;
  /** Runs `fn` when the app closes, before the job queue stops (stop runs at a chunk boundary). */
  onClose(fn: () => Promise<void> | void): void;
  /** Runs `fn` once the app is ready and the job queue started (re-queue work a stopped process left). */
  onReady(fn: () => Promise<void> | void): void;
}

/** Kernel services only an area can implement (dependency inversion: the kernel imports no area). */
export interface AreaServices {
  sessions?: SessionProvider;
  memberships?: MembershipProvider;
  audit?: AuditLog;
  /** Ports (src/server/http/ports.ts) the area provides to areas before it. */
  positions?: PositionsPort;
  accountMessages?: AccountMessagesPort;
}

export interface AreaDefinition {
  /** The name in src/domain/areas.ts (checked at start-up). */
  name: string;
  /** The area's Drizzle tables (`import * as tables from './schema'`): drizzle-kit, row-level security, the ownership test. */
  tables?: Record<string, unknown>;
  /** Route groups, registered under /api in order. */
  routes?: readonly RouteGroup[];
  /**
   * Route groups served at the site's root, outside /api (a short link a borrower opens from an
   * SMS: `/p/{code}`). Each route is still an endpoint with its declared access; keep them few.
   */
  rootRoutes?: readonly RouteGroup[];
  /** Registers the area's queue workers and start-up recovery. Workers start here, never in a routes file. */
  jobs?: (ctx: JobContext) => void | Promise<void>;
  /**
   * The area's part of the demo (`SEED_DEMO`): runs after the shared demo (companies, users, the
   * portfolio, the field team) in area order, on every start that seeds; must be idempotent (check
   * for its own rows first). Keeps `src/server/seed/demo.ts` free of per-area edits.
   */
  demoSeed?: (db: Db) => Promise<void>;
  /** Kernel services this area implements, built from the app's dependencies. */
  provides?: (deps: Omit<ModuleDeps, 'identity' | 'ports'>) => AreaServices;
}

/** Declares an area's front door (identity; typed). */
export function defineArea<T extends AreaDefinition>(definition: T): T {
  return definition;
}

/**
 * A route group whose plugin still uses paths relative to a service prefix (`/fos`): registered
 * under that prefix. Groups built from endpoint definitions carry full paths and need none.
 */
export function underPrefix(prefix: string, group: RouteGroup): RouteGroup {
  return async (app, deps) => {
    await app.register(group, { ...deps, prefix });
  };
}
