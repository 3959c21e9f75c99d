/** The legal area's web front door (decision 007): notice tracking, process tracking (litigation cases by type) and the legal portfolio with the hearings calendar, for lawyers and advocates (issue 17). */
import { BriefcaseBusiness, Gavel, Scale } from 'lucide-react';
import { legalPortfolio, listCases, PROCESS_TYPES } from '../../../domain/contracts/legal/cases';
import { listBatches } from '../../../domain/contracts/legal/notices';
import { defineWebArea, type AppRoute } from '../../lib/area';
import en from './locales/en.json';

/** `/app/process-tracking/{type}`: one route per spec process type, one page told its type. */
const processRoute = (type: (typeof PROCESS_TYPES)[number]): AppRoute => ({ path: `process-tracking/${type}`, shell: 'desk', page: () => import('./process-tracking-page'), props: { type } });

export default defineWebArea({
  name: 'legal',
  routes: [
    { path: 'notice-tracking', shell: 'desk', page: () => import('./notice-tracking-page') },
    ...PROCESS_TYPES.map(processRoute),
    { path: 'legal-portfolio', shell: 'desk', page: () => import('./legal-portfolio-page') },
    { path: 'customer/notice-tracking', shell: 'desk', page: () => import('./loan-notices-page') },
  ],
  menu: [
    { screen: 'notice-tracking', labelKey: 'menu.notice_tracking', icon: Gavel, opens: [listBatches], order: 35 },
    { screen: 'process-tracking/common_legal_process', labelKey: 'menu.process_tracking', icon: Scale, opens: [listCases], order: 36 },
    { screen: 'legal-portfolio', labelKey: 'menu.legal_portfolio', icon: BriefcaseBusiness, opens: [legalPortfolio], order: 36.5 },
  ],
  texts: {
    en,
    hi: () => import('./locales/hi.json'),
    id: () => import('./locales/id.json'),
    desk: { en: () => import('./locales/en-desk.json'), hi: () => import('./locales/hi-desk.json'), id: () => import('./locales/id-desk.json') },
  },
});
