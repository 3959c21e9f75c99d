import { describe, expect, it } from 'vitest';
import { stripUiVersion, uiVersionRedirect } from '../../../src/domain/companies/ui-version';
import type { UiVersionRedirectInput } from '../../../src/domain/companies/ui-version';
import { safeNextPath, signOutRedirect } from '../../../src/domain/auth/sign-out';

const base: UiVersionRedirectInput = {
  pathname: '/v1/app/customer-loans',
  search: '?company_id=demo-trust-id',
  userType: 'user',
  assignedCompanyCount: 1,
  uiVersion: 'v2',
};

describe('stripUiVersion (spec 2)', () => {
  it('splits off a v1 or v2 prefix', () => {
    expect(stripUiVersion('/v2/app/customer-loans')).toEqual({ version: 'v2', rest: '/app/customer-loans' });
    expect(stripUiVersion('/v1')).toEqual({ version: 'v1', rest: '/' });
    expect(stripUiVersion('/app/predictor')).toEqual({ version: null, rest: '/app/predictor' });
    expect(stripUiVersion('/v3/app/x')).toEqual({ version: null, rest: '/v3/app/x' });
    expect(stripUiVersion('/v10/app')).toEqual({ version: null, rest: '/v10/app' });
  });
});

describe('uiVersionRedirect (spec 2)', () => {
  it('moves a single-company user to the company prefix, keeping the search', () => {
    expect(uiVersionRedirect(base)).toBe('/v2/app/customer-loans?company_id=demo-trust-id');
    expect(uiVersionRedirect({ ...base, pathname: '/app/customer-loans', search: 'a=1' })).toBe('/v2/app/customer-loans?a=1');
    expect(uiVersionRedirect({ ...base, userType: 'company_admin', search: '' })).toBe('/v2/app/customer-loans');
  });
  it('does nothing when the prefix already matches', () => {
    expect(uiVersionRedirect({ ...base, pathname: '/v2/app/customer-loans' })).toBeNull();
  });
  it('only applies to user and company admin with exactly one company', () => {
    for (const userType of ['chief_admin', 'super_admin', 'super_user'] as const) {
      expect(uiVersionRedirect({ ...base, userType })).toBeNull();
    }
    expect(uiVersionRedirect({ ...base, assignedCompanyCount: 2 })).toBeNull();
    expect(uiVersionRedirect({ ...base, assignedCompanyCount: 0 })).toBeNull();
  });
  it('leaves non-app pages and unknown versions alone', () => {
    expect(uiVersionRedirect({ ...base, pathname: '/login' })).toBeNull();
    expect(uiVersionRedirect({ ...base, uiVersion: null })).toBeNull();
  });
});

describe('signOutRedirect (spec 2)', () => {
  it('carries the encoded path and search as next', () => {
    expect(signOutRedirect('/v1/app/customer-loans', '?company_id=demo-lender-in&allocation_month=2025-01')).toBe(
      '/login?next=%2Fv1%2Fapp%2Fcustomer-loans%3Fcompany_id%3Ddemo-lender-in%26allocation_month%3D2025-01',
    );
    expect(signOutRedirect('/app/predictor', '')).toBe('/login?next=%2Fapp%2Fpredictor');
  });
  it('goes to plain /login from the login pages', () => {
    expect(signOutRedirect('/login/sso', '?email=a@b.in')).toBe('/login');
    expect(signOutRedirect('/login/sso/', '')).toBe('/login');
    expect(signOutRedirect('/login', '?next=%2Fapp')).toBe('/login');
  });
  it('round-trips next into a safe path only', () => {
    const next = new URLSearchParams(signOutRedirect('/app/x', '?y=1').split('?')[1]).get('next');
    expect(safeNextPath(next)).toBe('/app/x?y=1');
    expect(safeNextPath('https://evil.example/')).toBe('/');
    expect(safeNextPath('//evil.example/')).toBe('/');
    expect(safeNextPath('/\\evil.example')).toBe('/');
    expect(safeNextPath(null, '/app')).toBe('/app');
  });
});
