import { describe, expect, it } from 'vitest';
import { stripServerOnlyEndpointParts } from '../../../scripts/endpoint-parts';

const source = `import { endpoint } from '../endpoint';
const tags = ['field'];
export const recordVisit = endpoint({
  operation: 'fos.visits.record',
  method: 'POST',
  path: '/fos/visits',
  access: 'company',
  permission: { module: 'Field Module', action: 'visits', access: 'write' },
  idempotent: true,
  multipart: { json: 'visit', files: { photos: { maxFiles: 5, maxMb: 5, accept: ['jpg'], description: 'Up to 5 photos' } } },
  tags,
  summary: 'Record a visit',
  description:
    'A long text ' +
    'over two lines',
  schemas: async () => {
    const s = await import('./visits.schema');
    return { form: s.visitForm };
  },
});
export const VISIT_DESCRIPTION_MAX = { description: 'kept: not an endpoint' };
`;

describe('endpoint definitions as the browser build sees them (scripts/endpoint-parts.ts)', () => {
  const out = stripServerOnlyEndpointParts(source, 'src/domain/contracts/field/visits.ts')!.code;
  // Evaluate the transformed literal the way the bundle would.
  const body = out.slice(out.indexOf('endpoint(') + 'endpoint('.length, out.indexOf('});') + 1);
  const definition = new Function('tags', `return (${body});`)(['field']) as Record<string, unknown>;

  it('keeps what the web and the outbox use: operation, method, path, access, permission, idempotency, multipart rules', () => {
    expect(definition).toMatchObject({
      operation: 'fos.visits.record',
      method: 'POST',
      path: '/fos/visits',
      access: 'company',
      permission: { module: 'Field Module', action: 'visits', access: 'write' },
      idempotent: true,
      multipart: { json: 'visit', files: { photos: { maxFiles: 5, maxMb: 5, accept: ['jpg'] } } },
    });
  });

  it('drops the OpenAPI texts, tags and the schema import that only the server reads', () => {
    expect(Object.keys(definition).sort()).toEqual(['access', 'idempotent', 'method', 'multipart', 'operation', 'path', 'permission']);
    expect((definition.multipart as { files: { photos: object } }).files.photos).not.toHaveProperty('description');
    expect(out).not.toContain('visits.schema');
    expect(out).not.toContain('Record a visit');
  });

  it('leaves objects outside endpoint() alone, and modules without endpoints untouched', () => {
    expect(out).toContain("{ description: 'kept: not an endpoint' }");
    expect(stripServerOnlyEndpointParts("export const A = { summary: 'x' };", 'a.ts')).toBeNull();
  });
});
