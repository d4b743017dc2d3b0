import { describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_COST,
  generatePassword,
  hashingCost,
  hashPassword,
  passwordProblem,
  unknownAccountHash,
  verifyPassword,
} from '../../lib/auth/passwords.js';

// The real cost is ~0.4 s per hash; these tests check the format and the logic at a lower cost where they can.
const CHEAP = { log2N: 10, r: 8, p: 1 };

describe('hashPassword / verifyPassword', () => {
  it('stores scrypt with its parameters and a fresh salt, never the password', async () => {
    // Act
    const [first, second] = await Promise.all([
      hashPassword('correct horse battery', CHEAP),
      hashPassword('correct horse battery', CHEAP),
    ]);
    // Assess
    expect(first).toMatch(/^scrypt\$10\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(first).not.toContain('correct');
    expect(second).not.toBe(first);
  });

  it("uses at least OWASP's scrypt cost by default (N=2^17, r=8, p=1)", async () => {
    // Act
    const stored = await hashPassword('correct horse battery');
    // Assess
    expect(DEFAULT_COST).toEqual({ log2N: 17, r: 8, p: 1 });
    expect(stored.startsWith('scrypt$17$8$1$')).toBe(true);
    expect(unknownAccountHash().cost).toEqual(DEFAULT_COST);
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
  });

  it('lowers the cost only under serverless offline, and only within 2^10 … 2^17 (PASSWORD_SCRYPT_LOG2N)', () => {
    // Act / Assess: a deployed function (no IS_OFFLINE) ignores the setting
    expect(hashingCost({ PASSWORD_SCRYPT_LOG2N: '10' })).toEqual(DEFAULT_COST);
    expect(hashingCost({ IS_OFFLINE: 'true', PASSWORD_SCRYPT_LOG2N: '10' })).toEqual({ log2N: 10, r: 8, p: 1 });
    expect(hashingCost({ IS_OFFLINE: 'true' })).toEqual(DEFAULT_COST);
    for (const outside of ['9', '18', '', '12.5', '-12', 'ten'])
      expect(hashingCost({ IS_OFFLINE: 'true', PASSWORD_SCRYPT_LOG2N: outside }), outside).toEqual(DEFAULT_COST);
  });

  it('hashes at the lowered cost, and checks an unknown account against a dummy at that cost', async () => {
    // Prepare
    vi.stubEnv('IS_OFFLINE', 'true');
    vi.stubEnv('PASSWORD_SCRYPT_LOG2N', '11');
    try {
      // Act
      const stored = await hashPassword('correct horse battery');
      // Assess
      expect(stored.startsWith('scrypt$11$8$1$')).toBe(true);
      expect(await verifyPassword('correct horse battery', stored)).toBe(true);
      expect(await verifyPassword('correct horse battery', undefined)).toBe(false);
      expect(unknownAccountHash().cost).toEqual({ log2N: 11, r: 8, p: 1 });
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('accepts the right password and refuses any other', async () => {
    // Prepare
    const stored = await hashPassword('correct horse battery', CHEAP);
    // Act / Assess
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('treats canonically equal Unicode spellings as one password (NFC)', async () => {
    // Prepare: é precomposed, and e + combining acute
    const stored = await hashPassword('caf\u00e9-au-lait-12', CHEAP);
    // Act / Assess
    expect(await verifyPassword('cafe\u0301-au-lait-12', stored)).toBe(true);
  });

  it.each([undefined, 'plain', 'scrypt$17$8$1$c2FsdA$aGFzaA', 'scrypt$40$8$1$c2FsdHNhbHRzYWx0$' + 'A'.repeat(43)])(
    'refuses every password against an absent, unreadable or absurd hash (%s)',
    async (stored) => {
      // Act / Assess
      expect(await verifyPassword('anything at all', stored)).toBe(false);
    },
  );
});

describe('passwordProblem', () => {
  it.each([
    ['short', 'at least 12'],
    [' leading-space-pw', 'white space'],
    ['x'.repeat(1025), 'at most 1024'],
  ])('refuses %j', (password, problem) => {
    expect(passwordProblem(password)).toContain(problem);
  });

  it('accepts twelve characters or more, counted as characters', () => {
    expect(passwordProblem('twelve chars')).toBeUndefined();
    expect(passwordProblem('🔑🔑🔑🔑🔑🔑🔑🔑🔑🔑🔑🔑')).toBeUndefined();
  });
});

describe('generatePassword', () => {
  it('makes 20 characters of [A-Za-z0-9] that pass the rules, different each time', () => {
    const passwords = Array.from({ length: 50 }, generatePassword);
    expect(new Set(passwords).size).toBe(50);
    for (const password of passwords) {
      expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
      expect(passwordProblem(password)).toBeUndefined();
    }
  });
});
