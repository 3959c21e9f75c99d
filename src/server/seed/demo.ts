/**
 * The demo seed (README "Demo sign-ins"): a lender in India and a trust in Indonesia, their
 * profiles and role trees, and one user of each role and profession. Runs at first start when
 * the companies table is empty; running it again changes nothing.
 */
import { count, eq } from 'drizzle-orm';
import type { PermissionsMap, Profession, UserType } from '../../domain/users/permissions';
import { PERMISSION_CATALOGUE, PERMISSION_MODULES, fullPermissions, grant } from '../../domain/users/permissions';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { loadAreas } from '../areas';
import { hashPassword } from '../security/passwords';
import { companies } from '../modules/companies/schema';
import { profiles, roles, userCompanies, users } from '../modules/users/schema';
import { seedDemoCommunication } from './demo-communication';
import { seedDemoField } from './demo-field';
import { seedDemoLegal } from './demo-legal';
import { seedDemoPortfolio } from './demo-portfolio';
import { seedDemoTeam } from './demo-team';
import { seedDemoCalling } from './demo-calling';

import { DEMO_COMPANY_ID, DEMO_COMPANY_IN, DEMO_PASSWORD } from './demo-constants';

export { DEMO_COMPANY_ID, DEMO_COMPANY_IN, DEMO_PASSWORD };

function readOnly(): PermissionsMap {
  const map: PermissionsMap = {};
  for (const module of PERMISSION_MODULES) {
    map[module] = {};
    for (const action of PERMISSION_CATALOGUE[module]) map[module]![action] = { read: true, write: false };
  }
  return map;
}

type ProfileName = 'Admin' | 'Manager' | 'Telecaller' | 'Field Executive' | 'Legal' | 'Read only';
const PROFILES: Record<ProfileName, { description: string; permissions: () => PermissionsMap }> = {
  Admin: { description: 'Everything, including user management and company settings', permissions: fullPermissions },
  Manager: {
    description: 'Portfolio, calling, field, reports and contact compliance; reads users and roles',
    permissions: () =>
      grant({
        'Core Collection Modules': { portfolio: 'rw', loan_profile: 'rw', allocation: 'rw', saved_filters: 'rw', variables: 'r', imports: 'rw', exports: 'rw' },
        fos: { visits: 'r', deposits: 'rw', online_recoveries: 'rw', field_force_tracking: 'r', visit_verification: 'rw', fos_dashboard: 'r' },
        calling: { click_to_call: 'rw' },
        'User Management Module': { users: 'r', roles: 'r', profiles: 'r', user_reports: 'r' },
        Reports: { reports: 'r' },
        dashboard: { dashboards: 'r' },
        // Managers and telecalling supervisors set the contact rules, keep the DND list and grant overrides (issue 13).
        'Policy Control Module': { compliance_rules: 'rw', dnd_list: 'rw', compliance_overrides: 'rw' },
        // Managers keep the message templates, send messages and run campaigns (issue 13 "Communication").
        'Solitary Communications': { messages: 'rw' },
        'Digital Communications': { communications: 'rw' },
        'Digital Comm Campaign Management': { campaigns: 'rw' },
        'WhatsApp ChatR': { chat: 'rw' },
      }),
  },
  Telecaller: {
    description: 'Calling and the loans allocated to the caller',
    permissions: () =>
      grant({
        'Core Collection Modules': { portfolio: 'r', loan_profile: 'r', saved_filters: 'rw' },
        calling: { click_to_call: 'rw', autodialer: 'rw' },
        // A telecaller sends a borrower a template message from the loan (issue 13); templates are read only.
        'Solitary Communications': { messages: 'rw' },
        'Digital Communications': { communications: 'r' },
        // …and answers borrowers' WhatsApp replies inside the 24-hour window (issue 13 ChatR).
        'WhatsApp ChatR': { chat: 'rw' },
      }),
  },
  'Field Executive': {
    description: 'Field visits, receipts and deposits, with borrower names and numbers in clear to call and find them',
    permissions: () =>
      grant({
        'Core Collection Modules': { portfolio: 'r', loan_profile: 'r', access_unmasked_data: 'r' },
        // field_force_tracking read: the executive's own trail (the reports-to scope shows nobody else).
        fos: { visits: 'rw', deposits: 'rw', online_recoveries: 'rw', field_force_tracking: 'r' },
        'Document Management': { documents: 'rw' },
      }),
  },
  Legal: {
    description: 'Notices and litigation',
    permissions: () => grant({ 'Core Collection Modules': { portfolio: 'r', loan_profile: 'r' }, notice: { notices: 'rw' }, litigation: { legal_portfolio: 'rw', process_tracking: 'rw' } }),
  },
  'Read only': { description: 'Reads everything, changes nothing', permissions: readOnly },
};

