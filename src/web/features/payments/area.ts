/** The payments area's web front door (decision 007): the company's payment gateways, the payment settings sections and billers (spec 3 onboarding), the reconciliation exceptions queue, the mandates, payment links in bulk and the payments dashboard (issue 15). */
import { BarChart3, CalendarClock, CreditCard, FileDown, FileWarning, Send, SlidersHorizontal } from 'lucide-react';
import { createPaymentExport, listPaymentExports } from '../../../domain/contracts/payments/exports';
import { getPaymentsDashboard } from '../../../domain/contracts/payments/dashboard';
import { listLinkBatches } from '../../../domain/contracts/payments/link-batches';
import { listMandates } from '../../../domain/contracts/payments/mandates';
import { listPaymentExceptions } from '../../../domain/contracts/payments/exceptions';
import { getGatewaySettings } from '../../../domain/contracts/payments/settings';
import { getPaymentSettings } from '../../../domain/contracts/payments/settings-sections';
import { defineWebArea } from '../../lib/area';
import en from './locales/en.json';

export default defineWebArea({
  name: 'payments',
  routes: [
    { path: 'payments', shell: 'desk', page: () => import('./payments-page') },
    { path: 'payment-exceptions', shell: 'desk', page: () => import('./payment-exceptions-page') },
    { path: 'payment-mandates', shell: 'desk', page: () => import('./payment-mandates-page') },
    { path: 'payments-dashboard', shell: 'desk', page: () => import('./payments-dashboard-page') },
    { path: 'payment-link-batches', shell: 'desk', page: () => import('./payment-link-batches-page') },
    { path: 'payment-settings', shell: 'desk', page: () => import('./payment-settings-page') },
    { path: 'payment-exports', shell: 'desk', page: () => import('./payment-exports-page') },
  ],
  menu: [
    { screen: 'payments', labelKey: 'menu.payments', icon: CreditCard, opens: [getGatewaySettings], order: 147 },
    { screen: 'payment-settings', labelKey: 'menu.payment_settings', icon: SlidersHorizontal, opens: [getPaymentSettings], order: 147.2 },
    { screen: 'payment-exceptions', labelKey: 'menu.payment_exceptions', icon: FileWarning, opens: [listPaymentExceptions], order: 147.5 },
    { screen: 'payment-link-batches', labelKey: 'menu.payment_link_batches', icon: Send, opens: [listLinkBatches], order: 147.6 },
    { screen: 'payment-mandates', labelKey: 'menu.payment_mandates', icon: CalendarClock, opens: [listMandates], order: 147.7 },
    { screen: 'payments-dashboard', labelKey: 'menu.payments_dashboard', icon: BarChart3, opens: [getPaymentsDashboard], order: 147.8 },
    // Its own entry: export permission without dashboard access still reaches the exports (issue 15).
    { screen: 'payment-exports', labelKey: 'menu.payment_exports', icon: FileDown, opens: { anyOf: [[listPaymentExports], [createPaymentExport]] }, order: 147.9 },
  ],
  texts: {
    en,
    hi: () => import('./locales/hi.json'),
    id: () => import('./locales/id.json'),
    desk: { en: () => import('./locales/en-desk.json'), hi: () => import('./locales/hi-desk.json'), id: () => import('./locales/id-desk.json') },
  },
});
