/** The allocation area's web front door (decision 007): portfolio assignment. */
import { UserCheck } from 'lucide-react';
import { suggestAssignment } from '../../../domain/contracts/allocation/suggestions';
import { listLoans } from '../../../domain/contracts/portfolio/loans';
import { defineWebArea } from '../../lib/area';
import en from './locales/en.json';

export default defineWebArea({
  name: 'allocation',
  routes: [{ path: 'portfolio-assignment', shell: 'desk', page: () => import('./portfolio-assignment-page') }],
  // The page needs allocation read (the suggestion's permission) and opens on the assign tab's loans list.
  menu: [{ screen: 'portfolio-assignment', labelKey: 'assignment.menu', icon: UserCheck, opens: [suggestAssignment, listLoans], order: 30 }],
  texts: {
    en,
    hi: () => import('./locales/hi.json'),
    id: () => import('./locales/id.json'),
    desk: { en: () => import('./locales/en-desk.json'), hi: () => import('./locales/hi-desk.json'), id: () => import('./locales/id-desk.json') },
  },
});
