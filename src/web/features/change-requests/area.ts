/** The change-requests area's web front door (decision 007): `/app/change-request`, label "Change Requests" (issue 16). */
import { UserRoundPen } from 'lucide-react';
import { listChangeRequests } from '../../../domain/contracts/change-requests/requests';
import { defineWebArea } from '../../lib/area';
import en from './locales/en.json';

export default defineWebArea({
  name: 'change-requests',
  routes: [{ path: 'change-request', shell: 'desk', page: () => import('./change-requests-page') }],
  menu: [{ screen: 'change-request', labelKey: 'menu.change_requests', icon: UserRoundPen, opens: [listChangeRequests], order: 39 }],
  texts: {
    en,
    hi: () => import('./locales/hi.json'),
    id: () => import('./locales/id.json'),
    desk: { en: () => import('./locales/en-desk.json'), hi: () => import('./locales/hi-desk.json'), id: () => import('./locales/id-desk.json') },
  },
});