type RoleName = 'Collection Head' | 'Area Manager' | 'Field Executive' | 'Telecalling Supervisor' | 'Telecaller' | 'Legal Head' | 'Lawyer' | 'Advocate';
/** Reports-to tree, parents first. */
const ROLES: [RoleName, RoleName | null][] = [
  ['Collection Head', null],
  ['Area Manager', 'Collection Head'],
  ['Field Executive', 'Area Manager'],
  ['Telecalling Supervisor', 'Collection Head'],
  ['Telecaller', 'Telecalling Supervisor'],
  ['Legal Head', null],
  ['Lawyer', 'Legal Head'],
  ['Advocate', 'Legal Head'],
];

interface DemoUser {
  email: string;
  name: string;
  userType: UserType;
  profession: Profession;
  companies: string[];
  profile: ProfileName;
  role: RoleName | null;
  team?: string;
  location?: string;
  mobile?: string;
}

/** The demo sign-ins, in the order main.ts prints them. */
export const DEMO_USERS: DemoUser[] = [
  { email: 'chief.admin@demo.in', name: 'Chief Admin', userType: 'chief_admin', profession: 'other', companies: [DEMO_COMPANY_IN, DEMO_COMPANY_ID], profile: 'Admin', role: null },
  { email: 'super.admin@demo.in', name: 'Super Admin', userType: 'super_admin', profession: 'other', companies: [DEMO_COMPANY_IN, DEMO_COMPANY_ID], profile: 'Admin', role: null },
  { email: 'admin@demo.in', name: 'Anita Deshpande', userType: 'company_admin', profession: 'other', companies: [DEMO_COMPANY_IN], profile: 'Admin', role: null, location: 'Pune' },
  { email: 'super.user@demo.in', name: 'Sunil Kulkarni', userType: 'super_user', profession: 'collection manager', companies: [DEMO_COMPANY_IN], profile: 'Admin', role: 'Collection Head', team: 'Collections', location: 'Pune' },
  { email: 'telecaller@demo.in', name: 'Priya Nair', userType: 'user', profession: 'telecalling', companies: [DEMO_COMPANY_IN], profile: 'Telecaller', role: 'Telecaller', team: 'Calling', location: 'Pune', mobile: '9876500001' },
  { email: 'supervisor@demo.in', name: 'Rahul Menon', userType: 'user', profession: 'telecalling supervisor', companies: [DEMO_COMPANY_IN], profile: 'Manager', role: 'Telecalling Supervisor', team: 'Calling', location: 'Pune', mobile: '9876500002' },
  { email: 'lawyer@demo.in', name: 'Kavita Rao', userType: 'user', profession: 'lawyer', companies: [DEMO_COMPANY_IN], profile: 'Legal', role: 'Lawyer', team: 'Legal', location: 'Mumbai' },
  { email: 'advocate@demo.in', name: 'Arjun Iyer', userType: 'user', profession: 'advocate', companies: [DEMO_COMPANY_IN], profile: 'Legal', role: 'Advocate', team: 'Legal', location: 'Mumbai' },
  { email: 'manager@demo.in', name: 'Meera Joshi', userType: 'user', profession: 'collection manager', companies: [DEMO_COMPANY_IN], profile: 'Manager', role: 'Collection Head', team: 'Collections', location: 'Mumbai' },
  { email: 'area.manager@demo.in', name: 'Vikram Patil', userType: 'user', profession: 'area manager', companies: [DEMO_COMPANY_IN], profile: 'Manager', role: 'Area Manager', team: 'Field', location: 'Nashik' },
  { email: 'fos@demo.in', name: 'Ganesh Shinde', userType: 'user', profession: 'field executive', companies: [DEMO_COMPANY_IN], profile: 'Field Executive', role: 'Field Executive', team: 'Field', location: 'Nashik', mobile: '9876500003' },
  { email: 'other@demo.in', name: 'Deepa Kulkarni', userType: 'user', profession: 'other', companies: [DEMO_COMPANY_IN], profile: 'Read only', role: null, team: 'Operations', location: 'Pune' },
  { email: 'admin@demo.id', name: 'Dewi Lestari', userType: 'company_admin', profession: 'other', companies: [DEMO_COMPANY_ID], profile: 'Admin', role: null, location: 'Jakarta' },
  { email: 'fos@demo.id', name: 'Budi Santoso', userType: 'user', profession: 'field executive', companies: [DEMO_COMPANY_ID], profile: 'Field Executive', role: 'Field Executive', team: 'Field', location: 'Bandung', mobile: '81234500001' },
  { email: 'telecaller@demo.id', name: 'Siti Rahmawati', userType: 'user', profession: 'telecalling', companies: [DEMO_COMPANY_ID], profile: 'Telecaller', role: 'Telecaller', team: 'Calling', location: 'Jakarta', mobile: '81234500002' },
];

