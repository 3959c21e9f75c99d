/**
 * The Fastify application: one function that builds the whole server (tests call it and use
 * `inject`; main.ts listens). It wires validation by the zod contracts, the envelope and error
 * handler, helmet, rate limits on the public sign-in routes, the OpenAPI document at /api/docs,
 * route protection by default, the areas' routes and jobs (src/domain/areas.ts, each area's
 * front door src/server/modules/<name>/area.ts), and the built web app from dist/.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import Fastify from 'fastify';
import type { FastifyError, FastifyInstance, FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError, jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../domain/contracts/envelope';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import { accessHook, declarePublicRoutes, enforceAccessDeclarations } from './http/access';
import { databaseRateLimitStore } from './http/rate-limit-store';
import { MAX_PARAM_LENGTH, frameworkErrors, refuseNulInBody, refuseNulInUrl } from './http/input-guards';
import type { RegisteredRoute } from './http/access';
import type { AreaServices, JobContext } from './http/area';
import type { Identity } from './http/caller';
import type { ModuleDeps } from './http/deps';
import { ok } from './http/envelope';
import { AppError, RATE_LIMITED_MESSAGE, SOMETHING_WENT_WRONG } from './http/errors';
import { loggerOptions } from './logging';
import type { MessageProvider } from './messaging/provider';
import { LOG_ONLY_IN_PRODUCTION, LocalLogMessageProvider } from './messaging/provider';
import { loadAreas } from './areas';
import { createJobQueue } from './jobs/queue';
import { systemClock } from './http/clock';
import type { Clock } from './http/clock';
import { createEventBus } from './realtime/events';
import { createFileStorage } from './storage/files';
import type { FileStorage } from './storage/files';
import { indexHtmlFor } from './http/index-html';
import { companyScopedDb } from './db/company-wall';

/** A built asset whose name carries Rolldown's content hash (`visit-card-BM7oH4Ic.js`, also its .br/.gz); vite.config.ts `HASHED_ASSET`. */
const HASHED_ASSET = /-[A-Za-z0-9_-]{8}\.[a-z0-9]+(\.(br|gz))?$/;

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with its declared access, in registration order (read by the route-walk test). */
    registeredRoutes: RegisteredRoute[];
  }
}

export interface BuildAppOptions {
  db: Database;
  config: AppConfig;
  /** false for silence (tests), true or pino options for logs; default: the redacting logger. */
  logger?: boolean | object;
  /**
   * Defaults to LocalLogMessageProvider (logs OTPs outside production). In production the default
   * needs config.allowLogOnlyMessages, and then logs no codes.
   */
  messages?: MessageProvider;
  /** Defaults to the configured storage (local disk under DATA_DIR/files). */
  files?: FileStorage;
  /** false: do not work the job queues in this process (jobs are still enqueued). Default true. */
  runJobs?: boolean;
  /** Defaults to the system clock; tests pass a settable one (src/server/http/clock.ts). */
  clock?: Clock;
}

export const NOT_FOUND_MESSAGE = 'Route not found';
export { RATE_LIMITED_MESSAGE };

/** `https://{s}.tile.example.org/{z}/{x}/{y}.png` → `https://*.tile.example.org` for the CSP. */
function cspSource(url: string): string {
  try {
    const parsed = new URL(url.replace(/\{s\}/g, 'subdomain').replace(/\{[^}]*\}/g, '0'));
    const host = url.includes('{s}') ? parsed.host.replace(/^subdomain\./, '*.') : parsed.host;
    return `${parsed.protocol}//${host}`;
  } catch {
    return "'self'";
  }
}

/** One message naming the failing fields, e.g. `Invalid body: email — Too small: expected string to have >=3 characters`. */
function validationMessage(err: FastifyError): string {
  const context = err.validationContext ?? 'request';
  const parts = (err.validation ?? []).map((issue) => {
    const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
    return field ? `${field} — ${issue.message}` : (issue.message ?? 'invalid');
  });
  return `Invalid ${context}: ${parts.join('; ')}`;
}

const publicConfig = z.object({
  map_tile_url: z.string(),
  country_trace_url: z.string(),
  countries: z.record(z.string(), z.object({ api_base_url: z.string() })),
});

/**
 * The identity services from the areas that provide them: `sessions` (the auth area), `memberships`
 * and `audit` (the users area).
 * @throws Error at start-up when one is missing or provided twice
 */
function identityFrom(provided: ReadonlyArray<{ name: string; services: AreaServices }>): Identity {
  return { sessions: providedOnce(provided, 'sessions'), memberships: providedOnce(provided, 'memberships'), audit: providedOnce(provided, 'audit') };
}

