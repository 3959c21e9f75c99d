/** The compliance area's web front door (decision 007): the company's contact rules, holidays, DND list and the dry-run check (issue 13). */
import { ShieldCheck } from 'lucide-react';
import { getComplianceRules } from '../../../domain/contracts/compliance/rules';
import { defineWebArea } from '../../lib/area';
import en from './locales/en.json';

export default defineWebArea({
  name: 'compliance',
  routes: [{ path: 'compliance', shell: 'desk', page: () => import('./compliance-page') }],
  menu: [{ screen: 'compliance', labelKey: 'menu.compliance', icon: ShieldCheck, opens: [getComplianceRules], order: 145 }],
  texts: {
    en,
    hi: () => import('./locales/hi.json'),
    id: () => import('./locales/id.json'),
    desk: { en: () => import('./locales/en-desk.json'), hi: () => import('./locales/hi-desk.json'), id: () => import('./locales/id-desk.json') },
  },
});