const BREAKS = {
  Lunch: { break_type: 'non-productive_break' as const, break_duration: 30 },
  Training: { break_type: 'productive_break' as const, break_duration: 60 },
};

/**
 * Seeds the demo when the companies table is empty, then the demo portfolio (demo-portfolio.ts,
 * which runs only while the demo companies have no loans), the field day (demo-field.ts) and the
 * field team under the area manager (demo-team.ts), each of which runs once.
 * @returns true when it seeded the companies, false when they were already there.
 */
export async function seedDemo(db: Db, config: AppConfig): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(companies);
  if (n > 0) {
    // A data directory seeded before the demo portfolio existed gets it once (it runs only when empty).
    await seedDemoPortfolio(db);
    await seedDemoField(db);
    await seedDemoTeam(db, config);
    await seedDemoCommunication(db);
    await seedDemoCalling(db);
    await seedAreas(db);
    return false;
  }
  const passwordHash = await hashPassword(config, DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    await tx
      .insert(companies)
      .values([
        {
          companyId: DEMO_COMPANY_IN,
          trademark: 'Sahyadri Finance Ltd',
          companyType: 'lender',
          country: 'INDIA',
          countryIsdCode: '+91',
          countryCurrencyCode: 'INR',
          uiVersion: 'v1',
          clickToCallEnabled: true,
          autodialerEnabled: true,
          autodialerCampaignId: 'sahyadri-auto',
          clickToCallCampaignId: 'sahyadri-c2c',
          callingDialerServer: 'incall_ind_server',
          predictiveBreaks: BREAKS,
          inboundBreaks: BREAKS,
          maskedVariables: ['applicant_contact_number', 'pan_number', 'aadhar_number'],
        },
        {
          companyId: DEMO_COMPANY_ID,
          trademark: 'Nusantara Amanah Trust',
          companyType: 'trusts',
          country: 'INDONESIA',
          countryIsdCode: '+62',
          countryCurrencyCode: 'IDR',
          uiVersion: 'v2',
          clickToCallEnabled: true,
          clickToCallCampaignId: 'nusantara-c2c',
          callingDialerServer: 'incall_idn_server',
          predictiveBreaks: BREAKS,
          inboundBreaks: BREAKS,
          maskedVariables: ['applicant_contact_number'],
        },
      ])
      .onConflictDoNothing();

    const profileIds = new Map<string, string>();
    const roleIds = new Map<string, string>();
    for (const companyId of [DEMO_COMPANY_IN, DEMO_COMPANY_ID]) {
      for (const [name, p] of Object.entries(PROFILES)) {
        const [row] = await tx.insert(profiles).values({ companyId, profileName: name, description: p.description, permissions: p.permissions() }).returning({ id: profiles.profileId });
        profileIds.set(`${companyId}/${name}`, row.id);
      }
      for (const [name, parent] of ROLES) {
        const reportsToRoleId = parent ? roleIds.get(`${companyId}/${parent}`) : null;
        const [row] = await tx.insert(roles).values({ companyId, roleName: name, reportsToRoleId }).returning({ id: roles.roleId });
        roleIds.set(`${companyId}/${name}`, row.id);
      }
    }

    for (const u of DEMO_USERS) {
      const [existing] = await tx.select({ id: users.userId }).from(users).where(eq(users.email, u.email));
      const userId =
        existing?.id ??
        (
          await tx
            .insert(users)
            .values({
              email: u.email,
              name: u.name,
              userType: u.userType,
              profession: u.profession,
              passwordHash,
              team: u.team ?? null,
              location: u.location ?? null,
              mobile: u.mobile ?? null,
              clientEmployeeId: `EMP-${u.email.split('@')[0].replace(/\W/g, '').toUpperCase()}`,
              isOperator: u.profession === 'telecalling',
            })
            .returning({ id: users.userId })
        )[0].id;
      for (const companyId of u.companies) {
        await tx
          .insert(userCompanies)
          .values({ companyId, userId, profileId: profileIds.get(`${companyId}/${u.profile}`), roleId: u.role ? roleIds.get(`${companyId}/${u.role}`) : null })
          .onConflictDoNothing();
      }
    }
  });
  await seedDemoPortfolio(db);
  await seedDemoField(db);
  await seedDemoTeam(db, config);
  await seedDemoCommunication(db);
  await seedDemoCalling(db);
  await seedDemoLegal(db);
  await seedAreas(db);
  return true;
}

/** Each area's own demo part (`defineArea({ demoSeed })`), in area order. */
async function seedAreas(db: Db): Promise<void> {
  for (const area of await loadAreas()) await area.demoSeed?.(db);
}
