import { describe, expect, it } from 'vitest';
import { API_KEY_LENGTH, generateApiKey, hashApiKey, verifyApiKey } from '../../lib/auth/api-keys.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

describe('generateApiKey', () => {
  it('makes 32 characters of [A-Za-z0-9]', () => {
    // Act
    const key = generateApiKey();
    // Assess
    expect(API_KEY_LENGTH).toBe(32);
    expect(key).toMatch(/^[A-Za-z0-9]{32}$/);
  });

  it('makes distinct keys that use the whole alphabet', () => {
    // Prepare
    const count = 200;
    // Act
    const keys = Array.from({ length: count }, generateApiKey);
    // Assess: 6400 draws; the chance a fair draw misses one of 62 characters is about 62·e^-103
    expect(new Set(keys).size).toBe(count);
    expect(keys.every((key) => /^[A-Za-z0-9]{32}$/.test(key))).toBe(true);
    const seen = new Set(keys.join(''));
    expect([...ALPHABET].filter((c) => !seen.has(c))).toEqual([]);
  });
});

describe('hashApiKey / verifyApiKey', () => {
  it('does not store the key itself', () => {
    // Prepare
    const key = generateApiKey();
    // Act
    const hash = hashApiKey(key);
    // Assess
    expect(hash).not.toBe(key);
    expect(hash).not.toContain(key);
    expect(hashApiKey(key)).toBe(hash);
  });

  it('accepts the right key', () => {
    // Prepare
    const key = generateApiKey();
    const stored = hashApiKey(key);
    // Act
    const ok = verifyApiKey(key, stored);
    // Assess
    expect(ok).toBe(true);
  });

  it('refuses a wrong key, including one differing in case or length', () => {
    // Prepare
    const key = 'abcdefghijklmnopqrstuvwxyzABCDEF';
    const stored = hashApiKey(key);
    // Act + Assess
    expect(verifyApiKey(generateApiKey(), stored)).toBe(false);
    expect(verifyApiKey(key.toUpperCase(), stored)).toBe(false);
    expect(verifyApiKey(key.slice(0, 31), stored)).toBe(false);
    expect(verifyApiKey('', stored)).toBe(false);
  });

  it('refuses when there is no stored hash', () => {
    // Act + Assess
    expect(verifyApiKey(generateApiKey(), undefined)).toBe(false);
    expect(verifyApiKey('', undefined)).toBe(false);
    expect(verifyApiKey('', '')).toBe(false);
  });

  it('refuses when the stored hash is malformed, even if it is the key in plain text', () => {
    // Prepare
    const key = generateApiKey();
    // Act + Assess
    expect(verifyApiKey(key, key)).toBe(false);
    expect(verifyApiKey(key, 'zz')).toBe(false);
    expect(verifyApiKey(key, hashApiKey(key).slice(0, 63))).toBe(false);
    expect(verifyApiKey(key, `${hashApiKey(key)}00`)).toBe(false);
  });
});
