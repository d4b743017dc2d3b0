/**
 * The rules of orders (lib/operations/orders/), without DynamoDB or HTTP: the pure rules directly, POST /orders and
 * the status hook against an OrderStore of the test's own (the interface they receive).
 */
import { describe, expect, it } from 'vitest';
import type { Extra } from '../../lib/db/entity-store.js';
import type { Caller } from '../../lib/entities/caller.js';
import { storedOrderLines } from '../../lib/entities/order-lines.js';
import type { StoredValue } from '../../lib/entities/types.js';
import { ConflictError, ValidationError } from '../../lib/errors.js';
import type { ApiRequest } from '../../lib/http/operation.js';
import { positiveInt, readLines } from '../../lib/http/order-lines-body.js';
import { createOrderOf, ORDER_ATTEMPTS } from '../../lib/operations/orders/create.js';
import { orderHooksFor } from '../../lib/operations/orders/hooks.js';
import { periodRange } from '../../lib/operations/orders/periods.js';
import {
  checkedLines,
  holdsStock,
  orderConditions,
  orderTotals,
  readStatus,
  requireOrderFields,
  stockDirection,
  stockMoves,
  storedLines,
} from '../../lib/operations/orders/rules.js';
import type {
  OrderRecord,
  OrderStore,
  PaymentRecord,
  PlaceAgain,
  Placing,
  ProductLine,
  ProductRecord,
  ShippingRecord,
  StatusRecord,
  UserRecord,
} from '../../lib/operations/orders/store.js';
import { productRecord } from '../support/product-record.js';
import { thrownBy } from '../support/thrown.js';

const caller = (extra: Partial<Caller> = {}): Caller => ({
  userId: 1,
  email: 'admin@example.com',
  userType: 'A',
  isRoot: true,
  companyId: 0,
  activeGroupIds: [],
  ...extra,
});

/** A request of `caller`, in the context of company `context` when one is named (`/stores/<context>/orders`). */
const requestOf = (body: Record<string, unknown>, who: Caller = caller(), context?: number): ApiRequest =>
  ({
    method: 'POST',
    route: {
      key: 'orders.create',
      ...(context === undefined ? {} : { company: { id: String(context), companyId: context } }),
    },
    query: {},
    caller: who,
    body,
    sourceIp: '203.0.113.7',
  }) as unknown as ApiRequest;

const product = productRecord;

const line = (p: ProductRecord, amount: number): ProductLine => ({ productId: p.product_id, amount, product: p });

const status = (letter: string, inventory: 'D' | 'I'): StatusRecord =>
  ({ status_id: letter.charCodeAt(0), status: letter, type: 'O', params: { inventory }, version: 1 }) as StatusRecord;

/** The storage the operations receive, kept in memory: `outcomes` answers each placing in turn (then: placed). */
class TestStore implements OrderStore {
  productsById = new Map<number, ProductRecord>();
  paymentRecord: PaymentRecord = { payment_id: 1, status: 'A', a_surcharge: '1.50', p_surcharge: '10', version: 1 };
  shippingRecord: ShippingRecord = { shipping_id: 1, status: 'A', base_rate: '4.00', version: 1 };
  users = new Map<number, UserRecord>();
  statusRecords = new Map([
    ['O', status('O', 'D')],
    ['P', status('P', 'D')],
    ['I', status('I', 'I')],
  ]);
  outcomes: Array<{ changed: ProductRecord[] }> = [];
  placings: Array<{ values: Record<string, StoredValue>; lines: ProductLine[]; nested: Record<string, StoredValue> }> =
    [];
  moves: Array<{ lines: ProductLine[]; direction: -1 | 1 }> = [];
  deleted: number[] = [];
  products = async (ids: number[]) => ids.flatMap((id) => this.productsById.get(id) ?? []);
  payment = async (id: number) => (id === this.paymentRecord.payment_id ? this.paymentRecord : undefined);
  shipping = async (id: number) => (id === this.shippingRecord.shipping_id ? this.shippingRecord : undefined);
  user = async (id: number) => this.users.get(id);
  statuses = async () => this.statusRecords;
  /** Each round as the real store's: its stock moves judged, then refused while `outcomes` last (same id). */
  place = async (first: Placing, again: PlaceAgain): Promise<OrderRecord> => {
    for (let round = first; ; ) {
      stockMoves(round.lines, -1);
      this.placings.push({ values: round.values, lines: round.lines, nested: round.withId(42) });
      const next = this.outcomes.shift();
      if (!next) return { ...round.values, order_id: 42, version: 1, ...round.withId(42) } as OrderRecord;
      round = await again(next.changed);
    }
  };
  stockMoves = (lines: ProductLine[], direction: -1 | 1): Extra => {
    this.moves.push({ lines, direction });
    return { items: [] };
  };
  deleteDependents = async (orderId: number) => {
    this.deleted.push(orderId);
  };
}

