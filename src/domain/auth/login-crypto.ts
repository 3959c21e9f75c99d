/**
 * Client side of the encrypted sign-in (spec 3 "Login payload fields: encrypted before sending",
 * spec 7 `POST /public/login`, `PATCH /public/forgot-password`).
 *
 * Uses WebCrypto only (`globalThis.crypto.subtle`), present in browsers and in Node 20, so the web
 * app and the API tests encrypt the same way. RSA-OAEP with SHA-256 over a 3072-bit key takes at
 * most 318 bytes of UTF-8 JSON; longer bodies throw.
 */
import type { EncryptedBody, LoginKey } from '../contracts/auth/sign-in';

/** Largest plaintext RSA-OAEP-256 takes for a key of `modulusBytes` bytes. */
function maxPlaintextBytes(modulusBytes: number): number {
  return modulusBytes - 2 * 32 - 2;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/**
 * Encrypts `body` (any JSON value) for the server's published login key.
 * @returns `{ kid, payload }` where payload is base64 ciphertext.
 * @throws Error('Payload too long for the login key') when the JSON does not fit one RSA block.
 */
export async function encryptForServer(key: LoginKey, body: unknown): Promise<EncryptedBody> {
  const subtle = globalThis.crypto.subtle;
  const publicKey = await subtle.importKey('jwk', { ...key.jwk, alg: 'RSA-OAEP-256', ext: true }, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
  const plain = new TextEncoder().encode(JSON.stringify(body));
  const modulusBytes = Math.ceil((atob(key.jwk.n.replace(/-/g, '+').replace(/_/g, '/')).length));
  if (plain.byteLength > maxPlaintextBytes(modulusBytes)) throw new Error('Payload too long for the login key');
  const cipher = new Uint8Array(await subtle.encrypt({ name: 'RSA-OAEP' }, publicKey, plain));
  return { kid: key.kid, payload: toBase64(cipher) };
}
