import { randomBytes, randomInt, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Administrator passwords for the administration panel (docs/panel.md): scrypt from
 * node:crypto (OpenSSL's implementation, maintained with Node itself; no native addon to match to the
 * Lambda arm64 runtime), a fresh 16-byte salt per password, compared in constant time.
 *
 * Stored as `scrypt$<log2 N>$<r>$<p>$<salt base64url>$<hash base64url>`, so the cost can be raised
 * later and old hashes still verify. The parameters are OWASP's minimum for scrypt (N=2^17, r=8, p=1:
 * 128 MiB and ~0.4 s per attempt on the development machine), which is what makes an offline guess
 * expensive; API keys need none of this (lib/auth/api-keys.ts): they are random, passwords are chosen.
 */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 1024;

export interface ScryptCost {
  log2N: number;
  r: number;
  p: number;
}

export const DEFAULT_COST: ScryptCost = { log2N: 17, r: 8, p: 1 };
/** The lowest N a local stage may ask for (2^10: 1 MiB and about 1 ms a hash). */
const LOCAL_MIN_LOG2N = 10;

/**
 * The cost new passwords are hashed at, and an unknown account is verified against: DEFAULT_COST, except under
 * serverless offline (IS_OFFLINE=true: `npm start`, the test suite), where PASSWORD_SCRYPT_LOG2N may lower N to
 * between 2^10 and 2^17. The suite signs hundreds of customers up and in, at ~0.4 s of CPU each at the default; a
 * deployed function never has IS_OFFLINE, so there the setting is ignored and every password costs N=2^17. A value
 * outside the range is ignored too. Read per call: a test sets it before its first request.
 */
export function hashingCost(env: NodeJS.ProcessEnv = process.env): ScryptCost {
  const asked = env.PASSWORD_SCRYPT_LOG2N;
  if (env.IS_OFFLINE !== 'true' || asked === undefined || !/^\d+$/.test(asked)) return DEFAULT_COST;
  const log2N = Number(asked);
  return log2N >= LOCAL_MIN_LOG2N && log2N <= DEFAULT_COST.log2N ? { ...DEFAULT_COST, log2N } : DEFAULT_COST;
}
const KEY_LENGTH = 32;
const SALT_BYTES = 16;
/** Refuse stored parameters beyond this: a tampered hash must not make one sign-in take gigabytes. */
const MAX_LOG2N = 20;

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  const options: ScryptOptions = {
    N: 2 ** cost.log2N,
    r: cost.r,
    p: cost.p,
    // scrypt needs 128·N·r bytes; Node's default ceiling (32 MiB) is below OWASP's N=2^17.
    maxmem: 128 * 2 ** cost.log2N * cost.r + 16 * 1024 * 1024,
  };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** The shortest password `POST/PUT /users` accepts for a storefront sign-in (NIST SP 800-63B's floor). */
export const API_PASSWORD_MIN_LENGTH = 8;

/** Why a password is not acceptable, or undefined when it is. */
export function passwordProblem(password: string, minLength = PASSWORD_MIN_LENGTH): string | undefined {
  const length = [...password].length;
  if (length < minLength) return `a password needs at least ${minLength} characters`;
  if (length > PASSWORD_MAX_LENGTH) return `a password has at most ${PASSWORD_MAX_LENGTH} characters`;
  if (password.trim() !== password) return 'a password may not start or end with white space';
  return undefined;
}

export async function hashPassword(password: string, cost: ScryptCost = hashingCost()): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(password, salt, cost);
  return ['scrypt', cost.log2N, cost.r, cost.p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

export interface ParsedHash {
  cost: ScryptCost;
  salt: Buffer;
  hash: Buffer;
}

function parse(stored: string | undefined): ParsedHash | undefined {
  const parts = stored?.split('$');
  if (!parts || parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [log2N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const ok = (n: number, max: number) => Number.isInteger(n) && n >= 1 && n <= max;
  if (!ok(log2N, MAX_LOG2N) || !ok(r, 32) || !ok(p, 16)) return undefined;
  const salt = Buffer.from(parts[4]!, 'base64url');
  const hash = Buffer.from(parts[5]!, 'base64url');
  if (salt.length < 8 || hash.length !== KEY_LENGTH) return undefined;
  return { cost: { log2N, r, p }, salt, hash };
}

/**
 * What an unknown account, or one without a password, is verified against: a hash nothing matches, at the cost new
 * passwords get, so that path costs what a wrong password costs.
 */
export const unknownAccountHash = (): ParsedHash => ({
  cost: hashingCost(),
  salt: Buffer.alloc(SALT_BYTES, 7),
  hash: Buffer.alloc(KEY_LENGTH),
});

/**
 * True when `password` matches `stored`. An absent or unreadable hash is checked against a dummy at the cost new
 * passwords get (and fails), so an unknown e-mail takes as long as a wrong password.
 */
export async function verifyPassword(password: string, stored: string | undefined): Promise<boolean> {
  const parsed = parse(stored);
  const target = parsed ?? unknownAccountHash();
  const candidate = await derive(password.slice(0, PASSWORD_MAX_LENGTH * 4), target.salt, target.cost);
  return timingSafeEqual(candidate, target.hash) && parsed !== undefined;
}

/** A random password for `set-password --generate`: 20 characters of [A-Za-z0-9] (~119 bits), no modulo bias. */
export function generatePassword(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let password = '';
  for (let i = 0; i < 20; i++) password += alphabet[randomInt(alphabet.length)];
  return password;
}
