/**
 * Payment short links (issue 15; DLT `{#var#}` ≤ 30 characters): made when a link is sent by SMS,
 * opened by the borrower at `/p/{code}` (public, outside /api), which redirects to the checkout
 * while the link can still be paid. The code is 12 base62 characters from the CSPRNG (~71 bits).
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { SHORT_CODE_LENGTH } from '../../../domain/contracts/payments/short-links';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, notFound } from '../../http/errors';
import { paymentLinks, paymentShortLinks } from './schema';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A fresh code: rejection sampling keeps every character uniform (no modulo bias). */
export function newShortCode(): string {
  let code = '';
  while (code.length < SHORT_CODE_LENGTH) {
    for (const b of randomBytes(SHORT_CODE_LENGTH * 2)) {
      if (b < 248 && code.length < SHORT_CODE_LENGTH) code += ALPHABET[b % 62];
    }
  }
  return code;
}

/** Makes the short link of a payment link, in `tx`. @returns the code */
export async function createShortLink(tx: DbOrTx, link: { companyId: string; linkId: string; url: string; expiresAt: Date }, now: Date): Promise<string> {
  const code = newShortCode();
  await tx.insert(paymentShortLinks).values({ code, companyId: link.companyId, linkId: link.linkId, url: link.url, expiresAt: link.expiresAt, createdAt: now });
  return code;
}

/**
 * Where a short code leads now.
 * @throws AppError 404 'Payment link not found' for an unknown code; 410 'This payment link has expired' once
 *   the link expired or was cancelled or paid in full
 */
export async function openShortCode(db: Db, code: string, now: Date): Promise<string> {
  // A public route: no company wall; the code itself is the secret.
  const [row] = await db
    .select({ url: paymentShortLinks.url, expiresAt: paymentShortLinks.expiresAt, status: paymentLinks.status })
    .from(paymentShortLinks)
    .innerJoin(paymentLinks, and(eq(paymentLinks.companyId, paymentShortLinks.companyId), eq(paymentLinks.linkId, paymentShortLinks.linkId)))
    .where(eq(paymentShortLinks.code, code));
  if (!row) throw notFound('Payment link not found');
  if (row.expiresAt.getTime() <= now.getTime() || row.status === 'CANCELLED' || row.status === 'PAID' || row.status === 'EXPIRED') throw new AppError(410, 'This payment link has expired');
  return row.url;
}