/** The one area's implementation of a kernel service or port. @throws Error at start-up when none or several provide it */
function providedOnce<K extends keyof AreaServices>(provided: ReadonlyArray<{ name: string; services: AreaServices }>, key: K): NonNullable<AreaServices[K]> {
  const from = provided.filter((p) => p.services[key]);
  if (from.length !== 1) throw new Error(`Exactly one area must provide "${key}"; found ${from.map((p) => p.name).join(', ') || 'none'}`);
  return from[0].services[key]!;
}

/**
 * Builds the server; does not listen. Migrations and seeding are the caller's (main.ts, tests).
 * @throws Error LOG_ONLY_IN_PRODUCTION in production with the default message provider and no opt-in.
 */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = opts;
  if (!opts.messages && config.production && !config.allowLogOnlyMessages) throw new Error(LOG_ONLY_IN_PRODUCTION);
  const logger: FastifyServerOptions['logger'] = opts.logger === undefined ? loggerOptions() : opts.logger === true ? loggerOptions() : opts.logger;
  const app = Fastify({ logger, trustProxy: config.trustProxy, frameworkErrors, routerOptions: { maxParamLength: MAX_PARAM_LENGTH } }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);
  app.decorateRequest('scopeCache', null);
  app.decorate('registeredRoutes', enforceAccessDeclarations(app));
  const jobs = createJobQueue(opts.db, { pollingIntervalSeconds: config.jobPollingSeconds, onError: (err) => app.log.error({ err }, 'job queue error') });
  const base: Omit<ModuleDeps, 'identity' | 'ports'> = {
    // Inside a company wall (company-wall.ts) every service's query runs in the wall's transaction.
    db: companyScopedDb(opts.db.db),
    database: opts.db,
    config,
    messages: opts.messages ?? new LocalLogMessageProvider(app.log, { revealCodes: !config.production }),
    jobs,
    files: opts.files ?? createFileStorage(config),
    events: createEventBus(opts.db),
    clock: opts.clock ?? systemClock,
  };
  const areas = await loadAreas();
  const provided = areas.map((a) => ({ name: a.name, services: a.provides?.(base) ?? {} }));
  const deps: ModuleDeps = { ...base, identity: identityFrom(provided), ports: { positions: providedOnce(provided, 'positions'), accountMessages: providedOnce(provided, 'accountMessages') } };
  app.decorate('identity', deps.identity);

  // Areas register their workers; the queue starts once all have, then the areas' start-up work
  // runs (re-queueing what a stopped process left); on close their work stops before the queue does.
  const ready: Array<() => Promise<void> | void> = [];
  const closing: Array<() => Promise<void> | void> = [];
  const jobContext: JobContext = { ...deps, log: app.log, onReady: (fn) => ready.push(fn), onClose: (fn) => closing.push(fn) };
  for (const area of areas) await area.jobs?.(jobContext);
  app.addHook('onReady', async () => {
    if (opts.runJobs !== false) await jobs.start();
    for (const fn of ready) await fn();
  });
  app.addHook('preClose', async () => {
    await Promise.allSettled(closing.map((fn) => fn()));
  });
  app.addHook('onClose', () => jobs.stop());
  app.addHook('onClose', () => deps.events.close());

  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) return reply.code(err.statusCode).send({ success: false, message: err.message, data: err.data });
    if (hasZodFastifySchemaValidationErrors(err)) return reply.code(400).send({ success: false, message: validationMessage(err), data: null });
    if (isResponseSerializationError(err)) {
      // Briefly: the route and the first issue's path. The issues of a large answer can run to
      // megabytes and quote personal data.
      const issues = err.cause.issues;
      const first = issues[0]?.path.map(String).join('.') ?? '';
      req.log.error({ route: `${req.method} ${req.routeOptions.url ?? ''}`, issue: first || '(root)', issueCount: issues.length }, 'response does not match its schema');
      return reply.code(500).send({ success: false, message: SOMETHING_WENT_WRONG, data: null });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.code(status).send({ success: false, message: err.message || SOMETHING_WENT_WRONG, data: null });
    req.log.error({ err }, 'unexpected error');
    return reply.code(500).send({ success: false, message: SOMETHING_WENT_WRONG, data: null });
  });

  const indexHtml = path.join(config.webDistDir, 'index.html');
  const hasWeb = existsSync(indexHtml);
  app.setNotFoundHandler(async (req, reply) => {
    const pathname = req.url.split('?')[0];
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    if (hasWeb && !isApi && (req.method === 'GET' || req.method === 'HEAD')) {
      // SPA fallback: the client router owns every non-API path.
      return reply
        .code(200)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(indexHtmlFor(await readFile(indexHtml, 'utf8'), pathname));
    }
    return reply.code(404).send({ success: false, message: NOT_FOUND_MESSAGE, data: null });
  });

  // Security headers from helmet's middleware, built ONCE: @fastify/helmet rebuilt it (parsing the
  // CSP directives) on every request, ~4 % of a gateway webhook's CPU in the webhook benchmark.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Chakra UI / emotion inject style tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', cspSource(config.mapTileUrl)],
        connectSrc: ["'self'", cspSource(config.countryTraceUrl), cspSource(config.mapTileUrl), ...config.sipWebSocketSources],
        fontSrc: ["'self'", 'data:'],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  app.addHook('onRequest', (req, reply, done) => securityHeaders(req.raw, reply.raw, (err?: unknown) => done(err as Error | undefined)));
  // API answers (the field executive's allocation, loan lists) compressed on the fly; brotli at a
  // low quality keeps the CPU cost near gzip's. Built assets are compressed once at build time
  // (vite.config.ts) and served as they are (preCompressed below): a phone on 2G/3G downloads a
  // third of the bytes. A route that streams (server-sent events) opts out with `compress: false`.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  // Opt-in per route (config.rateLimit), so only the public sign-in routes are limited. Counted in
  // the database (http/rate-limit-store.ts), so every API process on it shares the limits.
  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(opts.db.db),
    errorResponseBuilder: (_req, context) => ({ statusCode: context.statusCode, success: false, message: RATE_LIMITED_MESSAGE, data: null }),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Recovery Ops API', description: 'Debt-collection and loan-recovery operations platform', version: '0.1.0' },
      components: {
        securitySchemes: {
          authenticationtoken: { type: 'apiKey', in: 'header', name: 'authenticationtoken' },
          companyId: { type: 'apiKey', in: 'header', name: 'X-Company-ID' },
        },
      },
      security: [{ authenticationtoken: [], companyId: [] }],
    },
    transform: jsonSchemaTransform,
  });

  await app.register(async (api) => {
    // API answers carry personal data (loans, customers, profiles): no browser or proxy may keep
    // them. A route that sets its own Cache-Control keeps it.
    api.addHook('onSend', async (_req, reply, payload) => {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      return payload;
    });
    api.addHook('onRequest', refuseNulInUrl);
    api.addHook('onRequest', accessHook(deps.identity));
    api.addHook('preValidation', refuseNulInBody);
    // Multipart parsing for every area's uploads; each read sets its own limits (spec 5 rules).
    await api.register(multipart);

    api.get(
      '/health',
      { config: { access: 'public' }, schema: { tags: ['health'], security: [], response: { 200: envelope(z.object({ database: z.literal('up') })), 503: envelope(z.object({ database: z.literal('down') })) } } },
      async (_req, reply) => {
        if (await opts.db.ping()) return ok({ database: 'up' as const }, 'ok');
        return reply.code(503).send({ success: false, message: 'Database unavailable', data: { database: 'down' as const } });
      },
    );
    api.get('/public-config', { config: { access: 'public' }, schema: { tags: ['health'], security: [], response: { 200: envelope(publicConfig) } } }, async () =>
      ok({
        map_tile_url: config.mapTileUrl,
        country_trace_url: config.countryTraceUrl,
        countries: { INDIA: { api_base_url: '/api' }, INDONESIA: { api_base_url: '/api' } },
      }),
    );

    for (const area of areas) for (const group of area.routes ?? []) await api.register(group, deps);
  }, { prefix: '/api' });

  // Areas' few routes outside /api (AreaDefinition.rootRoutes), behind the same access hook.
  await app.register(async (root) => {
    root.addHook('onRequest', refuseNulInUrl);
    root.addHook('onRequest', accessHook(deps.identity));
    for (const area of areas) for (const group of area.rootRoutes ?? []) await root.register(group, deps);
  });

  // Third-party route sets: public because of the context they are registered in.
  await app.register(async (docs) => {
    declarePublicRoutes(docs);
    await docs.register(swaggerUi, { routePrefix: '/api/docs' });
  });

  if (hasWeb) {
    await app.register(async (web) => {
      declarePublicRoutes(web);
      await web.register(fastifyStatic, {
        root: config.webDistDir,
        wildcard: true,
        // dist/ holds .br and .gz beside each asset (vite.config.ts); the best one the browser accepts is sent.
        preCompressed: true,
        cacheControl: false,
        setHeaders: (reply, filePath) => {
          const name = path.basename(filePath);
          if (name === 'sw.js' || name === 'index.html' || name === 'manifest.webmanifest') reply.header('cache-control', 'no-cache');
          // Hashed assets never change under their name; the entry and the locale chunks keep their
          // names across builds (vite.config.ts `stableName`), so browsers revalidate them.
          else if (filePath.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', HASHED_ASSET.test(name) ? 'public, max-age=31536000, immutable' : 'no-cache');
          else reply.header('cache-control', 'public, max-age=3600');
        },
      });
    });
  }

  return app;
}
