/** Menu filtering by permissions (spec 6), the role tree, the permission matrix and break rows. */
import { describe, expect, it } from 'vitest';
import { fullPermissions, grant } from '../../../src/domain/users/permissions';
import type { Role } from '../../../src/domain/contracts/users/roles';
import { loadAllAreas } from '../../../src/web/lib/areas';
import { hasFieldScreens, isFieldScreen, menuEntries, screenAccess, visibleMenu } from '../../../src/web/lib/menu';
import { roleTree } from '../../../src/web/features/users/role-tree';
import { setFlag, normalisePermissions, countGranted } from '../../../src/web/features/users/permission-matrix';
import { breaksFromRows, breaksToRows } from '../../../src/web/features/companies/breaks';

await loadAllAreas();
const MENU = menuEntries();

describe('visibleMenu', () => {
  it('shows only home to a user without any screen permission', () => {
    expect(visibleMenu(grant({ 'Data Science': { predictor: 'rw' } }), 'other').map((e) => e.screen)).toEqual(['']);
    // Issue 14: click to call opens the calling desk.
    expect(visibleMenu(grant({ calling: { click_to_call: 'rw' } }), 'telecalling').map((e) => e.screen)).toEqual(['', 'calling']);
    expect(visibleMenu(undefined, null).map((e) => e.screen)).toEqual(['']);
  });

  it('shows the field screens the fos permissions grant to field executives only, first after home', () => {
    const fieldUser = grant({ 'Core Collection Modules': { portfolio: 'r', saved_filters: 'r' }, fos: { visits: 'rw', deposits: 'rw' } });
    expect(visibleMenu(fieldUser, 'field executive').map((e) => e.screen)).toEqual(['', 'visit-details', 'field-executive', 'customer-loans']);
    // Issue 12: a manager holding the same permissions (to verify visits) has no field app of their own.
    expect(visibleMenu(fieldUser, 'collection manager').map((e) => e.screen)).toEqual(['', 'customer-loans']);
    expect(visibleMenu(fieldUser, null).map((e) => e.screen)).toEqual(['', 'customer-loans']);
    expect(hasFieldScreens(fieldUser, 'field executive')).toBe(true);
    expect(hasFieldScreens(fieldUser, 'area manager')).toBe(false);
    expect(hasFieldScreens(grant({ 'User Management Module': { users: 'rw' } }), 'field executive')).toBe(false);
    expect(isFieldScreen('customer/visit-details')).toBe(true);
    expect(isFieldScreen('field-executive/online')).toBe(true);
    expect(isFieldScreen('customer/loan-details')).toBe(false);
  });

  it('shows each screen whose read permission is granted', () => {
    expect(visibleMenu(grant({ 'User Management Module': { users: 'r', user_reports: 'r' } }), 'other').map((e) => e.screen)).toEqual(['', 'user-management', 'user-reports']);
    // Every screen opens with every permission (new screens add entries, so the count is the menu's);
    // the field app's screens only for a field executive.
    expect(visibleMenu(fullPermissions(), 'field executive')).toHaveLength(MENU.length);
    expect(visibleMenu(fullPermissions(), 'other')).toHaveLength(MENU.filter((e) => !e.field).length);
    // Issue 5: the verification queue and the FOS dashboard need their own fos permissions.
    expect(visibleMenu(grant({ fos: { visit_verification: 'r' } }), 'other').map((e) => e.screen)).toEqual(['', 'fos-visits']);
    expect(visibleMenu(grant({ fos: { fos_dashboard: 'r' } }), 'other').map((e) => e.screen)).toEqual(['', 'fos-dashboard']);
  });

  it('shows bulk operations to a user who may read imports or exports, and loans with portfolio and saved filters read', () => {
    // Export permission also reaches the payment exports without the payments dashboard (issue 15).
    expect(visibleMenu(grant({ 'Core Collection Modules': { exports: 'r' } }), 'other').map((e) => e.screen)).toEqual(['', 'bulk-operations', 'payment-exports']);
    expect(visibleMenu(grant({ 'Core Collection Modules': { allocation: 'r' } }), 'other').map((e) => e.screen)).toEqual(['', 'bulk-operations']);
    expect(visibleMenu(grant({ 'Core Collection Modules': { imports: 'r', portfolio: 'r', saved_filters: 'r' } }), 'other').map((e) => e.screen)).toEqual(['', 'customer-loans', 'bulk-operations']);
  });

  it('offers no entry whose screen opens on an endpoint the user may not call (issue 11)', () => {
    // The loans list opens with the saved filters: portfolio read alone no longer shows it.
    expect(visibleMenu(grant({ 'Core Collection Modules': { portfolio: 'r' } }), 'other').map((e) => e.screen)).toEqual(['']);
    // Portfolio assignment needs allocation read and opens on the loans list.
    expect(visibleMenu(grant({ 'Core Collection Modules': { allocation: 'r', portfolio: 'r' } }), 'other').map((e) => e.screen)).toEqual(['', 'bulk-operations', 'portfolio-assignment']);
    expect(visibleMenu(grant({ 'Core Collection Modules': { allocation: 'rw' } }), 'other').map((e) => e.screen)).toEqual(['', 'bulk-operations']);
  });
});

