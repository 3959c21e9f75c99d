/** The companies area's web front door (decision 007): company settings. */
import { Settings } from 'lucide-react';
import { defineWebArea, read } from '../../lib/area';
import en from './locales/en.json';

export default defineWebArea({
  name: 'companies',
  routes: [{ path: 'company-settings', shell: 'desk', page: () => import('./company-settings-page') }],
  menu: [
    // Still `needs`, not `opens`: the screen opens with GET /company, which every member may call
    // (other screens read the settings), so no endpoint carries the company_settings read that
    // gates the (read-only) settings screen; `opens: [getCompany]` would show it to everyone.
    { screen: 'company-settings', labelKey: 'menu.company_settings', icon: Settings, needs: read('User Management Module', 'company_settings'), order: 140 },
  ],
  texts: {
    en,
    hi: () => import('./locales/hi.json'),
    id: () => import('./locales/id.json'),
    desk: { en: () => import('./locales/en-desk.json'), hi: () => import('./locales/hi-desk.json'), id: () => import('./locales/id-desk.json') },
  },
});
