/**
 * Sign-in routes of the user service (spec 7): `/public/login-key`, `/public/login`,
 * `/public/sso-login`, `/logout`, `/profile/details`, served from
 * src/domain/contracts/auth/sign-in.ts. The public ones are rate-limited per IP.
 */
import * as signIn from '../../../../domain/contracts/auth/sign-in';
import { loginCredentials } from '../../../../domain/contracts/auth/sign-in.schema';
import type { RouteGroup } from '../../../http/area';
import { requireAuth } from '../../../http/caller';
import { ok } from '../../../http/envelope';
import { endpointServer } from '../../../http/route';
import { buildUserProfile } from '../../users/queries';
import { decryptBody, getLoginKey, login, logout, ssoLookup } from '../service';

export const signInRoutes: RouteGroup = async (app, deps) => {
  const { db, config, identity } = deps;
  const serve = endpointServer(app, deps);

  await serve(signIn.loginKey, async () => ok(await getLoginKey(db)));

  await serve(signIn.signIn, async ({ req, query, body }) => {
    const creds = await decryptBody(db, body, loginCredentials);
    const result = await login(db, config, creds, { ip: req.ip, userAgent: req.headers['user-agent'] ?? null, source: query.source });
    return ok(result, 'Signed in');
  });

  await serve(signIn.ssoLogin, async ({ query }) => ok(await ssoLookup(db, query.email), 'SSO is not configured for this company'));

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
