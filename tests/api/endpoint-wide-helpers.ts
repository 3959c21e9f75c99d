/**
 * What the endpoint-wide suite (endpoint-wide.test.ts) needs: the operations read from the OpenAPI
 * document and the registered routes, minimal valid-looking inputs made from their JSON schemas,
 * requests built for `inject`, the bad-input battery, and the other company's ids and secrets.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { PermissionRequirement } from '../../src/domain/users/permissions';
import type { RegisteredRoute } from '../../src/server/http/access';

type Json = Record<string, unknown>;
type Schema = Json & { type?: string | string[]; properties?: Record<string, Schema>; required?: string[]; items?: Schema; enum?: unknown[]; anyOf?: Schema[]; oneOf?: Schema[]; $ref?: string };

export interface Slot {
  name: string;
  in: 'path' | 'query' | 'body';
}

export interface Operation {
  method: string;
  /** The OpenAPI path, e.g. '/api/fos/visits/{visit_id}/photos/{n}'. */
  path: string;
  access: 'public' | 'authenticated' | 'company';
  permission: PermissionRequirement | undefined;
  security: unknown;
  pathParams: { name: string; schema: Schema }[];
  queryParams: { name: string; schema: Schema; required: boolean }[];
  /** The JSON body schema, when the operation takes one. */
  json: Schema | null;
  /** The multipart form schema (fields and files), when the operation takes one. */
  multipart: Schema | null;
  idempotent: boolean;
  /** Answers a Server-Sent Events stream (never called with a live session here: it would not end). */
  stream: boolean;
  /** Path, query and top-level body fields that name a record by id. */
  idSlots: Slot[];
}

const ID_NAME = /(^id$|_id$|_ids$)/;

function resolve(schema: unknown, doc: Json): Schema {
  const s = (schema ?? {}) as Schema;
  if (typeof s.$ref === 'string') {
    const name = s.$ref.split('/').pop()!;
    return resolve(((doc.components as Json)?.schemas as Json)?.[name], doc);
  }
  return s;
}

/** The operations of the OpenAPI document with what the registered routes declare. */
export function operationsOf(doc: Json, routes: readonly RegisteredRoute[]): Operation[] {
  const out: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, Json>>)) {
    for (const [method, op] of Object.entries(methods)) {
      const url = path.replace(/\{(\w+)\}/g, ':$1');
      const route = routes.find((r) => r.url === url && r.method.split(',').includes(method.toUpperCase()));
      if (!route) throw new Error(`${method} ${path}: in the document but not registered`);
      const params = ((op.parameters as Json[]) ?? []).map((p) => ({ name: String(p.name), in: String(p.in), required: Boolean(p.required), schema: resolve(p.schema, doc) }));
      const content = ((op.requestBody as Json)?.content ?? {}) as Record<string, Json>;
      const json = content['application/json'] ? resolve(content['application/json'].schema, doc) : null;
      const multipart = content['multipart/form-data'] ? resolve(content['multipart/form-data'].schema, doc) : null;
      const bodyProps = Object.keys((json ?? multipart)?.properties ?? {});
      const idSlots: Slot[] = [
        ...params.filter((p) => (p.in === 'path' || p.in === 'query') && ID_NAME.test(p.name) && p.name !== 'company_id').map((p) => ({ name: p.name, in: p.in as 'path' | 'query' })),
        ...bodyProps.filter((n) => ID_NAME.test(n) && n !== 'company_id').map((n) => ({ name: n, in: 'body' as const })),
      ];
      out.push({
        method: method.toUpperCase(),
        path,
        access: route.access,
        permission: route.permission,
        security: op.security,
        pathParams: params.filter((p) => p.in === 'path'),
        queryParams: params.filter((p) => p.in === 'query'),
        json,
        multipart,
        idempotent: params.some((p) => p.in === 'header' && p.name === 'idempotency-key'),
        stream: JSON.stringify(op).includes('text/event-stream'),
        idSlots,
      });
    }
  }
  return out;
}

