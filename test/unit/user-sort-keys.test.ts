import { describe, expect, it } from 'vitest';
import type { UserRecord } from '../../lib/db/records.js';
import { COPIED_SORTS, isSortItem, sortItems, sortKeyOf } from '../../lib/db/user-sort-keys.js';

/** The sort copies' keys keep the order the list sorted in memory has: (value, id), text by UTF-16 units. */
const order = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
const sign = (n: number) => Math.sign(n);

describe('sortKeyOf', () => {
  const texts = [
    '',
    'a',
    'ab',
    'a\u0000',
    'a\u0000b',
    'a\u0001',
    'a\u0002',
    'a\u0003',
    'a b',
    'b',
    'smith\u0000',
    'smith\u0000john',
    'smith',
    'smithe',
    'zoë',
    'ä',
    '日本',
    '\u0002',
    '\u0001\u0001',
  ];
  it('orders text values (with the low characters, prefixes and the name separator) as (value, id) does', () => {
    for (const a of texts)
      for (const b of texts)
        for (const [ia, ib] of [
          [1, 2],
          [2, 1],
          [7, 7],
        ] as const) {
          const expected = sign(order(a, b) || ia - ib);
          expect(sign(order(sortKeyOf('name', a, ia), sortKeyOf('name', b, ib))), JSON.stringify([a, b, ia, ib])).toBe(
            expected,
          );
        }
  });

  it('orders dates numerically, ties by id', () => {
    const values = [0, 9, 10, 1_700_000_000, 1_800_000_000];
    for (const a of values)
      for (const b of values)
        expect(sign(order(sortKeyOf('date', a, 5), sortKeyOf('date', b, 40)))).toBe(sign(order(a, b) || 5 - 40));
  });

  it('refuses a cursor value of the wrong kind (a 400, not a wrong page)', () => {
    expect(() => sortKeyOf('date', 'x', 1)).toThrow('The cursor parameter does not fit this list');
    expect(() => sortKeyOf('email', 5, 1)).toThrow('The cursor parameter does not fit this list');
    expect(() => sortKeyOf('date', -1, 1)).toThrow('The cursor parameter does not fit this list');
  });

  it('keeps a long value within a key attribute and never ends on half a surrogate pair', () => {
    const key = sortKeyOf('email', `${'x'.repeat(249)}😀tail`, 3);
    expect(Buffer.byteLength(key)).toBeLessThan(1024);
    expect(key.startsWith(`${'x'.repeat(249)}\u0001`)).toBe(true);
  });
});

describe('sortItems', () => {
  const user: UserRecord = {
    user_id: 6,
    email: 'Ada@Example.com',
    email_lc: 'ada@example.com',
    user_type: 'C',
    status: 'A',
    firstname: 'Ada',
    lastname: 'Lövelace',
    company_id: 1,
    is_root: 'N',
    timestamp: 1_700_000_000,
    version: 3,
  };
  it('is one whole-record copy per copied sort, in the user partition, in that sort shard of GSI1', () => {
    const items = sortItems(user);
    expect(items.map((i) => i.sk)).toEqual(COPIED_SORTS.map((s) => `SORTBY#${s}`));
    expect(items.every((i) => i.pk === 'USER#6' && isSortItem(String(i.sk)))).toBe(true);
    expect(items[0]).toMatchObject({ ...user, gsi1pk: 'USERSORT#username#2' });
    expect(items.find((i) => i.sk === 'SORTBY#name')?.gsi1sk).toBe('lovelace\u0002 ada\u0001000000000000006');
    expect(items.find((i) => i.sk === 'SORTBY#phone')?.gsi1sk).toBe('\u0001000000000000006');
  });
});
