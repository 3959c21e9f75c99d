/**
 * An email change confirmed from the OLD address (issue 12, account takeover): editing a user's
 * email stores a pending change and sends a one-use code to the address the user signs in with
 * today, through the message outbox (the record leaves the code out); the change applies only when
 * the code comes back within EMAIL_CHANGE_TTL_HOURS. Until then the user signs in with the old email.
 * Only the code's SHA-256 is stored; a newer request cancels the older ones of the same user.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { PendingEmailChange } from '../../../../domain/contracts/users/email-change';
import { EMAIL_CHANGE_TTL_HOURS } from '../../../../domain/contracts/users/email-change';
import type { Db, DbOrTx } from '../../../db/client';
import { badRequest, conflict } from '../../../http/errors';
import { userAudit, userEmailChanges, users } from '../schema';
import type { AccountMessagesPort } from '../../../http/ports';

export const INVALID_EMAIL_CHANGE_CODE = 'Invalid or expired confirmation code';
export const EMAIL_TAKEN_MESSAGE = 'A user with this email already exists';

/** The web page where the code is entered (src/web/features/auth/email-change-screen.tsx). */
export const EMAIL_CHANGE_PAGE = '/login/email-change';

const codeHash = (code: string) => createHash('sha256').update(code.trim()).digest('hex');

/** What a request gives back: the code to send (never stored) and the change as the API shows it. */
export interface EmailChangeRequest {
  code: string;
  pending: PendingEmailChange;
}

/**
 * Stores a pending change of `userId`'s email from `oldEmail` to `newEmail` (both lower-case),
 * cancelling the user's earlier pending ones. Runs in the caller's transaction.
 */
export async function requestEmailChange(
  tx: DbOrTx,
  change: { userId: string; oldEmail: string; newEmail: string; companyId: string | null; requestedBy: string; now: Date },
): Promise<EmailChangeRequest> {
  const code = randomBytes(32).toString('base64url');
  const expiresAt = new Date(change.now.getTime() + EMAIL_CHANGE_TTL_HOURS * 3_600_000);
  await tx
    .update(userEmailChanges)
    .set({ cancelledAt: change.now })
    .where(and(eq(userEmailChanges.userId, change.userId), isNull(userEmailChanges.confirmedAt), isNull(userEmailChanges.cancelledAt)));
  await tx.insert(userEmailChanges).values({
    userId: change.userId,
    oldEmail: change.oldEmail,
    newEmail: change.newEmail,
    codeHash: codeHash(code),
    companyId: change.companyId,
    requestedBy: change.requestedBy,
    createdAt: change.now,
    expiresAt,
  });
  await tx.insert(userAudit).values({ companyId: change.companyId, actorUserId: change.requestedBy, action: 'email_change_requested', targetUserId: change.userId, details: {} });
  return { code, pending: { new_email: change.newEmail, expires_at: expiresAt.toISOString() } };
}

/** Sends the confirmation code to the OLD address (call after the request's transaction commits). */
export async function sendEmailChangeCode(messages: AccountMessagesPort, to: { oldEmail: string; companyId: string | null }, request: EmailChangeRequest): Promise<void> {
  const { code, pending } = request;
  await messages.send({
    channel: 'email',
    recipient: to.oldEmail,
    template: 'email_change',
    subject: 'Confirm the change of your Recovery Ops sign-in email',
    body:
      `A change of the sign-in email of your Recovery Ops account to ${pending.new_email} was asked. ` +
      `To confirm it, open ${EMAIL_CHANGE_PAGE} in Recovery Ops and enter this code: ${code} (it works once, for ${EMAIL_CHANGE_TTL_HOURS} hours). ` +
      `If you did not ask for it, ignore this message: you keep signing in with ${to.oldEmail}.`,
    variables: { code, new_email: pending.new_email },
    secrets: ['code'],
    companyId: to.companyId,
  });
}

/** The user's change waiting for confirmation at `now`, or null. */
export async function pendingEmailChangeOf(db: DbOrTx, userId: string, now: Date): Promise<PendingEmailChange | null> {
  const [row] = await db
    .select({ newEmail: userEmailChanges.newEmail, expiresAt: userEmailChanges.expiresAt })
    .from(userEmailChanges)
    .where(and(eq(userEmailChanges.userId, userId), isNull(userEmailChanges.confirmedAt), isNull(userEmailChanges.cancelledAt), gt(userEmailChanges.expiresAt, now)))
    .orderBy(desc(userEmailChanges.createdAt))
    .limit(1);
  return row ? { new_email: row.newEmail, expires_at: row.expiresAt.toISOString() } : null;
}

/**
 * Applies the pending change of `code` at `now`: used up in the same transaction that changes the
 * email, so it works once.
 * @returns the email the user signs in with from now on.
 * @throws 400 INVALID_EMAIL_CHANGE_CODE (unknown, used, cancelled or expired code, or the email
 *   changed since the request); 409 EMAIL_TAKEN_MESSAGE when another account took the new email
 *   meanwhile (the code stays usable).
 */
export async function confirmEmailChange(db: Db, code: string, now: Date): Promise<string> {
  return db.transaction(async (tx) => {
    const [change] = await tx
      .update(userEmailChanges)
      .set({ confirmedAt: now })
      .where(and(eq(userEmailChanges.codeHash, codeHash(code)), isNull(userEmailChanges.confirmedAt), isNull(userEmailChanges.cancelledAt), gt(userEmailChanges.expiresAt, now)))
      .returning();
    if (!change) throw badRequest(INVALID_EMAIL_CHANGE_CODE);
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.userId, change.userId));
    if (!user || user.email !== change.oldEmail) throw badRequest(INVALID_EMAIL_CHANGE_CODE);
    const [taken] = await tx.select({ userId: users.userId }).from(users).where(eq(users.email, change.newEmail));
    if (taken) throw conflict(EMAIL_TAKEN_MESSAGE);
    await tx.update(users).set({ email: change.newEmail, updatedAt: now }).where(eq(users.userId, change.userId));
    await tx.insert(userAudit).values({ companyId: change.companyId, actorUserId: change.userId, action: 'email_changed', targetUserId: change.userId, details: { change_id: change.changeId } });
    return change.newEmail;
  });
}
