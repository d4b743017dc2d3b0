import { describe, expect, it } from 'vitest';
import { type CursorState, decodeCursor, encodeCursor, listDigest, readCursor } from '../../lib/http/cursor.js';
import { HttpError } from '../../lib/http/http-errors.js';
import { readListPaging } from '../../lib/http/paging.js';
import { conditionalGet, etagOf, parseTags, strongMatch, weakMatch } from '../../lib/http/preconditions.js';
import { thrownBy } from '../support/thrown.js';

const STATE: CursorState = {
  s: 'price',
  o: 'desc',
  q: listDigest(['products', []]),
  k: '00000000000000012.5000#000000000042',
};
const badRequestOf = (act: () => unknown) => thrownBy(HttpError, act);

describe('list cursors', () => {
  it('round-trip: what is encoded is decoded, and the text is opaque base64url', () => {
    const text = encodeCursor(STATE, 'key');
    expect(text).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(decodeCursor(text, 'key')).toEqual(STATE);
  });

  it('a cursor signed with another key is a 400 naming the cursor', () => {
    const error = badRequestOf(() => decodeCursor(encodeCursor(STATE, 'other'), 'key'));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/^Bad Request: The cursor parameter/);
  });

  it('a payload altered by one character (signature kept) is a 400', () => {
    const text = encodeCursor(STATE, 'key');
    const [payload, signature] = text.split('.') as [string, string];
    const forged = JSON.stringify(['price', 'desc', STATE.q, '00000000000000099.0000#000000000001']);
    const swapped = `${Buffer.from(forged).toString('base64url')}.${signature}`;
    expect(badRequestOf(() => decodeCursor(swapped, 'key')).status).toBe(400);
    const flipped = `${payload.slice(0, -1)}${payload.endsWith('A') ? 'B' : 'A'}.${signature}`;
    expect(badRequestOf(() => decodeCursor(flipped, 'key')).status).toBe(400);
  });

  it.each(['', 'abc', 'a.b', '{}', `${'x'.repeat(10)}.${'y'.repeat(43)}`, '../../etc/passwd'])(
    'garbage %j is a 400',
    (text) => {
      expect(badRequestOf(() => decodeCursor(text, 'key')).status).toBe(400);
    },
  );

  it('a cursor is bound to its sort and its conditions', () => {
    const text = encodeCursor(STATE);
    expect(readCursor(text, 'price', 'desc', STATE.q)).toEqual(STATE);
    expect(badRequestOf(() => readCursor(text, 'price', 'asc', STATE.q)).message).toMatch(/sort/);
    expect(badRequestOf(() => readCursor(text, 'id', 'desc', STATE.q)).message).toMatch(/sort/);
    expect(
      badRequestOf(() => readCursor(text, 'price', 'desc', listDigest(['products', [['status', 'eq', ['A']]]])))
        .message,
    ).toMatch(/filters/);
  });

  it('readListPaging: sort taken from the cursor when left out; page with a cursor is a 400', () => {
    const text = encodeCursor(STATE);
    expect(readListPaging({ cursor: text }, ['id', 'price']).paging).toMatchObject({
      sortBy: 'price',
      sortOrder: 'desc',
    });
    expect(readListPaging({ cursor: text, sort_by: 'id' }, ['id', 'price']).paging.sortBy).toBe('id');
    expect(badRequestOf(() => readListPaging({ cursor: text, page: '2' }, ['id', 'price'])).message).toMatch(
      /cursor.*page/,
    );
  });
});

describe('entity tags', () => {
  it('the ETag is strong, quoted and changes with the representation', () => {
    const tag = etagOf({ a: '1' });
    expect(tag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(etagOf({ a: '1' })).toBe(tag);
    expect(etagOf({ a: '2' })).not.toBe(tag);
  });

  it('parses lists, * and weak tags; weak comparison for If-None-Match, strong for If-Match', () => {
    const tag = etagOf({ a: 1 });
    expect(parseTags(`"x", W/${tag}`)).toEqual(['"x"', `W/${tag}`]);
    expect(parseTags(' * ')).toBe('*');
    expect(parseTags(undefined)).toBeUndefined();
    expect(weakMatch([`W/${tag}`], tag)).toBe(true);
    expect(strongMatch([`W/${tag}`], tag)).toBe(false);
    expect(strongMatch(['"x"', tag], tag)).toBe(true);
    expect(strongMatch('*', tag)).toBe(true);
    expect(strongMatch(['"x"'], tag)).toBe(false);
  });

  it('conditionalGet: 200 with the ETag and the body serialised once, or 304 with it and no body', () => {
    const body = { id: '1' };
    const tag = etagOf(body);
    // The text sent is the text hashed: the body is serialised once.
    expect(conditionalGet({ headers: {} }, { status: 200, body })).toEqual({
      status: 200,
      body,
      text: '{"id":"1"}',
      headers: { ETag: tag },
    });
    expect(conditionalGet({ headers: { 'if-none-match': `"other", ${tag}` } }, { status: 200, body })).toEqual({
      status: 304,
      headers: { ETag: tag },
    });
    expect(conditionalGet({ headers: { 'if-none-match': '"other"' } }, { status: 200, body }).status).toBe(200);
  });
});
