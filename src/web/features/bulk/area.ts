/** The bulk area's web front door (decision 007): imports, exports and loan operations. */
import { FileStack } from 'lucide-react';
import { listExports } from '../../../domain/contracts/bulk/exports';
import { listImports } from '../../../domain/contracts/bulk/imports';
import { listLoanOperations } from '../../../domain/contracts/bulk/loan-operations';
import { defineWebArea } from '../../lib/area';
import en from './locales/en.json';

export default defineWebArea({
  name: 'bulk',
  routes: [{ path: 'bulk-operations', shell: 'desk', page: () => import('./bulk-operations-page') }],
  // A page of tabs: shown when any one tab's list may be opened.
  menu: [{ screen: 'bulk-operations', labelKey: 'menu.bulk_operations', icon: FileStack, opens: { anyOf: [[listImports], [listExports], [listLoanOperations]] }, order: 20 }],
  texts: {
    en,
    hi: () => import('./locales/hi.json'),
    id: () => import('./locales/id.json'),
    desk: { en: () => import('./locales/en-desk.json'), hi: () => import('./locales/hi-desk.json'), id: () => import('./locales/id-desk.json') },
  },
});
