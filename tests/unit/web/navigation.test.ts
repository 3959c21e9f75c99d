/** Route helpers: ui-version prefix, company-keeping links, link tokens (spec 2, 4). */
import { describe, expect, it } from 'vitest';
import { appLink, appPrefix, decodeLinkToken, inAppClickHref, sortLinkKeys } from '../../../src/web/lib/navigation';

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

describe('sortLinkKeys (issue 12: a link writes only the keys spec 3 names, and never a session by itself)', () => {
  it('drops every key spec 3 does not name', () => {
    const { save, signIn } = sortLinkKeys({ isAdmin: 'true', i18nextLng: 'hi', ui_config: 'x', __proto__x: 'y', screen_recording: 'on', country_login: 'INDONESIA' });
    expect(save).toEqual({ screen_recording: 'on', country_login: 'INDONESIA' });
    expect(signIn).toBeNull();
  });

  it('holds uat, email and AsapOAuthKey for confirmation instead of saving them', () => {
    const { save, signIn } = sortLinkKeys({ uat: ' t0k ', email: 'a@b.in', AsapOAuthKey: 'k1', country_login: 'INDIA' });
    expect(save).toEqual({ country_login: 'INDIA' });
    expect(signIn).toEqual({ uat: 't0k', email: 'a@b.in', AsapOAuthKey: 'k1' });
  });

  it('ignores an email or support-desk key without a session token, and unknown countries', () => {
    expect(sortLinkKeys({ email: 'victim@b.in', AsapOAuthKey: 'attacker', country_login: 'MARS' })).toEqual({ save: {}, signIn: null });
  });
});

describe('inAppClickHref (one click handler for a list of in-app links, issue 18)', () => {
  const link = { getAttribute: (name: string) => (name === 'href' ? '/v1/app/customer/visit-details?loan_id=L1' : null) };
  const inside = { closest: (selector: string) => (selector === 'a[data-in-app][href]' ? link : null) };
  const click = { target: inside, button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, defaultPrevented: false } as unknown as Parameters<typeof inAppClickHref>[0];

  it('routes a plain left click on an in-app link and leaves every other click to the browser', () => {
    expect(inAppClickHref(click)).toBe('/v1/app/customer/visit-details?loan_id=L1');
    expect(inAppClickHref({ ...click, ctrlKey: true })).toBeNull();
    expect(inAppClickHref({ ...click, metaKey: true })).toBeNull();
    expect(inAppClickHref({ ...click, button: 1 })).toBeNull();
    expect(inAppClickHref({ ...click, defaultPrevented: true })).toBeNull();
    expect(inAppClickHref({ ...click, target: { closest: () => null } as unknown as EventTarget })).toBeNull();
  });
});
