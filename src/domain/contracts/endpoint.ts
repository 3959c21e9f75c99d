/**
 * Endpoints defined once (issue 11; docs/decisions/007-area-kernel.md). An endpoint is a plain
 * object — operation id, method, path, access and permission, idempotency, multipart fields and
 * their file rules, documentation — plus a `schemas()` thunk that imports its zod schemas lazily.
 *
 * From one definition the server registers the route (`serve`, src/server/http/route.ts), the web
 * builds its typed call and hook and asks `can()` (src/web/lib/endpoint.ts), and the outbox builds
 * and later sends its items (src/offline). Only the server awaits `schemas()`; the browser uses the
 * schemas' types (`ResponseOf`, `BodyOf`, `QueryOf`, `ParamsOf`), so zod stays out of the field
 * route's first load. This module has no runtime import of zod. The browser's build removes
 * `summary`, `description`, `tags` and `schemas` from every definition (scripts/endpoint-parts.ts):
 * web code must not read them.
 */
import type { z } from 'zod';
import type { PermissionRequirement, PermissionsMap } from '../users/permissions';
import { hasPermission } from '../users/permissions';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call: anyone, any signed-in user, or a member of the company named by the request. */
export type AccessLevel = 'public' | 'authenticated' | 'company';

/** Spec 5 upload rules of one multipart file field. */
export interface FileRule {
  /** Files the field may hold (the phone's visit photos: 5). */
  maxFiles: number;
  /** Per-file size limit, MB ('File size exceeds limit of {n}MB'). */
  maxMb: number;
  /**
   * The extensions the field accepts (lower case, no dot; e.g. SPREADSHEET_EXTENSIONS): any other,
   * none, a trailing dot or a spec 5 blocked one anywhere in the name is refused, and the file's
   * first bytes must match its extension (src/server/http/upload-rules.ts).
   */
  accept: readonly string[];
  /** JPEG, PNG or WebP only. */
  imagesOnly?: boolean;
  /** At least one file is required. */
  required?: boolean;
  /** Streamed to file storage by the handler instead of buffered (large spreadsheets). */
  streamed?: boolean;
  /** OpenAPI description of the field. */
  description?: string;
}

/** A multipart body: the JSON field that carries the body (`form` schema), or text fields, and the file fields. */
export interface MultipartSpec {
  /** Name of the text field holding the body as JSON ('visit'); absent: the text fields are the body. */
  json?: string;
  files: Readonly<Record<string, FileRule>>;
  /** The route takes a JSON body too (validated by `body`); multipart is one of two forms. */
  alsoJson?: boolean;
}

/** The zod schemas of an endpoint, all optional. `response` is the envelope's `data`. */
export interface EndpointSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  /** A JSON body. */
  body?: z.ZodType;
  /** A multipart body: the JSON field's value, or the text fields. */
  form?: z.ZodType;
  /** The envelope's `data` of a 200 answer (absent for file and event-stream answers). */
  response?: z.ZodType;
}

/**
 * What an endpoint answers: the JSON envelope, a file download, a Server-Sent Events stream, or
 * JSON in a provider's own shape with no envelope (a telephony provider's callback answer).
 */
export type Produces = 'json' | 'file' | 'event-stream' | 'provider-json';

export interface Endpoint<S extends EndpointSchemas = EndpointSchemas> {
  /** Unique dotted id, the OpenAPI operationId and the outbox's item type: 'fos.visits.record'. */
  readonly operation: string;
  readonly method: HttpMethod;
  /** Below /api, with OpenAPI-style parameters: '/fos/visits/{visit_id}/photos/{n}'. */
  readonly path: string;
  readonly access: AccessLevel;
  /** Only with access 'company'. */
  readonly permission?: PermissionRequirement;
  /** The write carries an Idempotency-Key; a replay answers the first result (phones replay). */
  readonly idempotent?: boolean;
  readonly multipart?: MultipartSpec;
  /** Default 'json'. */
  readonly produces?: Produces;
  /** Public sign-in routes are rate-limited per IP. */
  readonly rateLimited?: boolean;
  /**
   * A write the web client may send again when its answer was lost (issue 12: sign-in on a flaky
   * network): a repeat does no harm (sign-in: at most one unused session more). Reads always may.
   */
  readonly retrySafe?: boolean;
  /** The answer repeats `data` as `output` (spec 7 "GET /profile/details: reads output and message"). */
  readonly alsoAsOutput?: boolean;
  /** Largest JSON body, bytes (Fastify's default 1 MiB otherwise). */
  readonly bodyLimitBytes?: number;
  readonly summary?: string;
  readonly description?: string;
  readonly tags: readonly string[];
  /** Imports the zod schemas; the server awaits it once when it registers the route. */
  readonly schemas: () => Promise<S>;
}

/** Declares an endpoint (identity; keeps the schemas' types for ResponseOf & co). */
/* @__NO_SIDE_EFFECTS__ */
export function endpoint<const S extends EndpointSchemas>(definition: Endpoint<S>): Endpoint<S> {
  return definition;
}

type SchemasOf<E> = E extends Endpoint<infer S> ? S : never;
type Out<T> = T extends z.ZodType ? z.output<T> : undefined;
type In<T> = T extends z.ZodType ? z.input<T> : undefined;

/** The envelope's `data` a 200 answer carries. */
export type ResponseOf<E> = Out<SchemasOf<E>['response']>;
/** The query a caller sends (input side: defaults may be omitted). */
export type QueryOf<E> = In<SchemasOf<E>['query']>;
/** The path parameters a caller fills in. */
export type ParamsOf<E> = In<SchemasOf<E>['params']>;
/** The JSON body a caller sends, or for multipart the JSON field's value / the text fields. */
export type BodyOf<E> = SchemasOf<E>['body'] extends z.ZodType ? In<SchemasOf<E>['body']> : In<SchemasOf<E>['form']>;
/** The parsed values a handler receives. */
export type ParsedQueryOf<E> = Out<SchemasOf<E>['query']>;
export type ParsedParamsOf<E> = Out<SchemasOf<E>['params']>;
export type ParsedBodyOf<E> = Out<SchemasOf<E>['body']>;
export type ParsedFormOf<E> = Out<SchemasOf<E>['form']>;

/**
 * Whether a permissions map lets its holder call `e` (spec 6). Public and authenticated endpoints
 * need nothing; a company endpoint without a permission needs only the membership.
 */
export function can(e: Pick<Endpoint, 'access' | 'permission'>, permissions: PermissionsMap | null | undefined): boolean {
  return !e.permission || hasPermission(permissions, e.permission);
}

/**
 * The path with its parameters filled in and URI-encoded: `pathOf(e, { visit_id: 'v 1' })` →
 * '/fos/visits/v%201'.
 * @throws Error naming a parameter the path needs and `params` lacks
 */
export function pathOf(e: Pick<Endpoint, 'path'>, params: Record<string, string | number> | undefined = {}): string {
  return e.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`${e.path}: parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
}

/** `METHOD /api/path` as the idempotency table keys a route (unchanged from before the kernel). */
export function routeKey(e: Pick<Endpoint, 'method' | 'path'>): string {
  return `${e.method} /api${e.path}`;
}
