/**
 * Sign-in routes of the user service (spec 7): `/public/login-key`, `/public/login`,
 * `/public/sso-login`, `/logout`, `/profile/details`, served from
 * src/domain/contracts/auth/sign-in.ts. The public ones are rate-limited per IP; failed sign-ins
 * also per account (the email signed into), from any IP.
 */
import * as signIn from '../../../../domain/contracts/auth/sign-in';
import { loginCredentials } from '../../../../domain/contracts/auth/sign-in.schema';
import type { RouteGroup } from '../../../http/area';
import { requireAuth } from '../../../http/caller';
import { ok } from '../../../http/envelope';
import { AppError } from '../../../http/errors';
import { SUBJECT_WINDOW_MS, subjectLimiter } from '../../../http/rate-limits';
import { endpointServer } from '../../../http/route';
import { buildUserProfile } from '../../users/queries';
import { decryptBody, getLoginKey, login, logout, ssoLookup } from '../service';

export const signInRoutes: RouteGroup = async (app, deps) => {
  const { db, config, identity } = deps;
  const serve = endpointServer(app, deps);
  const failedSignIns = subjectLimiter(app, 'sign-in-account', config.authAccountRateLimit, SUBJECT_WINDOW_MS);

  await serve(signIn.loginKey, async () => ok(await getLoginKey(db)));

  await serve(signIn.signIn, async ({ req, query, body }) => {
    const creds = await decryptBody(db, body, loginCredentials);
    // Refused before the password is checked, so a locked account answers the same for a right one.
    await failedSignIns.check(req, creds.email);
    try {
      const result = await login(db, config, creds, { ip: req.ip, userAgent: req.headers['user-agent'] ?? null, source: query.source });
      return ok(result, 'Signed in');
    } catch (err) {
      if (err instanceof AppError && err.statusCode === 401) await failedSignIns.hit(req, creds.email);
      throw err;
    }
  });

  // One answer for every email, registered or not (issue 12): the lookup reveals no account or company.
  await serve(signIn.ssoLogin, async () => ok(ssoLookup(), 'SSO is not configured for this company'));

  await serve(signIn.signOut, async ({ req }) => {
    const auth = requireAuth(req);
    const header = req.headers['x-company-id'];
    const companyId = typeof header === 'string' && header ? header : null;
    // Only a company the user belongs to may carry the audit row.
    const company = companyId && (await identity.memberships.membership(auth.user.userId, companyId)) ? companyId : null;
    await logout(db, identity.audit, auth.session, company);
    return ok(null, 'Logged out');
  });

  await serve(signIn.profileDetails, async ({ req }) => {
    const profile = await buildUserProfile(db, requireAuth(req).user);
    // The web reads `output` (spec 7 "GET /profile/details: reads output and message").
    return { success: true, message: 'success', data: profile, output: profile };
  });
};
