/**
 * Issue 37: a storefront order takes its lines out of the cart in the order's own transaction, so no order ever
 * leaves its lines in the cart (nor a refused one empties it). Counted on the client the handlers use, in process:
 * the checkout writes once (one TransactWriteItems holding the order and the cart), and a cart changed between the
 * checkout's read and its transaction refuses that round, which then decides again with the cart as it is.
 */
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { handler as paymentsCreate } from '../../functions/payments/create.js';
import { handler as productsCreate } from '../../functions/products/create.js';
import { handler as shippingsCreate } from '../../functions/shippings/create.js';
import { handler as cartAdd } from '../../functions/sra_cart_content/create.js';
import { handler as ordersPlace } from '../../functions/sra_orders/create.js';
import { handler as register } from '../../functions/sra_profile/create.js';
import { handler as storesCreate } from '../../functions/stores/create.js';
import { ensureStorefrontKey } from '../../lib/auth/storefront-auth.js';
import { readCart, writeCart } from '../../lib/db/carts.js';
import { db } from '../../lib/db/client.js';
import { entityKeys } from '../../lib/db/entity-keys.js';
import { DEFAULT_TABLE } from '../../lib/db/table-target.js';
import { cartsEntity } from '../../lib/entities/carts.js';
import { ordersEntity } from '../../lib/entities/orders.js';
import { productsEntity } from '../../lib/entities/products.js';
import type { StoredValue } from '../../lib/entities/types.js';
import { cartItemId } from '../../lib/operations/carts/lines.js';
import type { LambdaHandler } from '../support/lambda-event.js';
import { event, invoke, uniqueAddress, uniqueIp } from './hostile-support.js';

beforeAll(() => {
  process.env.LOG_LEVEL = 'warn';
});

afterEach(() => {
  vi.restoreAllMocks();
});

async function made(handler: unknown, path: string, body: object, key: string): Promise<number> {
  const answer = await invoke(handler as LambdaHandler, event('POST', path, { body }));
  expect(answer.status, answer.body).toBe(201);
  return Number(answer.json[key]);
}

/** A signed-in customer with `amount` of a fresh product in the cart, and what their checkout needs. */
async function shopperWithCart(amount: number) {
  const tag = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const storeId = await made(
    storesCreate,
    '/api/stores',
    { company: `Cart ${tag}`, storefront: `cart-${tag}.example.com` },
    'store_id',
  );
  const [productId, otherId, shippingId, paymentId] = await Promise.all([
    made(
      productsCreate,
      '/api/products',
      { product: 'Kettle', price: '12.50', amount: 10, company_id: storeId },
      'product_id',
    ),
    made(
      productsCreate,
      '/api/products',
      { product: 'Mug', price: '3.00', amount: 10, company_id: storeId },
      'product_id',
    ),
    made(
      shippingsCreate,
      '/api/shippings',
      { shipping: `Courier ${tag}`, company_id: storeId, base_rate: '4.95' },
      'shipping_id',
    ),
    made(paymentsCreate, '/api/payments', { payment: `Cash ${tag}`, a_surcharge: '0.00' }, 'payment_id'),
  ]);
  const key = await ensureStorefrontKey();
  const signedUp = await invoke(
    register as LambdaHandler,
    event('POST', '/api/4.0/sra_profile', {
      auth: null,
      headers: { 'Storefront-Api-Access-Key': key },
      sourceIp: uniqueIp(),
      body: { email: uniqueAddress('cart'), password1: 'correct horse 42', password2: 'correct horse 42' },
    }),
  );
  expect(signedUp.status, signedUp.body).toBe(201);
  const customer = { auth: [signedUp.json.auth.token as string, ''] as const, sourceIp: uniqueIp() };
  const userId = Number(signedUp.json.user_id);
  const added = await invoke(
    cartAdd as LambdaHandler,
    event('POST', '/api/4.0/sra_cart_content', {
      ...customer,
      body: { products: { 1: { product_id: productId, amount } } },
    }),
  );
  expect(added.status, added.body).toBe(201);
  const place = () =>
    invoke(
      ordersPlace as LambdaHandler,
      event('POST', '/api/4.0/sra_orders', {
        ...customer,
        body: { payment_id: String(paymentId), shipping_id: { 0: shippingId } },
      }),
    );
  return { userId, productId, otherId, place };
}

