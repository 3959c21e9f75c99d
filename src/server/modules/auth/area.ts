/**
 * The auth area's front door (spec 4 "Authentication", spec 7 user service `/public/*`, `/logout`,
 * `/profile/details`): the sign-in key, encrypted sign-in, sessions, one-time passwords, and the
 * user reports built from sessions. Sub-areas: sign-in, otp, reports. Provides the kernel's
 * session service.
 */
import { defineArea } from '../../http/area';
import { otpRoutes } from './otp/routes';
import { reportRoutes } from './reports/routes';
import * as tables from './schema';
import { sessionServices } from './service';
import { signInRoutes } from './sign-in/routes';

export default defineArea({
  name: 'auth',
  tables,
  routes: [signInRoutes, otpRoutes, reportRoutes],
  provides: ({ db, config }) => ({ sessions: sessionServices(db, config) }),
});
