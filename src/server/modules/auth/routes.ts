/**
 * Sign-in routes of the user service (spec 7): `/public/login-key`, `/public/login`,
 * `/public/send-otp`, `/public/check-otp`, `/public/forgot-password`, `/public/sso-login`,
 * `/logout`, `/profile/details`. The public ones are rate-limited per IP.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkOtpBody,
  encryptedBody,
  forgotPasswordCredentials,
  loginCredentials,
  loginKey,
  loginQuery,
  loginResult,
  sendOtpBody,
  ssoType,
  userProfile,
} from '../../../domain/contracts/auth';
import { companyAccess } from '../users/service';
import { buildUserProfile } from '../users/service';
import { requireAuth } from '../../http/access';
import type { ModuleDeps } from '../../http/deps';
import { ok, okResponse } from '../../http/envelope';
import { badRequest } from '../../http/errors';
import { INVALID_OTP, checkOtp, decryptBody, getLoginKey, login, logout, resetPassword, sendOtp, ssoLookup } from './service';

export const authRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, config, messages }) => {
  const publicRoute = { access: 'public' as const, rateLimit: { max: config.authRateLimitPerMinute, timeWindow: '1 minute' } };

  app.get('/public/login-key', { config: publicRoute, schema: { tags: ['auth'], response: okResponse(loginKey) } }, async () => ok(await getLoginKey(db)));

  app.post(
    '/public/login',
    { config: publicRoute, schema: { tags: ['auth'], querystring: loginQuery, body: encryptedBody, response: okResponse(loginResult) } },
    async (req) => {
      const creds = await decryptBody(db, req.body, loginCredentials);
      const result = await login(db, config, creds, { ip: req.ip, userAgent: req.headers['user-agent'] ?? null, source: req.query.source });
      return ok(result, 'Signed in');
    },
  );

  app.post('/public/send-otp', { config: publicRoute, schema: { tags: ['auth'], body: sendOtpBody, response: okResponse(z.null()) } }, async (req) => {
    await sendOtp(db, config, messages, req.body.email, req.body.purpose);
    return ok(null, 'If the account exists, an OTP has been sent');
  });

  app.post(
    '/public/check-otp',
    { config: publicRoute, schema: { tags: ['auth'], body: checkOtpBody, response: okResponse(z.object({ valid: z.literal(true) })) } },
    async (req) => {
      if (!(await checkOtp(db, req.body.email, req.body.otp, req.body.purpose))) throw badRequest(INVALID_OTP);
      return ok({ valid: true as const }, 'OTP verified');
    },
  );

  app.patch('/public/forgot-password', { config: publicRoute, schema: { tags: ['auth'], body: encryptedBody, response: okResponse(z.null()) } }, async (req) => {
    const input = await decryptBody(db, req.body, forgotPasswordCredentials);
    await resetPassword(db, config, input);
    return ok(null, 'Password updated');
  });

  app.get(
    '/public/sso-login',
    { config: publicRoute, schema: { tags: ['auth'], querystring: z.object({ email: z.string().min(3).max(254) }), response: okResponse(ssoType) } },
    async (req) => ok(await ssoLookup(db, req.query.email), 'SSO is not configured for this company'),
  );

  app.post('/logout', { config: { access: 'authenticated' }, schema: { tags: ['auth'], querystring: loginQuery, response: okResponse(z.null()) } }, async (req) => {
    const auth = requireAuth(req);
    const header = req.headers['x-company-id'];
    const companyId = typeof header === 'string' && header ? header : null;
    // Only a company the user belongs to may carry the audit row.
    const company = companyId && (await companyAccess(db, auth.user.userId, companyId)) ? companyId : null;
    await logout(db, auth.session, company);
    return ok(null, 'Logged out');
  });

  app.get(
    '/profile/details',
    { config: { access: 'authenticated' }, schema: { tags: ['users'], response: { 200: z.object({ success: z.boolean(), message: z.string(), data: userProfile, output: userProfile }) } } },
    async (req) => {
      const profile = await buildUserProfile(db, requireAuth(req).user);
      // The web reads `output` (spec 7 "GET /profile/details: reads output and message").
      return { success: true, message: 'success', data: profile, output: profile };
    },
  );
};