const fieldOf = (act: () => unknown) => thrownBy(ValidationError, act).errors[0]?.field;

const orderBody = (products: unknown) => ({
  user_data: { email: 'guest@example.com', firstname: 'Ann' },
  payment_id: 1,
  shipping_id: 1,
  products,
});

describe('order rules', () => {
  it('names every missing required field of POST /orders, in the recorded order', () => {
    // Act
    let fields: string[] = [];
    try {
      requireOrderFields({ notes: 'x' });
    } catch (error) {
      fields = (error as ValidationError).errors.map((e) => e.field);
    }
    // Assess
    expect(fields).toEqual(['user_id', 'payment_id', 'products', 'shipping_id']);
    expect(() => requireOrderFields({ user_id: 2, payment_id: 1, products: {}, shipping_ids: '1' })).not.toThrow();
  });

  it('reads the three forms of `products` into one line per product, amounts added', () => {
    // Act & Assess
    expect(readLines({ 7: { product_id: 3, amount: 2 }, 8: { product_id: 3 } })).toEqual([{ productId: 3, amount: 3 }]);
    expect(readLines([{ product_id: 4, amount: '2' }])).toEqual([{ productId: 4, amount: 2 }]);
    expect(readLines({ 5: 6 })).toEqual([{ productId: 5, amount: 6 }]);
    expect(fieldOf(() => readLines({ 5: 0 }))).toBe('products');
    expect(fieldOf(() => readLines([]))).toBe('products');
    expect(() => readLines({ 5: 1_000_001 })).toThrow('at most 1000000');
    expect([positiveInt(' 12 '), positiveInt(3), positiveInt(2_147_483_647)]).toEqual([12, 3, 2_147_483_647]);
    for (const bad of [0, 1.5, '2147483648', '1e3', '-1', null, [3]]) expect(positiveInt(bad)).toBeUndefined();
  });

  it('orders only existing, enabled products of one company, and in a context that company or none', () => {
    // Prepare
    const mine = product(1, { company_id: 2 });
    const shared = product(2, { company_id: 0 });
    const other = product(3, { company_id: 3 });
    const products = new Map([mine, shared, other, product(4, { status: 'D' })].map((p) => [p.product_id, p]));
    const root = requestOf({});
    const inStore2 = requestOf({}, caller(), 2);
    const vendor = requestOf({}, caller({ userType: 'V', isRoot: false, companyId: 2 }));
    // Act & Assess
    expect(checkedLines(root, [{ productId: 1, amount: 1 }], products)[0]!.product).toBe(mine);
    expect(() => checkedLines(root, [{ productId: 9, amount: 1 }], products)).toThrow('which does not exist');
    expect(() => checkedLines(root, [{ productId: 4, amount: 1 }], products)).toThrow('is disabled');
    expect(() =>
      checkedLines(
        root,
        [
          { productId: 1, amount: 1 },
          { productId: 3, amount: 1 },
        ],
        products,
      ),
    ).toThrow('all belong to one company');
    const lines = [
      { productId: 1, amount: 1 },
      { productId: 2, amount: 1 },
    ];
    expect(checkedLines(inStore2, lines, products)).toHaveLength(2);
    expect(() => checkedLines(inStore2, [{ productId: 3, amount: 1 }], products)).toThrow('which does not exist');
    expect(() => checkedLines(vendor, [{ productId: 3, amount: 1 }], products)).toThrow('which does not exist');
  });

  it('totals in decimals: the rate unless every product ships free, the surcharge rounded to cents', () => {
    // Prepare
    const lines = [line(product(1, { price: '0.10' }), 3), line(product(2, { price: '19.99' }), 1)];
    const shipping: ShippingRecord = { shipping_id: 1, base_rate: '4.00', version: 1 };
    const payment: PaymentRecord = { payment_id: 1, a_surcharge: '1', p_surcharge: '3.333', version: 1 };
    // Act
    const totals = orderTotals(lines, shipping, payment);
    const free = orderTotals(
      lines.map((l) => ({ ...l, product: { ...l.product, free_shipping: 'Y' } })),
      shipping,
      payment,
    );
    // Assess
    expect(totals.subtotal.toFixed(2)).toBe('20.29');
    expect(totals.shippingCost.toFixed(2)).toBe('4.00');
    expect(totals.surcharge.toFixed(2)).toBe('1.68');
    expect(totals.total.toFixed(2)).toBe('25.97');
    expect(free.shippingCost.toFixed(2)).toBe('0.00');
  });

  it('moves the stock of tracked products only, and refuses to take more than the stock read', () => {
    // Prepare
    const tracked = product(1, { amount: 5 });
    const untracked = product(2, { amount: 0, tracking: 'D' });
    // Act
    const taken = stockMoves([line(tracked, 2), line(untracked, 9)], -1);
    const given = stockMoves([line(tracked, 7)], 1);
    // Assess
    expect(taken.map(({ stock, delta }) => [stock, delta])).toEqual([[5, -2]]);
    expect(given.map(({ stock, delta }) => [stock, delta])).toEqual([[5, 7]]);
    expect(() => stockMoves([line(tracked, 6)], -1)).toThrow('does not have 6 in stock');
  });

  it('a status change gives stock back or takes it again only when it crosses between holding and not', () => {
    // Prepare
    const statuses = new Map([
      ['O', status('O', 'D')],
      ['P', status('P', 'D')],
      ['I', status('I', 'I')],
    ]);
    // Act & Assess
    expect(holdsStock(undefined)).toBe(true);
    expect(holdsStock({ ...status('X', 'D'), params: [] as unknown as StoredValue })).toBe(true);
    expect(stockDirection(statuses, 'O', 'I')).toBe(1);
    expect(stockDirection(statuses, 'I', 'P')).toBe(-1);
    expect(stockDirection(statuses, 'O', 'P')).toBeUndefined();
    expect(stockDirection(statuses, 'O', 'O')).toBeUndefined();
    expect(readStatus(' p ', statuses)).toBe('P');
    expect(() => readStatus('Z', statuses)).toThrow('must be one of: O, P, I');
  });

  it('period C reads time_from and time_to as Unix timestamps or dates (the whole day); anything else is a 400', () => {
    expect(periodRange({ period: 'C', time_from: '2026-01-02', time_to: ' 2026-01-02 ' }, 0)).toEqual({
      from: Date.UTC(2026, 0, 2) / 1000,
      to: Date.UTC(2026, 0, 2) / 1000 + 86_399,
    });
    expect(periodRange({ period: 'C', time_from: 1767312000 }, 0)).toEqual({ from: 1767312000, to: undefined });
    for (const bad of ['2026-1-02', '02.01.2026', 'x']) {
      expect(() => periodRange({ period: 'C', time_from: bad }, 0)).toThrow('must be a Unix timestamp or a date');
    }
  });

  it('a stored order has the lines whose products still exist', () => {
    // Prepare
    const order = { products: { 1: { product_id: '3', amount: '2' }, 2: { product_id: '4', amount: '1' } } };
    const three = product(3);
    // Act & Assess
    expect(storedLines(order, new Map([[3, three]]))).toEqual([{ productId: 3, amount: 2, product: three }]);
    expect(storedOrderLines({ 7: { product_id: '12', amount: '3' }, 8: { product_id: '5' } })).toEqual([
      { itemId: '7', productId: 12, amount: 3 },
      { itemId: '8', productId: 5, amount: 0 },
    ]);
    expect(storedOrderLines(undefined)).toEqual([]);
  });

  it('lists by e-mail and status in any case, and by period', () => {
    // Prepare
    const now = Date.UTC(2026, 0, 15, 12) / 1000;
    // Act
    const conditions = orderConditions({ email: ' Ann@Example.com', status: 'p', period: 'D' }, now);
    // Assess
    expect(conditions).toEqual([
      { rule: { field: 'email_lc', op: 'eq' }, values: ['ann@example.com'] },
      { rule: { field: 'status', op: 'eq' }, values: ['P'] },
      { rule: { field: 'timestamp', op: 'gte' }, values: [Date.UTC(2026, 0, 15) / 1000] },
      { rule: { field: 'timestamp', op: 'lte' }, values: [Date.UTC(2026, 0, 16) / 1000 - 1] },
    ]);
  });
});

