/** The users area's web front door (decision 007): users, roles, profiles and the user reports. */
import { ChartColumn, KeyRound, Network, Users } from 'lucide-react';
import { userReport } from '../../../domain/contracts/auth/reports';
import { listCompanyUsers, userFilters } from '../../../domain/contracts/users/company-users';
import { listProfiles } from '../../../domain/contracts/users/profiles';
import { listRoles } from '../../../domain/contracts/users/roles';
import { defineWebArea } from '../../lib/area';
import en from './locales/en.json';

export default defineWebArea({
  name: 'users',
  routes: [
    { path: 'user-management', shell: 'desk', page: () => import('./user-management-page') },
    { path: 'roles', shell: 'desk', page: () => import('./roles-page') },
    { path: 'profiles', shell: 'desk', page: () => import('./profiles-page') },
    { path: 'user-reports', shell: 'desk', page: () => import('./user-reports-page') },
  ],
  menu: [
    { screen: 'user-management', labelKey: 'menu.users', icon: Users, opens: [listCompanyUsers, userFilters], order: 110 },
    { screen: 'roles', labelKey: 'menu.roles', icon: Network, opens: [listRoles], order: 120 },
    { screen: 'profiles', labelKey: 'menu.profiles', icon: KeyRound, opens: [listProfiles], order: 130 },
    { screen: 'user-reports', labelKey: 'menu.user_reports', icon: ChartColumn, opens: [userReport], order: 150 },
  ],
  texts: {
    en,
    hi: () => import('./locales/hi.json'),
    id: () => import('./locales/id.json'),
    desk: { en: () => import('./locales/en-desk.json'), hi: () => import('./locales/hi-desk.json'), id: () => import('./locales/id-desk.json') },
  },
});
