/**
 * The field area's web front door (decision 007). The field app (issue 4): the executive's day
 * list, the visit form, deposits, online recoveries and document upload, which open offline, and
 * the sync bar the shell shows in field mode. The managers' desk pages (issue 5): the visit
 * verification queue, the FOS dashboard and field force tracking (two layouts of one page).
 */
import { ClipboardCheck, CreditCard, FileUp, LayoutDashboard, MapIcon, MapPinned, Wallet } from 'lucide-react';
import { fosDashboard } from '../../../domain/contracts/field/dashboard';
import { depositsOverview, onlineRecoveries } from '../../../domain/contracts/field/deposits';
import { uploadDocument } from '../../../domain/contracts/field/documents';
import { lastPositions } from '../../../domain/contracts/field/tracking';
import { verificationQueue } from '../../../domain/contracts/field/verification';
import { myAllocation } from '../../../domain/contracts/field/visits';
import { defineWebArea } from '../../lib/area';
import en from './locales/en.json';

/**
 * `texts` once the language's date-fns locale is added too (date-locales.ts). Lazy imports only:
 * front doors stay light (tests/unit/web/areas.test.ts).
 */
async function withDateLocale<T>(language: 'hi' | 'id', texts: Promise<T>): Promise<T> {
  const locale = language === 'hi' ? import('date-fns/locale/hi').then((m) => m.hi) : import('date-fns/locale/id').then((m) => m.id);
  const [loaded, words, registry] = await Promise.all([texts, locale, import('./date-locales')]);
  registry.addDateLocale(language, words);
  return loaded;
}

export default defineWebArea({
  name: 'field',
  routes: [
    // The day list is plain React: the field route renders before Chakra loads (decision 006).
    // Fetched by the sign-in page while a phone user types (issue 18): the screen they land on.
    { path: 'visit-details', shell: 'field', plain: true, prefetchOnSignIn: true, page: () => import('./visits/my-visits-screen') },
    { path: 'customer/visit-details', shell: 'field', page: () => import('./visits/visit-form-screen') },
    { path: 'field-executive', shell: 'field', page: () => import('./deposits/deposits-screen') },
    { path: 'field-executive/online', shell: 'field', page: () => import('./deposits/online-recoveries-screen') },
    { path: 'document-upload', shell: 'field', page: () => import('./documents/document-upload-screen') },
    { path: 'fos-visits', shell: 'desk', page: () => import('./verification/fos-visits-page') },
    { path: 'fos-dashboard', shell: 'desk', page: () => import('./dashboard/fos-dashboard-page') },
    // One page, two layouts (issue 5).
    { path: 'field-force-tracking', shell: 'desk', page: () => import('./tracking/field-force-tracking-page'), props: { layout: 'classic' } },
    { path: 'field-force-tracking_v2', shell: 'desk', page: () => import('./tracking/field-force-tracking-page'), props: { layout: 'map-first' } },
  ],
  menu: [
    { screen: 'visit-details', labelKey: 'menu.visits', icon: MapPinned, opens: [myAllocation], field: true, order: 40 },
    { screen: 'field-executive', labelKey: 'menu.deposits', icon: Wallet, opens: [depositsOverview], field: true, order: 50 },
    { screen: 'field-executive/online', labelKey: 'menu.online_recoveries', icon: CreditCard, opens: [onlineRecoveries], field: true, order: 60 },
    { screen: 'document-upload', labelKey: 'menu.document_upload', icon: FileUp, opens: [uploadDocument], field: true, order: 70 },
    { screen: 'fos-visits', labelKey: 'verification.menu', icon: ClipboardCheck, opens: [verificationQueue], order: 80 },
    { screen: 'fos-dashboard', labelKey: 'fos_dashboard.menu', icon: LayoutDashboard, opens: [fosDashboard], order: 90 },
    { screen: 'field-force-tracking', labelKey: 'tracking.menu', icon: MapIcon, opens: [lastPositions], order: 100 },
  ],
  // The sync bar, outbox triggers and duty switch: a lazy chunk, so IndexedDB code stays out of the first
  // load of desk users who never open a field screen.
  fieldBar: () => import('./shell/field-shell'),
  texts: {
    en,
    // The language's date words come with its texts (format.ts formatWhen renders with them at once).
    hi: () => withDateLocale('hi', import('./locales/hi.json')),
    id: () => withDateLocale('id', import('./locales/id.json')),
    desk: { en: () => import('./locales/en-desk.json'), hi: () => import('./locales/hi-desk.json'), id: () => import('./locales/id-desk.json') },
  },
});
