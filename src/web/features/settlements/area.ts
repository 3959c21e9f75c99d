/** The settlements area's web front door (decision 007): settlement tracking (issue 16; spec route /app/settlement-tracking). */
import { HandCoins } from 'lucide-react';
import { listSettlements } from '../../../domain/contracts/settlements/settlements';
import { defineWebArea } from '../../lib/area';
import en from './locales/en.json';

export default defineWebArea({
  name: 'settlements',
  routes: [{ path: 'settlement-tracking', shell: 'desk', page: () => import('./settlement-tracking-page') }],
  menu: [{ screen: 'settlement-tracking', labelKey: 'menu.settlement_tracking', icon: HandCoins, opens: [listSettlements], order: 38 }],
  texts: {
    en,
    hi: () => import('./locales/hi.json'),
    id: () => import('./locales/id.json'),
    desk: { en: () => import('./locales/en-desk.json'), hi: () => import('./locales/hi-desk.json'), id: () => import('./locales/id-desk.json') },
  },
});
