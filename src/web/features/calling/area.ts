/** The calling area's web front door (decision 007): the telecaller's desk at /app/calling (issue 14). */
import { PhoneCall } from 'lucide-react';
import { callingQueue } from '../../../domain/contracts/calling/calls';
import { defineWebArea } from '../../lib/area';
import en from './locales/en.json';

export default defineWebArea({
  name: 'calling',
  routes: [{ path: 'calling', shell: 'desk', page: () => import('./calling-page') }],
  menu: [{ screen: 'calling', labelKey: 'menu.calling', icon: PhoneCall, opens: [callingQueue], order: 135 }],
  texts: {
    en,
    hi: () => import('./locales/hi.json'),
    id: () => import('./locales/id.json'),
    desk: { en: () => import('./locales/en-desk.json'), hi: () => import('./locales/hi-desk.json'), id: () => import('./locales/id-desk.json') },
  },
});
