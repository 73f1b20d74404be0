import { hash as digest, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** 256 random bits, URL-safe: session cookies and emailed links. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Tokens are stored hashed, so a leaked table signs nobody in and opens no link. One-shot
 * crypto.hash: half the time of a Hash object, on every signed-in request.
 */
export function hashToken(token: string): string {
  return digest('sha256', token, 'hex');
}

// OWASP's argon2id minimum (19 MiB, 2 passes, 1 lane): about 25–60 ms here.
// algorithm 2 is Argon2id (a const enum in the typings, which isolated modules cannot read).
const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. With no hash (no such account) it still does the
 * work of one check, so the answer takes as long whether or not the account exists.
 */
export async function verifyPassword(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword(newToken());
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
