/**
 * The API only gains (issue 11 "no API path changes, the OpenAPI document only gains"): every
 * operation of the document recorded before the area kernel (tests/fixtures/openapi-baseline.json)
 * is still served with the same method and path, its parameters, the fields of its request body
 * and of its 200 answer are still there.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

type Json = Record<string, unknown>;
type Doc = { paths: Record<string, Record<string, Json>>; components?: { schemas?: Record<string, Json> } };

const baseline = JSON.parse(readFileSync(new URL('../fixtures/openapi-baseline.json', import.meta.url), 'utf8')) as Doc;
let t: TestApp;
let current: Doc;

beforeAll(async () => {
  t = await createTestApp();
  current = (await t.app.inject({ url: '/api/docs/json' })).json() as Doc;
}, 120_000);
afterAll(async () => t?.close());

/** Every property path of a JSON schema (`a`, `a.b`, `items[].c`), following $refs into the document's components. */
function fieldPaths(schema: unknown, doc: Doc, prefix = '', seen = new Set<string>()): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const s = schema as Json;
  if (typeof s.$ref === 'string') {
    if (seen.has(s.$ref)) return [];
    const name = s.$ref.split('/').pop()!;
    return fieldPaths(doc.components?.schemas?.[name], doc, prefix, new Set([...seen, s.$ref]));
  }
  const out: string[] = [];
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) for (const part of (s[key] as unknown[]) ?? []) out.push(...fieldPaths(part, doc, prefix, seen));
  if (s.items) out.push(...fieldPaths(s.items, doc, `${prefix}[]`, seen));
  for (const [name, sub] of Object.entries((s.properties as Json) ?? {})) {
    const path = prefix ? `${prefix}.${name}` : name;
    out.push(path, ...fieldPaths(sub, doc, path, seen));
  }
  return out;
}

const operations = Object.entries(baseline.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ path, method })));

describe('the OpenAPI document only gains', () => {
  it('still has every operation of the baseline', () => {
    const missing = operations.filter(({ path, method }) => !current.paths[path]?.[method]).map(({ path, method }) => `${method.toUpperCase()} ${path}`);
    expect(missing).toEqual([]);
  });

  it.each(operations)('$method $path keeps its parameters, body fields and answer fields', ({ path, method }) => {
    const before = baseline.paths[path][method];
    const after = current.paths[path]?.[method];
    expect(after, `${method} ${path}`).toBeDefined();
    const params = (op: Json) => ((op.parameters as Json[]) ?? []).map((p) => `${p.in}:${p.name}`).sort();
    expect(params(after!)).toEqual(expect.arrayContaining(params(before)));
    const body = (op: Json, doc: Doc) => Object.values(((op.requestBody as Json)?.content as Record<string, Json>) ?? {}).flatMap((c) => fieldPaths(c.schema, doc));
    expect(body(after!, current)).toEqual(expect.arrayContaining(body(before, baseline)));
    const answer = (op: Json, doc: Doc) => Object.values((((op.responses as Json)?.['200'] as Json)?.content as Record<string, Json>) ?? {}).flatMap((c) => fieldPaths(c.schema, doc));
    expect(answer(after!, current)).toEqual(expect.arrayContaining(answer(before, baseline)));
  });
});
