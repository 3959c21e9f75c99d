/** Schemas of the email-change confirmation (issue 12). Behind ./email-change.ts. */
import { z } from 'zod';

/** The code sent to the old address: 32 random bytes, base64url (43 characters). */
export const confirmEmailChangeBody = z.object({ code: z.string().trim().min(1).max(100) });

/** The answer of a confirmation: the email the user signs in with from now on. */
export const emailChangeConfirmed = z.object({ email: z.string() });
export type EmailChangeConfirmed = z.infer<typeof emailChangeConfirmed>;

/** A change waiting for its confirmation, as `PUT` and `GET /company/users/{id}` show it (expires_at ISO-8601 UTC). */
export const pendingEmailChange = z.object({ new_email: z.string(), expires_at: z.string() });
export type PendingEmailChange = z.infer<typeof pendingEmailChange>;
