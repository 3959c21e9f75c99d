/**
 * One-time password routes of the user service (spec 7): `/public/send-otp`, `/public/check-otp`,
 * `/public/forgot-password`, served from src/domain/contracts/auth/otp.ts; rate-limited per IP.
 */
import * as otp from '../../../../domain/contracts/auth/otp';
import { forgotPasswordCredentials } from '../../../../domain/contracts/auth/otp.schema';
import type { RouteGroup } from '../../../http/area';
import { ok } from '../../../http/envelope';
import { badRequest } from '../../../http/errors';
import { endpointServer } from '../../../http/route';
import { decryptBody } from '../service';
import { INVALID_OTP, checkOtp, resetPassword, sendOtp } from './service';

export const otpRoutes: RouteGroup = async (app, deps) => {
  const { db, config, messages, identity } = deps;
  const serve = endpointServer(app, deps);

  await serve(otp.sendOtp, async ({ body }) => {
    await sendOtp(db, config, messages, body.email, body.purpose);
    return ok(null, 'If the account exists, an OTP has been sent');
  });

  await serve(otp.checkOtp, async ({ body }) => {
    if (!(await checkOtp(db, body.email, body.otp, body.purpose))) throw badRequest(INVALID_OTP);
    return ok({ valid: true as const }, 'OTP verified');
  });

  await serve(otp.forgotPassword, async ({ body }) => {
    const input = await decryptBody(db, body, forgotPasswordCredentials);
    await resetPassword(db, config, identity.audit, input);
    return ok(null, 'Password updated');
  });
};
