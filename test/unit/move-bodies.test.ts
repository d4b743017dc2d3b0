/** The import's source-record rules (scripts/lib/move/source-bodies.ts): kept ids and create bodies. */
import { describe, expect, it } from 'vitest';
import {
  featureBody,
  groupBody,
  postBody,
  productBody,
  threadIds,
  variantIds,
} from '../../scripts/lib/move/source-bodies.js';

describe('source records as creates', () => {
  it('a product’s feature values go as CS-Cart’s PUT takes them: the variant, else the number, else the text', () => {
    const row = {
      product_features: {
        '18': { feature_id: '18', variant_id: '86', value: '' },
        '31': { feature_id: '31', variant_id: '0', value: '', value_int: '3' },
        '33': { feature_id: '33', variant_id: '0', value: 'Hand wash', value_int: null },
        '40': { feature_id: '40', variant_id: '0', value: '', value_int: null },
        '41': 7,
      },
    };
    expect(productBody(row)).toEqual({ product_features: { '18': 86, '31': '3', '33': 'Hand wash', '41': 7 } });
    expect(productBody({ product_features: [] })).toEqual({ product_features: {} });
    expect(productBody({})).toEqual({});
  });

  it('a product’s price row for 1 item and everyone is its price; the quantity and group rows go as they are', () => {
    const prices = [
      { product_id: '12', lower_limit: '1', usergroup_id: '0', percentage_discount: '0.00', price: '30.00' },
      { product_id: '12', lower_limit: '10', usergroup_id: '0', percentage_discount: '0.00', price: '25.00' },
      { product_id: '12', lower_limit: '1', usergroup_id: '4', percentage_discount: '0.00', price: '27.00' },
    ];
    const sent = productBody({ price: '12.34', prices }).prices as Array<Record<string, string>>;
    expect(sent.map((row) => `${row.lower_limit}/${row.usergroup_id}@${row.price}`)).toEqual([
      '1/0@12.34',
      '10/0@25.00',
      '1/4@27.00',
    ]);
    // A row names no product (a copied product's rows may name the original); CS-Cart's keyed form reads the same.
    expect(sent.every((row) => !('product_id' in row))).toBe(true);
    const { product_id: _product, ...base } = prices[0]!;
    expect(productBody({ price: '12.34', prices: { 0: prices[0] } }).prices).toEqual([{ ...base, price: '12.34' }]);
    // Without a price the rows keep theirs.
    expect(productBody({ prices }).prices).toEqual(prices.map(({ product_id: _id, ...rest }) => rest));
  });

  it('a feature’s or option’s variants keep their ids, in the order listed; a bad id keeps none', () => {
    const variants = { '86': { variant_id: '86' }, '87': { variant_id: '87' } };
    expect(variantIds('feature_variant')({ variants })).toEqual({ feature_variant: [86, 87] });
    expect(variantIds('option_variant')({ variants: { x: { variant_id: 'abc' } } })).toEqual({});
    expect(variantIds('feature_variant')({ variants: [] })).toEqual({});
  });

  it('a post keeps its thread’s id and is written by its object, not by a thread this store has not made', () => {
    expect(threadIds({ thread_id: '104' })).toEqual({ discussion_thread: [104] });
    expect(threadIds({ thread_id: '0' })).toEqual({});
    expect(postBody({ thread_id: '104', object_type: 'P', object_id: '12' })).toEqual({ thread_id: undefined });
    expect(postBody({ thread_id: '104' })).toEqual({});
  });

  it('a feature’s variants go as a list of id, name and position (what a repeat compares)', () => {
    const row = {
      variants: { '86': { variant_id: '86', variant: 'Acme', position: '0', page_title: '', image_pair: {} } },
    };
    expect(featureBody(row)).toEqual({ variants: [{ variant_id: '86', variant: 'Acme', position: '0' }] });
    expect(featureBody({})).toEqual({});
  });

  it('a variation group is created from its products, the default product first', () => {
    const row = {
      products: [
        { product_id: 13, parent_product_id: 12 },
        { product_id: 12, parent_product_id: 0 },
      ],
    };
    expect(groupBody(row)).toEqual({ product_ids: [12, 13] });
    expect(groupBody({})).toEqual({});
  });
});

describe('--rate', () => {
  it('charges what writes cost and makes the next record wait them off', async () => {
    const { RateLimiter } = await import('../../scripts/lib/move/rate.js');
    const waits: number[] = [];
    const limiter = new RateLimiter(10, async (ms) => {
      waits.push(ms);
      await new Promise((resolve) => setTimeout(resolve, ms));
    });
    await limiter.take();
    expect(waits).toEqual([]);
    limiter.charge(15);
    await limiter.take();
    expect(waits.length).toBeGreaterThan(0);
    expect(waits[0]).toBeGreaterThanOrEqual(400);
    const free = new RateLimiter(undefined);
    free.charge(1_000);
    await free.take();
    expect(free.limited).toBe(false);
  });

  it('a write’s units as AWS bills them: per started KB of each item, doubled in a transaction', async () => {
    const { writtenItems } = await import('../../scripts/lib/move/write-meter.js');
    const { totalWriteUnits } = await import('../../lib/db/billed-units.js');
    const small = { pk: 'PRODUCT#1', sk: 'A' };
    const batch = writtenItems('BatchWriteItemCommand', {
      RequestItems: {
        t: [{ PutRequest: { Item: small } }, { PutRequest: { Item: { ...small, big: 'x'.repeat(1500) } } }],
      },
    });
    expect(totalWriteUnits(batch.items, batch.transactional)).toBe(3);
    const transaction = writtenItems('TransactWriteItemsCommand', {
      TransactItems: [{ Put: { Item: small } }, { Update: { Key: small } }, { ConditionCheck: { Key: small } }],
    });
    expect(totalWriteUnits(transaction.items, transaction.transactional)).toBe(6);
    expect(writtenItems('GetItemCommand', {}).items).toEqual([]);
  });
});
