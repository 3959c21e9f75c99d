/**
 * Gateway secrets at rest (issue 15 "stored encrypted"): AES-256-GCM under a key derived with
 * HKDF-SHA256 from the server's PAYMENT_CREDENTIALS_KEY (config.paymentCredentialsKey), with the
 * company and vendor as associated data, so a row copied to another company does not decrypt.
 * Format: 'v1.' + base64(iv[12] | tag[16] | ciphertext).
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { AppConfig } from '../../config';
import { AppError } from '../../http/errors';

/** Outside production only: a fixed development key, so a fresh checkout works. */
const DEVELOPMENT_KEY = 'recovery-ops development payment credentials key (not for production)';

function keyOf(config: Pick<AppConfig, 'paymentCredentialsKey' | 'production'>): Buffer {
  const secret = config.paymentCredentialsKey ?? (config.production ? undefined : DEVELOPMENT_KEY);
  if (!secret || secret.length < 32) throw new AppError(503, 'Payment credentials key is not configured');
  return Buffer.from(hkdfSync('sha256', secret, 'recovery-ops', 'payment-gateway-credentials v1', 32));
}

/** Encrypts `plain` bound to `context` ('company|vendor'). @throws AppError 503 when no key is configured in production */
export function seal(config: Pick<AppConfig, 'paymentCredentialsKey' | 'production'>, context: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(config), iv);
  cipher.setAAD(Buffer.from(context));
  const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), ct]).toString('base64')}`;
}

/** Decrypts a sealed value. @throws Error when the key, context or ciphertext do not match */
export function open(config: Pick<AppConfig, 'paymentCredentialsKey' | 'production'>, context: string, sealed: string): string {
  if (!sealed.startsWith('v1.')) throw new Error('Unknown sealed format');
  const raw = Buffer.from(sealed.slice(3), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(config), raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
