import { describe, expect, it } from 'vitest';
import { padId } from '../../lib/db/keys.js';
import { firstItem, inKeyOrder } from '../../lib/db/word-pages.js';

/**
 * Which text item lists a product in a large word search (lib/db/word-pages.ts): its first in the list's order, so
 * a product with several words a query word starts, or found by several query words (`any`), is listed once.
 */
const item = (token: string, words: string) => ({ id: 7, sk: `${token}#${padId(7)}`, w_product: words });

describe('firstItem', () => {
  it('lists a product at the smallest of its tokens the query word starts', () => {
    const words = ' alpine alps shirt | sku 7 ';
    expect(firstItem(item('alpine', words), 'w_product', 'alp', [])).toBe(true);
    expect(firstItem(item('alps', words), 'w_product', 'alp', [])).toBe(false);
    expect(firstItem(item('shirt', words), 'w_product', 'sh', [])).toBe(true);
  });

  it('a word that starts another of the product has no item: the longer word is the token', () => {
    // "alp" starts "alpine": the writer made no item for it (text-items.ts textTokens).
    expect(firstItem(item('alpine', ' alp alpine '), 'w_product', 'al', [])).toBe(true);
  });

  it('with match=any, not under a later query word when an earlier one finds it', () => {
    const words = ' alpha bravo ';
    expect(firstItem(item('bravo', words), 'w_product', 'bravo', ['alpha'])).toBe(false);
    expect(firstItem(item('bravo', ' bravo delta '), 'w_product', 'bravo', ['alpha'])).toBe(true);
  });

  it('an item without the words text is taken as read', () => {
    expect(firstItem({ id: 7, sk: `x#${padId(7)}` }, 'w_product', 'x', ['y'])).toBe(true);
  });
});

describe('inKeyOrder', () => {
  it('tells a key-order cursor from an id-order one', () => {
    expect(inKeyOrder(`~0|alpha#${padId(7)}`)).toBe(true);
    expect(inKeyOrder(padId(7))).toBe(false);
    expect(inKeyOrder(undefined)).toBe(false);
  });
});