describe('screenAccess', () => {
  const fos = grant({ fos: { visits: 'rw', deposits: 'rw' } });
  it('refuses a screen opened by URL that the menu would not offer (issue 12)', () => {
    // Loans without saved_filters read (fos, lawyer): no entry, and no screen by URL.
    expect(screenAccess('customer-loans', grant({ 'Core Collection Modules': { portfolio: 'r' } }), 'lawyer')).toBe('no');
    expect(screenAccess('customer-loans', grant({ 'Core Collection Modules': { portfolio: 'r', saved_filters: 'r' } }), 'lawyer')).toBe('yes');
    // Field app screens, sub-screens included, are the field executive's.
    expect(screenAccess('visit-details', fos, 'field executive')).toBe('yes');
    expect(screenAccess('visit-details', fos, 'collection manager')).toBe('no');
    expect(screenAccess('customer/visit-details', fos, 'area manager')).toBe('no');
    expect(screenAccess('field-executive/online', fos, 'field executive')).toBe('no');
    // Not known yet (loading, offline): the screen opens as before; home and unknown paths are not refused.
    expect(screenAccess('visit-details', undefined, undefined)).toBe('unknown');
    expect(screenAccess('user-management', undefined, 'other')).toBe('unknown');
    expect(screenAccess('', fos, 'other')).toBe('yes');
    expect(screenAccess('no-such-screen', fos, 'other')).toBe('yes');
  });
});

describe('roleTree', () => {
  const role = (role_id: string, role_name: string, reports_to_role_id: string | null): Role => ({
    role_id, role_name, reports_to_role_id, company_id: 'c', description: null, user_count: 0,
  });

  it('puts each role under the role it reports to', () => {
    const rows = roleTree([role('3', 'Agent', '2'), role('1', 'Head', null), role('2', 'Manager', '1')]);
    expect(rows.map((r) => [r.role.role_name, r.depth])).toEqual([['Head', 0], ['Manager', 1], ['Agent', 2]]);
  });

  it('still lists roles caught in a cycle', () => {
    const rows = roleTree([role('1', 'A', '2'), role('2', 'B', '1')]);
    expect(rows.map((r) => r.role.role_name).sort()).toEqual(['A', 'B']);
  });
});

describe('permission matrix', () => {
  it('write implies read and removing read removes write', () => {
    let map = setFlag({}, 'fos', 'visits', 'write', true);
    expect(map.fos?.visits).toEqual({ read: true, write: true });
    map = setFlag(map, 'fos', 'visits', 'read', false);
    expect(map.fos?.visits).toEqual({ read: false, write: false });
  });

  it('normalises to the catalogue with both flags', () => {
    const map = normalisePermissions({ fos: { visits: { read: true, write: false } }, bogus: { x: { read: true, write: true } } });
    expect(map.bogus).toBeUndefined();
    expect(map['User Management Module']?.users).toEqual({ read: false, write: false });
    expect(countGranted(map)).toBe(1);
  });
});

describe('break rows', () => {
  it('round-trips breaks in minutes', () => {
    const breaks = { Lunch: { break_type: 'non-productive_break' as const, break_duration: 30 } };
    expect(breaksFromRows(breaksToRows(breaks))).toEqual(breaks);
  });

  it('refuses missing or repeated names and bad minutes', () => {
    expect(breaksFromRows([{ name: '', break_type: 'productive_break', break_duration: '5' }])).toBeNull();
    expect(breaksFromRows([{ name: 'Tea', break_type: 'productive_break', break_duration: '5' }, { name: 'Tea', break_type: 'productive_break', break_duration: '5' }])).toBeNull();
    expect(breaksFromRows([{ name: 'Tea', break_type: 'productive_break', break_duration: '2.5' }])).toBeNull();
    expect(breaksFromRows([{ name: 'Tea', break_type: 'productive_break', break_duration: '1441' }])).toBeNull();
  });
});