/** Real values of the caller's company by field name (a loan id, its month, a member's id …). */
const pool = new Map<string, unknown>();

/** Fills the pool from the lender's own records, so sampled inputs reach past validation. */
export async function fillPool(app: FastifyInstance, h: Record<string, string>): Promise<void> {
  const get = async (url: string) => (await app.inject({ url, headers: h })).json().data as Json;
  const [loan] = ((await get('/api/recovery/loans?page_size=1')).loans as Json[]) ?? [];
  const [fos] = ((await get('/api/user/company/users?search_value=fos@demo.in')).users as Json[]) ?? [];
  const [profile] = ((await get('/api/user/profiles')).profiles as Json[]) ?? [];
  const [role] = ((await get('/api/user/roles')).roles as Json[]) ?? [];
  if (loan) {
    pool.set('loan_id', loan.loan_id);
    pool.set('allocation_month', loan.allocation_month);
    pool.set('loan_ids', [loan.loan_id]);
  }
  if (fos) {
    pool.set('user_id', fos.user_id);
    pool.set('user_ids', [fos.user_id]);
  }
  if (profile) pool.set('profile_id', profile.profile_id);
  if (role) pool.set('role_id', role.role_id);
}

/** A value that passes a schema's type (enums: the first; dates and months: real ones; known ids from the pool). */
export function sample(schema: Schema, name = ''): unknown {
  if (pool.has(name)) return pool.get(name);
  const s = schema.anyOf?.find((x) => x.type !== 'null') ?? schema.oneOf?.[0] ?? schema;
  if (s.enum) return s.enum[0];
  if ('default' in s && s.default !== undefined) return s.default;
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  switch (type) {
    case 'integer':
    case 'number':
      return typeof s.minimum === 'number' && s.minimum > 1 ? s.minimum : 1;
    case 'boolean':
      return true;
    case 'array':
      return typeof s.minItems === 'number' && s.minItems > 0 && s.items ? [sample(s.items, name)] : [];
    case 'object': {
      const out: Json = {};
      for (const key of s.required ?? []) out[key] = sample(s.properties?.[key] ?? {}, key);
      // Optional ids the pool knows are filled too: they lead the request to a real record.
      for (const key of Object.keys(s.properties ?? {})) if (!(key in out) && pool.has(key)) out[key] = pool.get(key);
      return out;
    }
    default:
      if (s.format === 'date-time' || /_at$/.test(name)) return new Date().toISOString();
      if (s.format === 'date' || /date|^from$|^to$/.test(name)) return new Date().toISOString().slice(0, 10);
      if (/month/.test(name)) return new Date().toISOString().slice(0, 7);
      if (/email/.test(name)) return 'someone@example.com';
      if (s.format === 'binary') return 'file';
      return 'x1';
  }
}

/** The minimal JSON body (or multipart fields) of an operation, or undefined. */
export function sampleBody(op: Operation): Json | undefined {
  const schema = op.json ?? op.multipart;
  return schema ? (sample(schema) as Json) : undefined;
}

export interface RequestInput {
  headers?: Record<string, string>;
  path?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** Sent as it is, with this content type (malformed bodies). */
  raw?: { payload: string | Buffer; contentType: string };
  /** Replaces the built URL (bad percent-encoding). */
  url?: string;
}

const BOUNDARY = '----endpoint-wide-boundary';

/** A multipart body of `fields` (objects as JSON text) and one small file per binary field. */
function multipartOf(schema: Schema, fields: Json): Buffer {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(fields)) {
    const prop = schema.properties?.[key];
    if (prop?.format === 'binary') continue;
    parts.push(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${typeof value === 'string' ? value : JSON.stringify(value)}\r\n`);
  }
  for (const [key, prop] of Object.entries(schema.properties ?? {})) {
    if (prop.format !== 'binary') continue;
    parts.push(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${key}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n\r\n`);
  }
  return Buffer.from(`${parts.join('')}--${BOUNDARY}--\r\n`, 'latin1');
}

