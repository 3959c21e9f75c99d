/** The portfolio area's web front door (decision 007): the loans list, a loan's and a customer's profile, the activity summary. */
import { Landmark } from 'lucide-react';
import { listLoans } from '../../../domain/contracts/portfolio/loans';
import { listSavedFilters } from '../../../domain/contracts/portfolio/saved-filters';
import { defineWebArea } from '../../lib/area';
import en from './locales/en.json';

export default defineWebArea({
  name: 'portfolio',
  routes: [
    { path: 'customer-loans', shell: 'desk', page: () => import('./loans-page') },
    { path: 'customer/loan-details', shell: 'desk', page: () => import('./loan-profile-page') },
    { path: 'customer-details', shell: 'desk', page: () => import('./customer-page') },
    { path: 'customer/activity-summary', shell: 'desk', page: () => import('./activity-page') },
  ],
  // The loans list opens with its saved filters: without saved_filters read it would open on 'Permission not found'.
  menu: [{ screen: 'customer-loans', labelKey: 'menu.loans', icon: Landmark, opens: [listLoans, listSavedFilters], order: 10 }],
  texts: {
    en,
    hi: () => import('./locales/hi.json'),
    id: () => import('./locales/id.json'),
    desk: { en: () => import('./locales/en-desk.json'), hi: () => import('./locales/hi-desk.json'), id: () => import('./locales/id-desk.json') },
  },
});
