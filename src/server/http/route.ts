/**
 * Serving an endpoint definition (kernel; docs/decisions/007-area-kernel.md): one call registers
 * the route with its access and permission, its zod schemas (validation and the OpenAPI document,
 * operationId = the endpoint's `operation`), multipart reading by the definition's file rules, and
 * for idempotent writes the `Idempotency-Key` protocol (src/server/http/idempotency.ts): the
 * handler runs inside the transaction that also completes the key, and a replay answers the
 * stored response.
 *
 * Route groups do `const serve = endpointServer(app, deps)` and then `await serve(e, handler)`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';
import { envelope } from '../../domain/contracts/envelope';
import type { Endpoint, EndpointSchemas, ParsedBodyOf, ParsedFormOf, ParsedParamsOf, ParsedQueryOf, ResponseOf } from '../../domain/contracts/endpoint';
import { routeKey } from '../../domain/contracts/endpoint';
import type { DbOrTx } from '../db/client';
import { enterCompanyWall, withCompanyWall } from '../db/company-wall';
import { callerOf } from './caller';
import type { ModuleDeps } from './deps';
import { idempotencyHeaders, idempotencyKeyOf, requestHash, runIdempotent } from './idempotency';
import type { FormFile } from './multipart';
import { documentOnlyBody, jsonField, jsonOrMultipartBody, readFieldForm } from './multipart';
import { badRequest } from './errors';

/** What a handler receives. */
export interface HandlerInput<E extends Endpoint> {
  req: FastifyRequest;
  reply: FastifyReply;
  params: ParsedParamsOf<E>;
  query: ParsedQueryOf<E>;
  /** The JSON body (validated), when the request sent one. */
  body: ParsedBodyOf<E>;
  /** A buffered multipart body: the JSON field's value or the text fields (validated by `form`). */
  form: ParsedFormOf<E>;
  /** A buffered multipart body's files, in the order they came. */
  files: FormFile[];
  /** For idempotent endpoints: the request's key and the transaction the write must use. */
  idempotency: { key: string; tx: DbOrTx; afterCommit: (fn: () => Promise<void>) => void } | null;
}

/** A JSON endpoint answers its envelope; file and stream endpoints send through `reply` themselves. */
export type EnvelopeOf<E extends Endpoint> = { success: true; message: string; data: ResponseOf<E> };
export type Handler<E extends Endpoint> = (input: HandlerInput<E>) => Promise<EnvelopeOf<E> | FastifyReply | Record<string, unknown>>;

const binary = (description: string) => z.string().meta({ type: 'string', format: 'binary', description });

/** The multipart form as the OpenAPI document shows it: the JSON field (or text fields) and the file fields. */
function multipartDoc(e: Endpoint, form: z.ZodType | undefined): z.ZodType {
  const spec = e.multipart!;
  const files = Object.fromEntries(
    Object.entries(spec.files).map(([name, rule]) => {
      const field = binary(rule.description ?? (rule.maxFiles > 1 ? 'A file; repeat the field for several' : 'The file'));
      return [name, rule.required ? field : field.optional()];
    }),
  );
  if (spec.json) {
    const type = `${spec.json[0].toUpperCase()}${spec.json.slice(1)}Body`;
    return z.object({ [spec.json]: z.string().meta({ description: `JSON of the ${spec.json} (see ${type})` }), ...files });
  }
  const fields = form instanceof z.ZodObject ? form.shape : {};
  return z.object({ ...fields, ...files });
}

/** The request's company and user for the idempotency table (company routes; else the user alone). */
function idempotencyScope(req: FastifyRequest): { companyId: string; userId: string } {
  const caller = callerOf(req);
  return { companyId: caller.companyId, userId: caller.user.userId };
}

/** What a route may add to its endpoint's definition. */
export interface ServeOptions<E extends Endpoint> {
  /**
   * Runs after the request is parsed and before the idempotent transaction opens (work that must
   * not share it, such as creating a day's partition), also for a replay.
   */
  prepare?: (input: HandlerInput<E>) => Promise<void>;
  /** Extra Fastify route options (rare). */
  route?: Partial<RouteOptions>;
  /**
   * Runs a company write without an Idempotency-Key behind the row-level security wall as well
   * (src/server/db/company-wall.ts): the handler runs in one transaction as the company's scope,
   * so a statement that forgets its company filter touches nothing of another company. Only for
   * handlers that enqueue no job and make no raw `executeSql` call (PGlite's one connection waits
   * for the transaction), catch no SQL error to carry on (it aborts the transaction), read no
   * other company's rows on purpose (the users area's rank checks do) and act on no other system
   * before they answer. Company reads and idempotent company writes are walled without it.
   */
  companyWall?: true;
}

/**
 * Binds `serve` to a route group's Fastify instance and dependencies.
 * @returns `serve(e, handler, options?)`: registers `e`.
 */