/** The inject options of a call to `op`. */
export function requestFor(op: Operation, input: RequestInput): InjectOptions {
  let url = op.path;
  for (const p of op.pathParams) {
    const value = input.path?.[p.name] ?? String(sample(p.schema, p.name));
    url = url.replace(`{${p.name}}`, encodeURIComponent(value));
  }
  const query = new URLSearchParams();
  for (const p of op.queryParams) if (p.required && !(p.name in (input.query ?? {}))) query.set(p.name, String(sample(p.schema, p.name)));
  for (const [k, v] of Object.entries(input.query ?? {})) query.set(k, v);
  const qs = query.toString();
  const headers: Record<string, string> = { ...input.headers };
  if (op.idempotent) headers['idempotency-key'] = randomUUID();
  const options: InjectOptions = { method: op.method as InjectOptions['method'], url: input.url ?? (qs ? `${url}?${qs}` : url), headers };
  if (input.raw) {
    options.payload = input.raw.payload;
    headers['content-type'] = input.raw.contentType;
  } else if (op.multipart && input.body !== undefined) {
    const fields = { ...(input.body as Json) };
    // A body slot override (ids) replaces a field inside the JSON field as well.
    options.payload = multipartOf(op.multipart, fields);
    headers['content-type'] = `multipart/form-data; boundary=${BOUNDARY}`;
  } else if (op.json && input.body !== undefined) {
    options.payload = input.body as Json;
  }
  return options;
}

/** The bad inputs tried on `op`: one change each, named for the report. */
export function badInputs(op: Operation): { name: string; request: RequestInput }[] {
  const out: { name: string; request: RequestInput }[] = [];
  const base = sampleBody(op) ?? {};
  const strings: Record<string, unknown> = {
    NUL: 'a\u0000b',
    'huge string': 'x'.repeat(200_000),
    'empty string': '',
    'impossible date': '2024-02-30',
    'impossible month': '2024-13',
    'year 0': '0000-00-00',
    'far future date': '9999-12-31',
  };
  const wrongTypes: Record<string, unknown> = { number: 12345, object: { a: 1 }, array: ['a'], null: null, boolean: true, 'deep object': deep(200) };
  for (const p of op.pathParams) {
    for (const [name, value] of Object.entries({ NUL: 'a\u0000b', 'long path parameter': 'p'.repeat(5000), 'non-ASCII': 'ऋण-😀', 'impossible date': '2024-02-30' })) out.push({ name: `path ${p.name} ${name}`, request: { path: { [p.name]: String(value) } } });
  }
  for (const p of op.queryParams) {
    for (const [name, value] of Object.entries({ ...strings, 'huge string': 'x'.repeat(20_000) })) out.push({ name: `query ${p.name} ${name}`, request: { query: { [p.name]: String(value) } } });
    out.push({ name: `query ${p.name} repeated`, request: { url: `${op.path.replace(/\{\w+\}/g, 'x1')}?${p.name}=a&${p.name}=b` } });
  }
  out.push({ name: 'bad percent-encoding', request: { url: `${op.path.replace(/\{\w+\}/g, '%E0%A4%A')}?company_id=%ZZ` } });
  out.push({ name: 'company_id with NUL', request: { url: `${op.path.replace(/\{\w+\}/g, 'x1')}?company_id=a%00b` } });
  const schema = op.json ?? op.multipart;
  if (schema) {
    for (const [key, prop] of Object.entries(schema.properties ?? {})) {
      if (prop.format === 'binary') continue;
      for (const [name, value] of Object.entries({ ...strings, ...wrongTypes })) out.push({ name: `body ${key} ${name}`, request: { body: { ...base, [key]: value } } });
    }
  }
  if (op.json) {
    out.push({ name: 'deep JSON body', request: { raw: { payload: `${'['.repeat(20_000)}${']'.repeat(20_000)}`, contentType: 'application/json' } } });
    out.push({ name: 'broken JSON', request: { raw: { payload: '{"a":', contentType: 'application/json' } } });
    out.push({ name: 'JSON with NUL', request: { raw: { payload: JSON.stringify({ ...base, x: 'a\u0000b' }), contentType: 'application/json' } } });
    out.push({ name: 'wrong content type', request: { raw: { payload: 'a=1', contentType: 'text/plain' } } });
    out.push({ name: 'array body', request: { raw: { payload: '[1,2,3]', contentType: 'application/json' } } });
  }
  if (op.multipart) {
    out.push({ name: 'multipart without boundary', request: { raw: { payload: 'abc', contentType: 'multipart/form-data' } } });
    out.push({ name: 'multipart cut short', request: { raw: { payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="a"\r\n\r\nb`, contentType: `multipart/form-data; boundary=${BOUNDARY}` } } });
    out.push({ name: 'multipart empty file', request: { raw: { payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename=""\r\n\r\n\r\n--${BOUNDARY}--\r\n`, contentType: `multipart/form-data; boundary=${BOUNDARY}` } } });
    out.push({ name: 'JSON to a multipart route', request: { raw: { payload: '{}', contentType: 'application/json' } } });
  }
  return out;
}

