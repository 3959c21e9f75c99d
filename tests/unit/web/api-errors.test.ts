/** Spec 8 error catalogue as the web client applies it. */
import { describe, expect, it } from 'vitest';
import { classifyFailure } from '../../../src/web/lib/api-errors';

describe('classifyFailure', () => {
  it('turns a 401 on an app route into an expired session', () => {
    expect(classifyFailure({ status: 401, path: 'user/profile/details', body: { success: false, message: 'Session expired', data: null } })).toMatchObject({
      kind: 'session_expired',
      message: 'Session expired',
    });
  });

  it('does not end the session for a 401 on logout or on /public routes (a wrong password)', () => {
    expect(classifyFailure({ status: 401, path: 'user/logout', body: { message: 'Session expired' } }).kind).toBe('error');
    const login = classifyFailure({ status: 401, path: 'user/public/login', body: { success: false, message: 'Invalid email or password', data: null } });
    expect(login).toMatchObject({ kind: 'error', message: 'Invalid email or password' });
  });

  it('shows the IP message of a 403 as a toast, not as a permission problem', () => {
    expect(classifyFailure({ status: 403, path: 'user/company', body: { message: 'You are not allowed from this IP address', data: null } }).kind).toBe('ip_blocked');
  });

  it('names the missing permission of a 403', () => {
    const failure = classifyFailure({
      status: 403,
      path: 'user/company/users',
      body: { success: false, message: 'Permission not found: …', data: { missing_permission: { module: 'User Management Module', action: 'users', access: 'read' } } },
    });
    expect(failure.kind).toBe('permission');
    expect(failure.missingPermission).toEqual({ module: 'User Management Module', action: 'users', access: 'read' });
  });

  it('a 403 without a permission (another company) stays an ordinary error', () => {
    expect(classifyFailure({ status: 403, path: 'user/company', body: { message: 'You are not assigned to this company', data: null } })).toMatchObject({
      kind: 'error',
      message: 'You are not assigned to this company',
    });
  });

  it('keeps the field a 400 names (data.field), so a form shows the message under it', () => {
    const body = { success: false, message: 'Special characters not allowed at the start or end.', data: { field: 'charge_label' } };
    expect(classifyFailure({ status: 400, path: 'payment/settings/payment_settings_charges', body })).toEqual({ kind: 'error', message: body.message, status: 400, field: 'charge_label' });
    expect(classifyFailure({ status: 400, path: 'x', body: { message: 'Bad', data: null } })).toEqual({ kind: 'error', message: 'Bad', status: 400 });
  });

  it('blocks the app on 521 with the server message', () => {
    expect(classifyFailure({ status: 521, path: 'user/companies', body: { message: 'Down for maintenance' } })).toMatchObject({ kind: 'blocked', message: 'Down for maintenance' });
  });

  it("says 'Something went wrong' when the answer has no message, and 'cancelled' for aborts", () => {
    expect(classifyFailure({ status: 500, path: 'x', body: '<html>' }).message).toBe('Something went wrong');
    expect(classifyFailure({ status: null, path: 'x' }).message).toBe('Something went wrong');
    expect(classifyFailure({ status: null, path: 'x', aborted: true })).toMatchObject({ kind: 'cancelled', message: 'cancelled' });
  });
});
