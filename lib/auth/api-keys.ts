import { createHash, randomInt, timingSafeEqual } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const API_KEY_LENGTH = 32;

/** 32 characters of [A-Za-z0-9] from the CSPRNG (about 190 bits), without modulo bias (crypto.randomInt). */
export function generateApiKey(): string {
  let key = '';
  for (let i = 0; i < API_KEY_LENGTH; i++) key += ALPHABET[randomInt(ALPHABET.length)];
  return key;
}

/**
 * Only this hash is stored. A key carries ~190 bits of CSPRNG entropy, so a fast
 * SHA-256 is as safe as a slow password hash here (nothing to brute-force offline)
 * and keeps every request free of the ~65 ms a bcrypt check costs CS-Cart.
 */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

// Compared against when the e-mail is unknown or has no key, so that path costs the same.
const DUMMY_HASH = hashApiKey('no-such-key-no-such-key-no-such-');

/** Constant-time check of a presented key against a stored hash (or the dummy one when there is none). */
export function verifyApiKey(presented: string, storedHash: string | undefined): boolean {
  const presentedDigest = Buffer.from(hashApiKey(presented), 'hex');
  const stored = storedHash && /^[0-9a-f]{64}$/.test(storedHash) ? storedHash : DUMMY_HASH;
  const equal = timingSafeEqual(presentedDigest, Buffer.from(stored, 'hex'));
  return equal && stored !== DUMMY_HASH;
}
