/** The auth area's web front door (decision 007): the sign-in pages, outside the app shell. */
import { defineWebArea } from '../../lib/area';
import en from './locales/en.json';

export default defineWebArea({
  name: 'auth',
  routes: [
    // Plain React (auth.css), and standalone: a signed-out visit renders the sign-in form before the
    // app's router, TanStack Query, ky, i18next and Chakra load (issue 18).
    { path: '/login', top: true, plain: true, standalone: true, page: () => import('./login-screen') },
    { path: '/login/sso', top: true, page: () => import('./sso-screen') },
    { path: '/login/link', top: true, page: () => import('./link-screen') },
    { path: '/login/email-change', top: true, page: () => import('./email-change-screen') },
  ],
  menu: [],
  texts: {
    en,
    hi: () => import('./locales/hi.json'),
    id: () => import('./locales/id.json'),
  },
});
