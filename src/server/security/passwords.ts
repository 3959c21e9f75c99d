/**
 * Password and one-time-code hashing (kernel): argon2id through @node-rs/argon2 with the
 * configured cost (tests lower it). Used by the auth area (sign-in, OTPs, resets) and the users
 * area (a new user's first password).
 */
import { hash, verify } from '@node-rs/argon2';
import type { AppConfig } from '../config';

/** argon2id (the library default algorithm) hash of `password` with the configured cost. */
export function hashPassword(config: Pick<AppConfig, 'argon2'>, password: string): Promise<string> {
  return hash(password, { memoryCost: config.argon2.memoryCost, timeCost: config.argon2.timeCost });
}

/** Whether `password` matches `passwordHash`; false (never a throw) for a malformed hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
