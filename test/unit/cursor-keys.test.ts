import { describe, expect, it } from 'vitest';
import { cursorKeys, loadCursorKeys, parseCursorKeys } from '../../lib/cursor-keys.js';
import { type CursorState, decodeCursor, encodeCursor, listDigest, signedWithKnownKey } from '../../lib/http/cursor.js';
import { HttpError } from '../../lib/http/http-errors.js';
import { thrownBy } from '../support/thrown.js';

const STATE: CursorState = { s: 'id', o: 'asc', q: listDigest(['users', []]), k: '000000000000042' };

/** The stage's cursor key set (lib/cursor-keys.ts): what the SSM parameter holds, and a rotation's overlap. */
describe('cursor keys', () => {
  it('reads the parameter as a current key and previous keys, or a single key written by hand', () => {
    expect(parseCursorKeys('{"current":"0123456789abcdef0","previous":["old-key-0123456789"]}')).toEqual({
      current: '0123456789abcdef0',
      previous: ['old-key-0123456789'],
    });
    expect(parseCursorKeys('{"current":"0123456789abcdef0"}')).toEqual({ current: '0123456789abcdef0', previous: [] });
    expect(parseCursorKeys('  a-key-typed-by-hand-0123  \n')).toEqual({
      current: 'a-key-typed-by-hand-0123',
      previous: [],
    });
  });

  it('refuses a parameter without a current key of 16 characters or more', () => {
    expect(() => parseCursorKeys('{"current":"short"}')).toThrow('16 characters');
    expect(() => parseCursorKeys('{"previous":["0123456789abcdef0"]}')).toThrow('"current"');
  });

  it('during a rotation, a cursor signed with the previous key still verifies; one signed with neither is a 400', () => {
    const old = encodeCursor(STATE, 'the-previous-key-0123');
    expect(decodeCursor(old, ['the-current-key-01234', 'the-previous-key-0123'])).toEqual(STATE);
    expect(signedWithKnownKey(old, ['the-current-key-01234', 'the-previous-key-0123'])).toBe(true);
    expect(signedWithKnownKey(old, ['the-current-key-01234'])).toBe(false);
    expect(thrownBy(HttpError, () => decodeCursor(old, ['the-current-key-01234'])).status).toBe(400);
  });

  it('without CURSOR_SECRET_PARAMETER (locally), signs with CURSOR_SECRET or the local default, and loading reads nothing', async () => {
    const saved = process.env.CURSOR_SECRET_PARAMETER;
    delete process.env.CURSOR_SECRET_PARAMETER;
    try {
      await loadCursorKeys();
      await loadCursorKeys({ refresh: true });
      const keys = cursorKeys();
      expect(keys.previous).toEqual([]);
      expect(keys.current.length).toBeGreaterThan(0);
      expect(decodeCursor(encodeCursor(STATE))).toEqual(STATE);
    } finally {
      if (saved !== undefined) process.env.CURSOR_SECRET_PARAMETER = saved;
    }
  });
});
