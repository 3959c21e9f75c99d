/**
 * The communication area's web front door (decision 007; issue 13): `/app/communication`
 * (templates with preview and DLT fields, campaigns with progress) and `/app/customer/communication`
 * (a loan's messages: send from a template, status, why a message was blocked).
 */
import { MessageSquareText } from 'lucide-react';
import { listCampaigns } from '../../../domain/contracts/communication/campaigns';
import { listChats } from '../../../domain/contracts/communication/chat';
import { listTemplates } from '../../../domain/contracts/communication/templates';
import { defineWebArea } from '../../lib/area';
import en from './locales/en.json';

export default defineWebArea({
  name: 'communication',
  routes: [
    { path: 'communication', shell: 'desk', page: () => import('./communication-page') },
    { path: 'customer/communication', shell: 'desk', page: () => import('./loan-messages-page') },
  ],
  menu: [{ screen: 'communication', labelKey: 'menu.communication', icon: MessageSquareText, opens: { anyOf: [[listTemplates], [listCampaigns], [listChats]] }, order: 148 }],
  texts: {
    en,
    hi: () => import('./locales/hi.json'),
    id: () => import('./locales/id.json'),
    desk: { en: () => import('./locales/en-desk.json'), hi: () => import('./locales/hi-desk.json'), id: () => import('./locales/id-desk.json') },
  },
});