function deep(levels: number): unknown {
  let v: unknown = 'x';
  for (let i = 0; i < levels; i += 1) v = { a: v };
  return v;
}

/**
 * The other company's records, read as its admin: ids to put in slots, and the values that must
 * never appear in an answer to the lender's admin (its members' emails and ids, its borrowers'
 * names and mobiles).
 */
export async function foreignIdsOf(app: FastifyInstance, foreignHeaders: Record<string, string>, ownHeaders: Record<string, string>) {
  const get = async (h: Record<string, string>, url: string) => (await app.inject({ url, headers: h })).json().data as Json;
  const loans = ((await get(foreignHeaders, '/api/recovery/loans?page_size=20')).loans as Json[]) ?? [];
  const users = ((await get(foreignHeaders, '/api/user/company/users?page_size=50&include_inactive=true')).users as Json[]) ?? [];
  // Platform users (chief and super admins) belong to both companies: theirs are not the other's secrets.
  const own = new Set((((await get(ownHeaders, '/api/user/company/users?page_size=100&include_inactive=true')).users as Json[]) ?? []).map((u) => String(u.user_id)));
  const theirs = users.filter((u) => !own.has(String(u.user_id)));
  const profiles = ((await get(foreignHeaders, '/api/user/profiles')).profiles as Json[]) ?? [];
  const roles = ((await get(foreignHeaders, '/api/user/roles')).roles as Json[]) ?? [];
  const ids: Record<string, string[]> = {
    user: theirs.map((u) => String(u.user_id)),
    loan: loans.map((l) => String(l.loan_id)),
    profile: profiles.map((p) => String(p.profile_id)),
    role: roles.map((r) => String(r.role_id)),
  };
  // What must never reach the lender's admin: the other company's members and borrowers.
  const secrets = new Set<string>();
  for (const u of theirs) {
    secrets.add(String(u.email));
    if (String(u.name).length > 5) secrets.add(String(u.name));
  }
  for (const l of loans) {
    const v = (l.variables ?? l) as Json;
    for (const key of ['applicant_name', 'applicant_contact_number']) if (typeof v[key] === 'string' && String(v[key]).length > 5) secrets.add(String(v[key]));
  }
  return {
    /** Foreign ids fitting a slot by its name (at most two of each kind). */
    idsFor(name: string): string[] {
      if (/user/.test(name)) return ids.user.slice(0, 2);
      if (/loan/.test(name)) return ids.loan.slice(0, 1);
      if (/profile/.test(name)) return ids.profile.slice(0, 1);
      if (/role/.test(name)) return ids.role.slice(0, 1);
      return [...ids.user.slice(0, 1), ...ids.profile.slice(0, 1), ...ids.role.slice(0, 1)];
    },
    /** The first foreign secret (a member's email or name, a borrower's name or mobile) `body` shows, or null. */
    leaks(body: string): string | null {
      for (const s of secrets) if (body.includes(s)) return s;
      return null;
    },
  };
}
