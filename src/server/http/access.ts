/**
 * Route protection by default (ARCHITECTURE "Protected by default"). Every route declares in its
 * `config` one of:
 *   `{ access: 'public' }`            — no token needed;
 *   `{ access: 'authenticated' }`     — a live session, no company;
 *   `{ access: 'company', permission? }` — a live session, a company the user is assigned to
 *                                       (query company_id, else X-Company-ID), and the permission.
 * A route without a declaration makes startup (`ready`/`listen`) fail. One onRequest hook enforces the declaration
 * before the body is even read, so an anonymous caller learns nothing from validation errors.
 */
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { describePermission, hasPermission } from '../../domain/users/permissions';
import type { PermissionRequirement } from '../../domain/users/permissions';
import { COMPANY_REQUIRED } from './caller';
import type { Identity } from './caller';
import { badRequest, forbidden } from './errors';

export type AccessLevel = 'public' | 'authenticated' | 'company';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessLevel;
    /** Only with `access: 'company'`. */
    permission?: PermissionRequirement;
  }
}

/** A registered route and what it declared; the route-walk test reads these. */
export interface RegisteredRoute {
  method: string;
  url: string;
  access: AccessLevel;
  permission: PermissionRequirement | undefined;
}

const LEVELS: readonly AccessLevel[] = ['public', 'authenticated', 'company'];
export { COMPANY_REQUIRED };
export const NOT_ASSIGNED = 'You are not assigned to this company';

/**
 * Records every route of `app` (onRoute, registered on the root so it sees all contexts) and,
 * when the app becomes ready, checks each declared a valid access; the route list is then in
 * the returned registry. Checking at ready time lets `declarePublicRoutes` contexts mark their
 * routes first, whatever the order of onRoute hooks.
 * @throws Error from `app.ready()` / `listen()` naming the first route without a declaration.
 */
export function enforceAccessDeclarations(app: FastifyInstance): RegisteredRoute[] {
  const registry: RegisteredRoute[] = [];
  const seen: RouteOptions[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    seen.push(route);
  });
  app.addHook('onReady', async () => {
    registry.length = 0;
    for (const route of seen) {
      const config = (route.config ?? {}) as { access?: AccessLevel; permission?: PermissionRequirement };
      const method = Array.isArray(route.method) ? route.method.join(',') : route.method;
      if (!config.access || !LEVELS.includes(config.access)) {
        throw new Error(`Route ${method} ${route.url} declares no access: set config.access to public, authenticated or company`);
      }
      if (config.permission && config.access !== 'company') {
        throw new Error(`Route ${method} ${route.url} declares a permission without access 'company'`);
      }
      registry.push({ method, url: route.url, access: config.access, permission: config.permission });
    }
  });
  return registry;
}

/**
 * Declares public every route registered in `instance`'s context that declares nothing: for
 * third-party plugins (the docs UI, the web app's files) that take no route config. They are
 * public because of the context they are registered in, never because of their URL.
 */
export function declarePublicRoutes(instance: FastifyInstance): void {
  instance.addHook('onRoute', (route: RouteOptions) => {
    const config = (route.config ?? {}) as { access?: AccessLevel };
    if (config.access === undefined) route.config = { ...(route.config ?? {}), access: 'public' } as RouteOptions['config'];
  });
}

function headerValue(req: FastifyRequest, name: string): string | undefined {
  const value = req.headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first?.trim() || undefined;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The onRequest hook enforcing each route's declaration (spec 6, 7).
 * @throws 401 'Session expired'; 400 'company_id is required'; 403 'You are not assigned to this
 *   company'; 403 'Permission not found: …' with data.missing_permission.
 */
export function accessHook(identity: Identity) {
  return async function checkAccess(req: FastifyRequest): Promise<void> {
    const route = req.routeOptions.config;
    const query = (req.query ?? {}) as Record<string, unknown>;
    const headerCompany = headerValue(req, 'x-company-id');
    // Spec 7: writes get company_id from the header when the query lacks it.
    if (WRITE_METHODS.has(req.method) && !query.company_id && headerCompany) query.company_id = headerCompany;
    if (route.access === 'public') return;

    // Session, user and membership in one statement (the access hook runs on every request).
    const companyId = route.access === 'company' ? (typeof query.company_id === 'string' && query.company_id.trim()) || headerCompany || null : null;
    const { session, user, membership } = await identity.sessions.authenticate(headerValue(req, 'authenticationtoken'), companyId);
    req.auth = { user, session, companyId: null, membership: null };
    if (route.access !== 'company') return;

    if (!companyId) throw badRequest(COMPANY_REQUIRED);
    if (!membership) throw forbidden(NOT_ASSIGNED);
    req.auth.companyId = companyId;
    req.auth.membership = membership;
    const needed = route.permission;
    if (needed && !hasPermission(membership.permissions, needed)) {
      throw forbidden(`Permission not found: ${describePermission(needed)}`, { missing_permission: { ...needed } });
    }
  };
}
