/** Route helpers: ui-version prefix, company-keeping links, link tokens (spec 2, 4). */
import { describe, expect, it } from 'vitest';
import { appLink, appPrefix, decodeLinkToken } from '../../../src/web/lib/navigation';

describe('appPrefix / appLink', () => {
  it('keeps the v1/v2 prefix of the current path', () => {
    expect(appPrefix('/v2/app/roles')).toBe('/v2/app');
    expect(appPrefix('/v1/app')).toBe('/v1/app');
    expect(appPrefix('/app/user-management')).toBe('/app');
    expect(appPrefix('/v3/app/x')).toBe('/app');
  });

  it('always carries company_id', () => {
    expect(appLink('/v1/app', 'user-management', 'demo-lender-in')).toBe('/v1/app/user-management?company_id=demo-lender-in');
    expect(appLink('/app', '', 'a&b')).toBe('/app?company_id=a%26b');
  });
});

describe('decodeLinkToken', () => {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

  it('returns the keys of a base64 JSON object', () => {
    expect(decodeLinkToken(encode({ uat: 't0k', email: 'a@b.in', country_login: 'INDONESIA' }))).toEqual({ uat: 't0k', email: 'a@b.in', country_login: 'INDONESIA' });
  });

  it('accepts URL-safe base64 and non-ASCII text', () => {
    const token = Buffer.from(JSON.stringify({ name: 'सहयाद्री' })).toString('base64url');
    expect(decodeLinkToken(token)).toEqual({ name: 'सहयाद्री' });
  });

  it('ignores tokens that are not a JSON object', () => {
    expect(decodeLinkToken('not base64!')).toBeNull();
    expect(decodeLinkToken(encode(['a']))).toBeNull();
    expect(decodeLinkToken(encode('x'))).toBeNull();
    expect(decodeLinkToken(null)).toBeNull();
  });
});
