/**
 * Provider secrets at rest (kernel; issue 15 "stored encrypted", issue 13 communication providers):
 * AES-256-GCM under a key derived with HKDF-SHA256 from the server's PAYMENT_CREDENTIALS_KEY
 * (config.paymentCredentialsKey, the one key for every provider credential), with a context as
 * associated data ('company|vendor', 'communication|company|field'), so a value copied to another
 * company or another field does not decrypt.
 * Format: 'v1.' + base64(iv[12] | tag[16] | ciphertext).
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { AppConfig } from '../config';
import { AppError } from '../http/errors';

/** What sealing and opening need of the configuration (thread it, never read the environment here). */
export type SecretKeys = Pick<AppConfig, 'paymentCredentialsKey' | 'production'>;

/** Outside production only: a fixed development key, so a fresh checkout works. */
const DEVELOPMENT_KEY = 'recovery-ops development payment credentials key (not for production)';
const PREFIX = 'v1.';

function keyOf(config: SecretKeys): Buffer {
  const secret = config.paymentCredentialsKey ?? (config.production ? undefined : DEVELOPMENT_KEY);
  if (!secret || secret.length < 32) throw new AppError(503, 'Payment credentials key is not configured');
  // The HKDF label predates communication's use; changing it would make stored gateway rows unreadable.
  return Buffer.from(hkdfSync('sha256', secret, 'recovery-ops', 'payment-gateway-credentials v1', 32));
}

/** Encrypts `plain` bound to `context`. @throws AppError 503 when no key is configured in production */
export function seal(config: SecretKeys, context: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(config), iv);
  cipher.setAAD(Buffer.from(context));
  const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${PREFIX}${Buffer.concat([iv, cipher.getAuthTag(), ct]).toString('base64')}`;
}

/** Whether a stored value is sealed (rows written before encryption hold the clear value). */
export const isSealed = (value: string): boolean => value.startsWith(PREFIX);

/** Decrypts a sealed value. @throws Error when the key, context or ciphertext do not match */
export function open(config: SecretKeys, context: string, sealed: string): string {
  if (!isSealed(sealed)) throw new Error('Unknown sealed format');
  const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(config), raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