describe('order operations on a store of their own', () => {
  it("POST /orders prices the lines, names the guest and nests the items under the order's id", async () => {
    // Prepare
    const store = new TestStore();
    store.productsById.set(3, product(3, { price: '10.00', company_name: 'Acme' }));
    // Act
    const answer = await createOrderOf(store)(requestOf(orderBody({ 1: { product_id: 3, amount: 2 } })));
    // Assess
    expect(answer.status).toBe(201);
    const { values, nested } = store.placings[0]!;
    expect(values).toMatchObject({
      email: 'guest@example.com',
      user_id: 0,
      subtotal: '20.00',
      shipping_cost: '4.00',
      payment_surcharge: '3.50',
      total: '27.50',
      status: 'O',
      company_id: 1,
      ip_address: '203.0.113.7',
      product_ids: [3],
    });
    expect(nested).toMatchObject({ products: { 1: { order_id: '42', product_id: '3', amount: '2', subtotal: 20 } } });
    expect(answer.body).toMatchObject({ order_id: 42 });
  });

  it('a stock race decides again on the products the transaction handed back, and a stock gone is a 400', async () => {
    // Prepare
    const store = new TestStore();
    store.productsById.set(3, product(3, { amount: 5 }));
    store.outcomes = [{ changed: [product(3, { amount: 2, version: 2 })] }];
    const lowered = new TestStore();
    lowered.productsById.set(3, product(3, { amount: 5 }));
    lowered.outcomes = [{ changed: [product(3, { amount: 1, version: 2 })] }];
    // Act
    const answer = await createOrderOf(store)(requestOf(orderBody({ 3: 2 })));
    const refused = createOrderOf(lowered)(requestOf(orderBody({ 3: 2 })));
    // Assess
    expect(answer.status).toBe(201);
    expect(store.placings.map((p) => p.lines[0]!.product.amount)).toEqual([5, 2]);
    await expect(refused).rejects.toThrow('does not have 2 in stock');
  });

  it(`gives up with a 409 after ${ORDER_ATTEMPTS} rounds that each lost the race`, async () => {
    // Prepare
    const store = new TestStore();
    store.productsById.set(3, product(3, { amount: 500 }));
    store.outcomes = Array.from({ length: ORDER_ATTEMPTS }, (_, i) => ({
      changed: [product(3, { amount: 400 - i, version: i + 2 })],
    }));
    // Act
    const refused = createOrderOf(store)(requestOf(orderBody({ 3: 1 })));
    // Assess
    await expect(refused).rejects.toBeInstanceOf(ConflictError);
    expect(store.placings).toHaveLength(ORDER_ATTEMPTS);
  });

  it('refuses an inactive payment method before placing anything', async () => {
    // Prepare
    const store = new TestStore();
    store.productsById.set(3, product(3));
    store.paymentRecord = { ...store.paymentRecord, status: 'D' };
    // Act & Assess
    await expect(createOrderOf(store)(requestOf(orderBody({ 3: 1 })))).rejects.toThrow('no active payment method');
    expect(store.placings).toEqual([]);
  });

  it("a status that releases stock gives back the stored lines' stock; a status of the same kind moves none", async () => {
    // Prepare
    const store = new TestStore();
    store.productsById.set(3, product(3));
    const hooks = orderHooksFor(store);
    const previous = { order_id: 9, status: 'O', version: 1, products: { 1: { product_id: '3', amount: '2' } } };
    const extra = hooks.extraItems!(requestOf({}));
    // Act
    await extra({ ...previous, status: 'I' }, previous);
    await extra({ ...previous, status: 'P' }, previous);
    const changes = await hooks.update!({ status: 'i' }, previous, requestOf({}));
    await hooks.afterDelete!(previous);
    // Assess
    expect(store.moves.map(({ lines, direction }) => [lines.map((l) => [l.productId, l.amount]), direction])).toEqual([
      [[[3, 2]], 1],
    ]);
    expect(changes).toEqual({ status: 'I' });
    expect(store.deleted).toEqual([9]);
  });
});
