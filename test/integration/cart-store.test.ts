/**
 * The cart record and the repriced products' markers on a table of their own (lib/db/carts.ts and
 * lib/db/repriced-products.ts, handed the store's table): the cart store over tableContextOf writes a customer's
 * cart on the version read, reads it, changes it and deletes it when it empties; the checkout store's cart change
 * names that table; a product's repriced marker is written and read there — and not one command reaches this
 * instance's table, whose client refuses every call meanwhile.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { createDocumentClient } from '../../lib/db/client.js';
import { repricedProductItems, repricedProducts } from '../../lib/db/repriced-products.js';
import { tableContextOf } from '../../lib/db/table-context.js';
import { transactWrite } from '../../lib/db/transact.js';
import { cartStoreOn } from '../../lib/operations/carts/store.js';
import { checkoutStoreOn } from '../../lib/operations/checkout/store.js';
import { uid } from '../support/fixtures.js';
import { noting, withInstanceRefusing } from '../support/own-table.js';
import { createTableOfItsOwn } from '../support/table-of-its-own.js';

const line = (productId: number, amount: number) => ({ product_id: productId, amount, product_options: {} });

describe('the cart record and the repriced markers over a table of their own', () => {
  it('are written and read there, and never reach the instance table', async () => {
    const tableName = `store-api-carts-${uid()}`.slice(0, 60);
    await createTableOfItsOwn(new DynamoDBClient({}), tableName);
    const sent: string[] = [];
    const context = tableContextOf({ client: noting(createDocumentClient(), sent), tableName });
    const carts = cartStoreOn(context);
    const instanceCalls: string[] = [];
    await withInstanceRefusing(instanceCalls, async () => {
      expect(await carts.cart(5)).toBeUndefined();
      await carts.writeCart(5, () => ({ lines: { a: line(10, 2) }, cart_products: 1 }));
      expect(await carts.cart(5)).toMatchObject({
        user_id: 5,
        version: 1,
        cart_products: 1,
        lines: { a: line(10, 2) },
      });
      // The second write sees the first: the version read is the one its condition names.
      await carts.writeCart(5, (current) => ({ ...current, lines: { ...current?.lines, b: line(11, 1) } }));
      const changed = await carts.cart(5);
      expect(changed).toMatchObject({ version: 2, lines: { a: line(10, 2), b: line(11, 1) } });

      const change = checkoutStoreOn(context).cartChange(5, changed, undefined);
      expect(change.map((item) => item.Delete?.TableName ?? item.Put?.TableName)).toContain(tableName);
      await carts.writeCart(5, () => undefined);
      expect(await carts.cart(5)).toBeUndefined();

      const product = {
        product_id: 7,
        version: 1,
        price: '10.00',
        prices: [{ lower_limit: 5, usergroup_id: 0, price: '9.00' }],
      };
      await transactWrite(repricedProductItems(7, product, undefined, context), context);
      expect(await repricedProducts(context)).toEqual(new Map([[7, { price: '10.00', prices: product.prices }]]));
    });
    expect(instanceCalls).toEqual([]);
    expect(sent.length).toBeGreaterThan(6);
    expect(new Set(sent)).toEqual(new Set([tableName]));
  });
});
