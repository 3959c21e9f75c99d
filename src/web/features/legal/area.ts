/** The legal area's web front door (decision 007): notice tracking for lawyers and advocates (issue 17). */
import { Gavel } from 'lucide-react';
import { listBatches } from '../../../domain/contracts/legal/notices';
import { defineWebArea } from '../../lib/area';
import en from './locales/en.json';

export default defineWebArea({
  name: 'legal',
  routes: [{ path: 'notice-tracking', shell: 'desk', page: () => import('./notice-tracking-page') }],
  menu: [{ screen: 'notice-tracking', labelKey: 'menu.notice_tracking', icon: Gavel, opens: [listBatches], order: 35 }],
  texts: {
    en,
    hi: () => import('./locales/hi.json'),
    id: () => import('./locales/id.json'),
    desk: { en: () => import('./locales/en-desk.json'), hi: () => import('./locales/hi-desk.json'), id: () => import('./locales/id-desk.json') },
  },
});