const isTransaction = (command: unknown): command is TransactWriteCommand => command instanceof TransactWriteCommand;
const keysOf = (input: TransactWriteCommandInput) =>
  (input.TransactItems ?? []).map((item) => {
    const key = item.Put?.Item ?? item.Update?.Key ?? item.Delete?.Key ?? item.ConditionCheck?.Key ?? {};
    return `${String(key.pk)} ${String(key.sk)}`;
  });

describe('a storefront order and its cart: one transaction', () => {
  it('the order, its stock and the cart emptied are one TransactWriteItems; no other write touches the cart', async () => {
    const { userId, productId, place } = await shopperWithCart(2);
    const cartRecord = entityKeys.record(cartsEntity.storage.name, userId);
    const orderPrefix = entityKeys.recordPrefix(ordersEntity.storage.name);
    expect(await readCart(userId, DEFAULT_TABLE)).toBeDefined();
    const send = vi.spyOn(db(), 'send');
    const placed = await place();
    expect(placed.status, placed.body).toBe(201);
    const commands = send.mock.calls.map(([command]) => command as { input: Record<string, unknown> });
    send.mockRestore();
    const transactions = commands.filter(isTransaction);
    expect(transactions).toHaveLength(1);
    const keys = keysOf(transactions[0]!.input);
    const order = entityKeys.record(ordersEntity.storage.name, Number(placed.json.order_id));
    expect(keys).toContain(`${order.pk} ${order.sk}`);
    expect(keys).toContain(`${cartRecord.pk} ${cartRecord.sk}`);
    const product = entityKeys.record(productsEntity.storage.name, productId);
    expect(keys).toContain(`${product.pk} ${product.sk}`);
    // No write outside that transaction names the cart or an order.
    const outside = commands
      .filter((command) => !isTransaction(command))
      .map((command) => JSON.stringify(command.input))
      .filter((input) => input.includes(cartRecord.pk) || input.includes(orderPrefix));
    expect(outside.filter((input) => !input.includes('"ConsistentRead"'))).toEqual([]);
    expect(await readCart(userId, DEFAULT_TABLE)).toBeUndefined();
  });

  it('a line added to the cart while the order is placed stays in the cart; the ordered one leaves it', async () => {
    const { userId, productId, otherId, place } = await shopperWithCart(1);
    const send = db().send.bind(db());
    let raced = false;
    vi.spyOn(db(), 'send').mockImplementation((async (command: unknown, ...rest: unknown[]) => {
      if (!raced && isTransaction(command)) {
        raced = true;
        // Between the checkout's read of the cart and its transaction, the customer adds another product.
        await writeCart(
          userId,
          (current) => ({
            ...(current as Record<string, StoredValue>),
            lines: {
              ...((current?.lines ?? {}) as Record<string, StoredValue>),
              [cartItemId(otherId, {})]: { product_id: otherId, amount: 3, product_options: {} },
            },
          }),
          DEFAULT_TABLE,
        );
      }
      return (send as (...args: unknown[]) => Promise<unknown>)(command, ...rest);
    }) as never);
    const placed = await place();
    expect(placed.status, placed.body).toBe(201);
    expect(raced).toBe(true);
    const left = await readCart(userId, DEFAULT_TABLE);
    const lines = Object.values((left?.lines ?? {}) as Record<string, { product_id: number; amount: number }>);
    expect(lines.map((line) => [Number(line.product_id), Number(line.amount)])).toEqual([[otherId, 3]]);
    expect(lines.some((line) => Number(line.product_id) === productId)).toBe(false);
  });
});
