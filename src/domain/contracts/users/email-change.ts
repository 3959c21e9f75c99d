/**
 * Confirming a change of a user's sign-in email from the OLD address (issue 12, account takeover).
 * `PUT /user/company/users/{id}` with a new email does not change it: it stores a pending change
 * and sends a confirmation code to the address the user signs in with today; the change applies
 * only when that code comes back here, once, within 24 hours. Endpoint definitions; zod schemas in
 * ./email-change.schema.ts.
 */
import { endpoint } from '../endpoint';

import type { EmailChangeConfirmed, PendingEmailChange } from './email-change.schema';
export type { EmailChangeConfirmed, PendingEmailChange };

/** Hours a confirmation code stays valid. */
export const EMAIL_CHANGE_TTL_HOURS = 24;

/** POST /api/user/public/email-change/confirm: applies a pending email change with the code sent to the old address. */
export const confirmEmailChange = endpoint({
  operation: 'user.email_change.confirm',
  method: 'POST',
  path: '/user/public/email-change/confirm',
  access: 'public',
  rateLimited: true,
  tags: ['users'],
  summary: 'Confirm an email change with the code sent to the old address',
  schemas: async () => {
    const s = await import('./email-change.schema');
    return { body: s.confirmEmailChangeBody, response: s.emailChangeConfirmed };
  },
});
