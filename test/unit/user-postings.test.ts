import { describe, expect, it } from 'vitest';
import { combinePostings } from '../../lib/db/posting-list.js';
import { idsOfPosting, offsetElement } from '../../lib/db/postings.js';
import type { UserRecord } from '../../lib/db/records.js';
import { matchesUser } from '../../lib/db/user-list.js';
import { postingsAnswer } from '../../lib/db/user-list-postings.js';
import { userPostingPlan, userPostings, userPostingWrites } from '../../lib/db/user-postings.js';
import { userRecord } from '../support/user-records.js';

const user = userRecord;

const keysOf = (u: UserRecord | undefined) => userPostings(u).map((p) => `${p.pk} ${p.sk} ${p.offset}`);

describe('userPostings: the posting items a user is in', () => {
  it('posts each name word, each word’s first character and the type, status and company (chunk 1, offset 44)', () => {
    expect(keysOf(user(300, { firstname: 'Ada', lastname: 'Lovelace', company_id: 7 })).sort()).toEqual([
      'WP#user#company_id 7#0000000001 44',
      'WP#user#name#a a#0000000001 44',
      'WP#user#name#a ada#0000000001 44',
      'WP#user#name#l l#0000000001 44',
      'WP#user#name#l lovelace#0000000001 44',
      'WP#user#status A#0000000001 44',
      'WP#user#user_type C#0000000001 44',
    ]);
  });

  it('leaves out a word that starts another, posts a one-character word as its initial, folds accents', () => {
    const words = (u: UserRecord) =>
      userPostings(u)
        .filter((p) => p.pk.startsWith('WP#user#name#'))
        .map((p) => p.sk.split('#')[0])
        .sort();
    expect(words(user(1, { firstname: 'Jo J.', lastname: 'Johnson' }))).toEqual(['j', 'johnson']);
    expect(words(user(1, { firstname: 'Émile', lastname: 'de la Cruz' }))).toEqual([
      'c',
      'cruz',
      'd',
      'de',
      'e',
      'emile',
      'l',
      'la',
    ]);
  });
});

describe('userPostingWrites: what a write changes', () => {
  const ada = user(5, { firstname: 'Ada', lastname: 'Lovelace' });
  const updates = (before: UserRecord | undefined, after: UserRecord | undefined) =>
    userPostingWrites(before, after).map((w) => {
      const { Key, UpdateExpression } = w.Update!;
      return `${String(Key!.sk)} ${UpdateExpression}`;
    });

  it('a create ADDs every posting, a delete DELETEs them', () => {
    expect(updates(undefined, ada)).toHaveLength(7);
    expect(updates(undefined, ada).every((u) => u.endsWith('ADD #ids :add'))).toBe(true);
    expect(updates(ada, undefined).every((u) => u.endsWith('DELETE #ids :remove'))).toBe(true);
  });

  it('a rename moves only the words that changed; a profile write that keeps them writes none', () => {
    expect(updates(ada, { ...ada, firstname: 'Grace' }).sort()).toEqual([
      'a#0000000000 DELETE #ids :remove',
      'ada#0000000000 DELETE #ids :remove',
      'g#0000000000 ADD #ids :add',
      'grace#0000000000 ADD #ids :add',
    ]);
    expect(updates(ada, { ...ada, email: 'new@example.com', version: 2 })).toEqual([]);
  });
});

describe('userPostingPlan and postingsAnswer: which lists postings answer', () => {
  it('reads a one-character word’s initial item and every word starting with a longer one', () => {
    const plan = userPostingPlan({ name: 'Ada 1', user_type: 'C', company_id: 4 });
    expect(plan?.groups).toEqual([
      [{ pk: 'WP#user#name#a', begins: 'ada' }],
      [{ pk: 'WP#user#name#1', begins: '1#' }],
      [{ pk: 'WP#user#user_type', begins: 'C#' }],
      [{ pk: 'WP#user#company_id', begins: '4#' }],
    ]);
    expect(plan?.wordGroups).toBe(2);
  });

  it('refuses no word and a word longer than the index keeps', () => {
    expect(userPostingPlan({ name: ' - ' })).toBeUndefined();
    expect(userPostingPlan({ name: 'x'.repeat(41) })).toBeUndefined();
    expect(userPostingPlan({ name: 'x'.repeat(40) })).toBeDefined();
  });

  it('answers name in id order only, without phone or is_root', () => {
    const base = { name: 'ada', sortBy: 'id' as const, descending: false, offset: 0, itemsPerPage: 10 };
    expect(postingsAnswer(base)).toBe(true);
    expect(postingsAnswer({ ...base, sortBy: 'last_login' })).toBe(true);
    expect(postingsAnswer({ ...base, sortBy: 'name' })).toBe(false);
    expect(postingsAnswer({ ...base, phone: '555' })).toBe(false);
    expect(postingsAnswer({ ...base, is_root: 'N' })).toBe(false);
    expect(postingsAnswer({ ...base, name: undefined })).toBe(false);
  });
});

describe('postings answer exactly what matchesUser does', () => {
  // Names that start one another, repeat, carry accents, one-character words and numbers.
  const FIRST = ['Ada', 'ada', 'Adam', 'Émile', 'Emil', 'Zoë', 'de', 'J.', 'Jo', 'Ken 10'];
  const LAST = ['Lovelace', 'love', 'de la Cruz', 'de', 'Young', 'Ångström', '1', '12 Turing', 'Loveless'];
  const QUERIES = ['ada', 'ad', 'a', 'love', 'lovel', 'de', 'd', 'de la', 'j', 'jo', '1', '12', 'emil', 'émile', 'zoe'];
  const users: UserRecord[] = [];
  let id = 250; // across a chunk boundary (256)
  for (const firstname of FIRST)
    for (const lastname of LAST)
      users.push(
        user(id++, {
          firstname,
          lastname,
          user_type: id % 3 === 0 ? 'V' : 'C',
          status: id % 4 === 0 ? 'D' : 'A',
          company_id: id % 2,
        }),
      );
  // The items as the writes leave them: each posting item's set of offsets.
  const items = new Map<string, Set<number>>();
  for (const u of users)
    for (const p of userPostings(u)) {
      const at = `${p.pk}\u0000${p.sk}`;
      items.set(at, (items.get(at) ?? new Set()).add(p.offset));
    }
  const read = (pk: string, begins: string) =>
    [...items.entries()]
      .filter(([at]) => at.startsWith(`${pk}\u0000${begins}`))
      .flatMap(([at, offsets]) => idsOfPosting(at.split('\u0000')[1]!, [...offsets].map(offsetElement)));

  const names = [...QUERIES, ...QUERIES.flatMap((a) => QUERIES.map((b) => `${a} ${b}`))];
  it.each([{}, { user_type: 'C' as const }, { status: 'D' as const, company_id: 0 }])(
    'every name query with %j',
    (filters) => {
      let found = 0;
      for (const name of names) {
        const plan = userPostingPlan({ name, ...filters });
        const ids = combinePostings(
          plan!,
          plan!.groups.map((g) => g.map((r) => read(r.pk, r.begins))),
        );
        const expected = users.filter((u) => matchesUser(u, { name, ...filters })).map((u) => u.user_id);
        expect({ name, ids }).toEqual({ name, ids: expected });
        found += ids.length;
      }
      // The queries find something: the comparison is not between empty answers.
      expect(found).toBeGreaterThan(names.length / 4);
    },
  );
});
