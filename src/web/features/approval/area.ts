/** The approval area's web front door (decision 007): the approvals inbox and the approval chains editor (issue 16). Other areas show a subject's trail through ./public.ts. */
import { ClipboardCheck } from 'lucide-react';
import { listRequests } from '../../../domain/contracts/approval/requests';
import { defineWebArea } from '../../lib/area';
import en from './locales/en.json';

export default defineWebArea({
  name: 'approval',
  routes: [
    { path: 'approvals', shell: 'desk', page: () => import('./approvals-page') },
    // Approval settings (chains per request type, the central team): opened from the inbox's header.
    { path: 'approval-chains', shell: 'desk', page: () => import('./approval-chains-page') },
  ],
  menu: [{ screen: 'approvals', labelKey: 'menu.approvals', icon: ClipboardCheck, opens: [listRequests], order: 37 }],
  texts: {
    en,
    hi: () => import('./locales/hi.json'),
    id: () => import('./locales/id.json'),
    desk: { en: () => import('./locales/en-desk.json'), hi: () => import('./locales/hi-desk.json'), id: () => import('./locales/id-desk.json') },
  },
});
