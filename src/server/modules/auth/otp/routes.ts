/**
 * One-time password routes of the user service (spec 7): `/public/send-otp`, `/public/check-otp`,
 * `/public/forgot-password`, served from src/domain/contracts/auth/otp.ts; rate-limited per IP and
 * per OTP recipient (sends and failed checks together, from any IP).
 */
import * as otp from '../../../../domain/contracts/auth/otp';
import { forgotPasswordCredentials } from '../../../../domain/contracts/auth/otp.schema';
import type { RouteGroup } from '../../../http/area';
import { ok } from '../../../http/envelope';
import { AppError, badRequest } from '../../../http/errors';
import { SUBJECT_WINDOW_MS, subjectLimiter } from '../../../http/rate-limits';
import { endpointServer } from '../../../http/route';
import { decryptBody } from '../service';
import { INVALID_OTP, checkOtp, resetPassword, sendOtp } from './service';

export const otpRoutes: RouteGroup = async (app, deps) => {
  const { db, config, ports, identity } = deps;
  const serve = endpointServer(app, deps);
  // Counted for known and unknown recipients alike, so the limit tells nothing about accounts.
  const perRecipient = subjectLimiter(app, 'otp-recipient', config.authAccountRateLimit, SUBJECT_WINDOW_MS);

  await serve(otp.sendOtp, async ({ req, body }) => {
    await perRecipient.consume(req, body.email);
    await sendOtp(db, config, ports.accountMessages, body.email, body.purpose);
    return ok(null, 'If the account exists, an OTP has been sent');
  });

  await serve(otp.checkOtp, async ({ req, body }) => {
    await perRecipient.check(req, body.email);
    if (!(await checkOtp(db, body.email, body.otp, body.purpose))) {
      await perRecipient.hit(req, body.email);
      throw badRequest(INVALID_OTP);
    }
    return ok({ valid: true as const }, 'OTP verified');
  });

  await serve(otp.forgotPassword, async ({ req, body }) => {
    const input = await decryptBody(db, body, forgotPasswordCredentials);
    await perRecipient.check(req, input.email);
    try {
      await resetPassword(db, config, identity.audit, input);
    } catch (err) {
      if (err instanceof AppError && err.message === INVALID_OTP) await perRecipient.hit(req, input.email);
      throw err;
    }
    return ok(null, 'Password updated');
  });
};