export function endpointServer(app: FastifyInstance, deps: Pick<ModuleDeps, 'db' | 'config'>) {
  return async function serve<E extends Endpoint>(e: E, handler: Handler<E>, options: ServeOptions<E> = {}): Promise<void> {
    const s: EndpointSchemas = await e.schemas();
    const spec = e.multipart;
    const bufferedFiles = spec && !Object.values(spec.files).some((rule) => rule.streamed);
    const fileRules = spec ? Object.entries(spec.files) : [];
    const maxFiles = fileRules.reduce((n, [, rule]) => n + rule.maxFiles, 0);
    const maxSizeMb = Math.max(0, ...fileRules.map(([, rule]) => rule.maxMb));
    const imagesOnly = fileRules.length > 0 && fileRules.every(([, rule]) => rule.imagesOnly);

    const produces = e.produces ?? 'json';
    const walled = e.access === 'company' && produces === 'json' && (e.method === 'GET' || (options.companyWall === true && !e.idempotent));
    const response =
      produces === 'json' && s.response
        ? { 200: e.alsoAsOutput ? z.object({ success: z.boolean(), message: z.string(), data: s.response, output: s.response }) : envelope(s.response) }
        : produces === 'provider-json' && s.response
          ? { 200: s.response }
          : produces === 'event-stream'
            ? { 200: z.string().meta({ description: 'text/event-stream' }) }
            : undefined;
    const body = spec ? (spec.alsoJson && s.body ? s.body : multipartDoc(e, s.form)) : s.body;

    const route: RouteOptions = {
      method: e.method,
      url: e.path.replace(/\{(\w+)\}/g, ':$1'),
      config: {
        access: e.access,
        ...(e.permission ? { permission: e.permission } : {}),
        ...(e.rateLimited ? { rateLimit: { max: deps.config.authRateLimitPerMinute, timeWindow: '1 minute' } } : {}),
      },
      ...(e.bodyLimitBytes ? { bodyLimit: e.bodyLimitBytes } : {}),
      ...(spec ? { validatorCompiler: spec.alsoJson ? jsonOrMultipartBody : documentOnlyBody } : {}),
      schema: {
        operationId: e.operation,
        // The document's default is token + company; public routes need neither, authenticated ones no company.
        ...(e.access === 'public' ? { security: [] } : e.access === 'authenticated' ? { security: [{ authenticationtoken: [] }] } : {}),
        tags: [...e.tags],
        ...(e.summary ? { summary: e.summary } : {}),
        ...(e.description ? { description: e.description } : {}),
        ...(spec ? { consumes: spec.alsoJson ? ['application/json', 'multipart/form-data'] : ['multipart/form-data'] } : {}),
        ...(e.idempotent ? { headers: idempotencyHeaders } : {}),
        ...(s.params ? { params: s.params } : {}),
        ...(s.query ? { querystring: s.query } : {}),
        ...(body ? { body } : {}),
        ...(response ? { response } : {}),
      },
      handler: async (req: FastifyRequest, reply: FastifyReply) => {
        const input: HandlerInput<E> = {
          req,
          reply,
          params: req.params as ParsedParamsOf<E>,
          query: req.query as ParsedQueryOf<E>,
          body: req.body as ParsedBodyOf<E>,
          form: undefined as ParsedFormOf<E>,
          files: [],
          idempotency: null,
        };
        // Checked before the body is read: a request without a key costs nothing.
        const key = e.idempotent ? idempotencyKeyOf(req) : null;
        let hashParts: { json: unknown; files: Buffer[] } = { json: req.body, files: [] };
        if (spec && !spec.alsoJson && !req.isMultipart()) throw badRequest('Send the form as multipart/form-data');
        if (bufferedFiles && req.isMultipart()) {
          const form = await readFieldForm(req, { fileFields: Object.fromEntries(fileRules.map(([name, rule]) => [name, rule.accept])), maxSizeMb, maxFiles, imagesOnly });
          for (const [name, rule] of fileRules) {
            if (rule.required && !form.files.some((f) => f.fieldname === name)) throw badRequest(`${name} is required`);
          }
          if (spec.json) {
            const { value, raw } = jsonField(form, spec.json, s.form as z.ZodType<ParsedFormOf<E>>);
            input.form = value;
            hashParts = { json: raw, files: form.files.map((f) => f.data) };
          } else if (s.form) {
            const parsed = s.form.safeParse(form.fields);
            if (!parsed.success) {
              const issue = parsed.error.issues[0];
              throw badRequest(`Invalid body: ${issue?.path.map(String).join('.')} — ${issue?.message ?? 'invalid'}`);
            }
            input.form = parsed.data as ParsedFormOf<E>;
            // The hash of document uploads since issue 4 (a phone's queued replay must still match).
            const names = form.files.length === 1 ? { file_name: form.files[0].filename } : { file_names: form.files.map((f) => f.filename) };
            hashParts = { json: { ...(parsed.data as object), ...names }, files: form.files.map((f) => f.data) };
          }
          input.files = form.files;
        }
        await options.prepare?.(input);
        // Company reads (and writes that opt in) run behind the row-level security wall
        // (src/server/db/company-wall.ts): a query that forgets its company filter there sees no
        // other company's rows, and a write touches none.
        if (walled) return withCompanyWall(deps.db, callerOf(req).companyId, () => handler(input));
        if (!key) return handler(input);
        // Work a handler leaves for after the commit (a job it queues: PGlite's one connection would wait for the transaction).
        const after: Array<() => Promise<void>> = [];
        const afterCommit = (fn: () => Promise<void>) => void after.push(fn);
        const runAfter = async () => {
          for (const fn of after) await fn();
        };
        return runIdempotent(
          deps.db,
          reply,
          { ...idempotencyScope(req), route: routeKey(e), key },
          requestHash(hashParts.json, hashParts.files),
          async (tx) => ({
            status: 200,
            // Behind the company wall as well; inside it a service's `db` is this transaction too.
            body:
              e.access === 'company'
                ? await enterCompanyWall(tx, callerOf(req).companyId, () => handler({ ...input, idempotency: { key, tx, afterCommit } }))
                : await handler({ ...input, idempotency: { key, tx, afterCommit } }),
          }),
          runAfter,
        );
      },
      ...options.route,
    };
    app.route(route);
  };
}
