/**
 * The repossession area's web front door (decision 007; issue 16): the desk's
 * `/app/repossession-tracking` and the agent's field steps on the phone
 * (`/app/repossession-steps`: plain React, opens offline, writes through the outbox).
 */
import { Truck, Warehouse } from 'lucide-react';
import { listRepossessions, myRepossessions } from '../../../domain/contracts/repossession/cases';
import { defineWebArea } from '../../lib/area';
import en from './locales/en.json';

export default defineWebArea({
  name: 'repossession',
  routes: [
    { path: 'repossession-tracking', shell: 'desk', page: () => import('./repossession-tracking-page') },
    // Plain React like the day list (decision 006): the field route gets no heavier.
    { path: 'repossession-steps', shell: 'field', plain: true, page: () => import('./steps/repossession-steps-screen') },
  ],
  menu: [
    { screen: 'repossession-tracking', labelKey: 'menu.repossession_tracking', icon: Warehouse, opens: [listRepossessions], order: 41 },
    { screen: 'repossession-steps', labelKey: 'menu.repossession_steps', icon: Truck, opens: [myRepossessions], field: true, order: 75 },
  ],
  texts: {
    en,
    hi: () => import('./locales/hi.json'),
    id: () => import('./locales/id.json'),
    desk: { en: () => import('./locales/en-desk.json'), hi: () => import('./locales/hi-desk.json'), id: () => import('./locales/id-desk.json') },
  },
});
