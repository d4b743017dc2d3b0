/**
 * The MCP server (SPEC §13, docs/api.md "MCP tools") driven by the official MCP TypeScript SDK's client over its
 * Streamable HTTP transport against serverless offline: the tools each kind of user is offered and what calling them
 * does, compared with the REST API's answers for the same data — a root administrator, a vendor (its own company
 * only), a view-only administrator (no write tools, a write refused) — bad arguments, idempotent writes (one effect,
 * one change event) and the transport itself (stateless, GET 405, 401, JSON-RPC errors).
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as mcpFunction } from '../../functions/mcp/handler.js';
import type { ChangeEvent } from '../../lib/events/change-event.js';
import { event, invoke, rootAuth } from '../integration/hostile-support.js';
import { createProduct, createStore, placeOrder } from '../support/catalog.js';
import { useChangeFeed } from '../support/change-feed.js';
import { feedCursorNow, feedEventsAfter } from '../support/feed-walk.js';
import { type ApiUser, createAdmin, createApiUser, createCustomer, expectStatus, uid } from '../support/fixtures.js';
import { call, clients, connect, expectOk, expectRefused, names, restApi, type Tool } from '../support/mcp-client.js';

// What the file's changes make in the change feed is what its tests read (test/support/change-feed.ts).
useChangeFeed();

let root: Client;
let companyA: number;
let companyB: number;
let vendorUser: ApiUser;
let vendor: Client;
let viewer: Client;
let tag: string;
let productA: number;
let productB: number;

beforeAll(async () => {
  tag = uid();
  [companyA, companyB] = [await createStore(), await createStore()];
  vendorUser = await createApiUser('V', ['--company', String(companyA)]);
  productA = await createProduct({
    product: `Mcp ${tag} lamp`,
    product_code: `MCPA${tag}`,
    company_id: companyA,
    price: 10,
    amount: 2,
  });
  productB = await createProduct({
    product: `Mcp ${tag} chair`,
    product_code: `MCPB${tag}`,
    company_id: companyB,
    price: 20,
    amount: 50,
  });
  const viewerUser = await createAdmin(['view_catalog', 'view_orders']);
  [root, vendor, viewer] = await Promise.all([connect(rootAuth()), connect(vendorUser.auth), connect(viewerUser.auth)]);
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
});

describe('a root administrator', () => {
  it('is offered every entity tool with schemas, and the task tools', async () => {
    const { tools } = await root.listTools();
    const offered = names(tools);
    for (const name of ['products_list', 'products_get', 'products_create', 'products_update', 'products_delete'])
      expect(offered).toContain(name);
    for (const name of ['find_products', 'update_product_price_stock', 'low_stock', 'order_details', 'sales_of_period'])
      expect(offered).toContain(name);
    expect(offered).toContain('usergroups_create');
    expect(offered.some((name) => name.startsWith('sra_'))).toBe(false);
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type, tool.name).toBe('object');
      expect(tool.description!.length).toBeGreaterThan(20);
    }
    expect(root.getServerVersion()?.name).toBe('store-api');
  });

  it('reads a product exactly as GET /api/2.0/products/:id answers it, and lists with a signed cursor', async () => {
    const got = expectOk(await call(root, 'products_get', { product_id: productA }));
    const rest = await restApi('GET', `/api/2.0/products/${productA}`);
    expect(got).toEqual(rest.json);

    const first = expectOk(await call(root, 'products_list', { q: `Mcp ${tag}`, match: 'all', items_per_page: 1 }));
    expect(first.products).toHaveLength(1);
    expect(first.params.total_items).toBe(2);
    const second = expectOk(
      await call(root, 'products_list', {
        q: `Mcp ${tag}`,
        match: 'all',
        items_per_page: 1,
        cursor: first.params.next,
      }),
    );
    expect(second.products).toHaveLength(1);
    expect([first.products[0].product_id, second.products[0].product_id].sort()).toEqual(
      [String(productA), String(productB)].sort(),
    );
  });

  it('creates, updates and deletes through the entity tools, as the REST calls would', async () => {
    const made = expectOk(
      await call(root, 'products_create', {
        product: `Mcp ${tag} made`,
        company_id: companyB,
        price: '5.50',
        amount: 1,
      }),
    );
    const id = made.product_id as number;
    expect(Number.isInteger(id)).toBe(true);
    expectOk(await call(root, 'products_update', { product_id: id, price: '6.25' }));
    expect((await restApi('GET', `/api/products/${id}`)).json.price).toBe('6.25');
    const deleted = expectOk(await call(root, 'products_delete', { product_id: id }));
    expect(deleted).toEqual({ deleted: true, product_id: String(id) });
    expectStatus(await restApi('GET', `/api/products/${id}`), 404);
  });

  it('finds products by code and by words, changes price and stock, and lists low stock', async () => {
    const byCode = expectOk(await call(root, 'find_products', { product_code: `mcpa${tag}` }));
    expect(byCode.products.map((p: any) => p.product_id)).toEqual([String(productA)]);
    const byWords = expectOk(await call(root, 'find_products', { q: `chair ${tag}` }));
    expect(byWords.products.map((p: any) => p.product_id)).toEqual([String(productB)]);
    expectRefused(await call(root, 'find_products', {}), /q .*product_code/);

    expectOk(await call(root, 'update_product_price_stock', { product_id: productB, price: '19.99', amount: 4 }));
    const shown = (await restApi('GET', `/api/products/${productB}`)).json;
    expect([shown.price, String(shown.amount)]).toEqual(['19.99', '4']);

    const low = expectOk(await call(root, 'low_stock', { threshold: 4, items_per_page: 250 }));
    const ids = low.products.map((p: any) => p.product_id);
    expect(ids).toContain(String(productA));
    expect(ids).toContain(String(productB));
    for (const product of low.products) expect(Number(product.amount)).toBeLessThanOrEqual(4);
    const lower = expectOk(await call(root, 'low_stock', { threshold: 3, items_per_page: 250 }));
    expect(lower.products.map((p: any) => p.product_id)).not.toContain(String(productB));
  });
});

describe('orders and sales', () => {
  let orderA: number;
  beforeAll(async () => {
    const customer = await createCustomer();
    orderA = await placeOrder(customer, productA);
    expectStatus(await restApi('PUT', `/api/orders/${orderA}`, { body: { status: 'P' } }), 200);
    // An order of the other company, complete: the root counts it, the vendor does not.
    const orderB = await placeOrder(customer, productB);
    expectStatus(await restApi('PUT', `/api/orders/${orderB}`, { body: { status: 'C' } }), 200);
  });

  it("order_details is the REST order; a vendor's sales of a period are its own company's paid or complete orders", async () => {
    const order = expectOk(await call(root, 'order_details', { order_id: orderA }));
    expect(order).toEqual((await restApi('GET', `/api/2.0/orders/${orderA}`)).json);

    const rest = (await restApi('GET', `/api/orders/${orderA}`)).json;
    const sales = expectOk(await call(vendor, 'sales_of_period', { period: 'D' }));
    expect(sales).toMatchObject({ count: 1, total: rest.total, statuses: ['P', 'C'], period: 'D' });
    const all = expectOk(await call(root, 'sales_of_period', { period: 'D' }));
    expect(all.count).toBeGreaterThanOrEqual(2);
    const today = new Date().toISOString().slice(0, 10);
    const byDates = expectOk(await call(vendor, 'sales_of_period', { time_from: today, time_to: today }));
    expect(byDates).toMatchObject({ count: 1, total: rest.total });
    expectRefused(await call(root, 'sales_of_period', { period: 'ZZ' }), /period/);
  });
});

describe('a vendor', () => {
  it('is offered only its entities, with the writes its REST privileges allow', async () => {
    const offered = names((await vendor.listTools()).tools);
    expect(offered).toEqual(
      expect.arrayContaining(['products_list', 'products_create', 'orders_list', 'categories_list']),
    );
    expect(offered).not.toContain('categories_create');
    expect(offered).not.toContain('users_list');
    expect(offered).not.toContain('usergroups_list');
  });

  it("sees and changes its own company's products only", async () => {
    const listed = expectOk(await call(vendor, 'products_list', { q: `Mcp ${tag}`, match: 'all' }));
    expect(listed.products.map((p: any) => p.product_id)).toEqual([String(productA)]);
    expectRefused(await call(vendor, 'products_get', { product_id: productB }), /Not Found/);
    expectRefused(await call(vendor, 'update_product_price_stock', { product_id: productB, price: 1 }), /Not Found/);
    expect((await restApi('GET', `/api/products/${productB}`)).json.price).not.toBe('1.00');
    const made = expectOk(
      await call(vendor, 'products_create', { product: `Mcp ${tag} own`, company_id: companyB, price: 3 }),
    );
    expect((await restApi('GET', `/api/products/${made.product_id}`)).json.company_id).toBe(String(companyA));
  });
});

describe('a view-only administrator', () => {
  it('is offered no write tool, and a write call is refused with the API message, changing nothing', async () => {
    const { tools } = await viewer.listTools();
    expect(names(tools)).toEqual(expect.arrayContaining(['products_list', 'orders_get', 'find_products', 'low_stock']));
    for (const tool of tools) expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
    expect(names(tools)).not.toContain('users_list');
    const before = (await restApi('GET', `/api/products/${productA}`)).json;
    expectRefused(await call(viewer, 'products_update', { product_id: productA, price: 99 }), /manage_catalog/);
    expectRefused(await call(viewer, 'update_product_price_stock', { product_id: productA, amount: 99 }), /Forbidden/);
    expect((await restApi('GET', `/api/products/${productA}`)).json).toEqual(before);
  });
});

describe('bad arguments', () => {
  it('are tool errors carrying the API message; an unknown tool is a JSON-RPC error', async () => {
    expectRefused(await call(root, 'products_get', { product_id: 'abc' }), /Not Found/);
    expectRefused(await call(root, 'products_get', {}), /product_id argument is required/);
    expectRefused(await call(root, 'products_get', { product_id: { $gt: 1 } }), /product_id argument must be an id/);
    expectRefused(await call(root, 'products_list', { items_per_page: 1000 }), /items_per_page/);
    expectRefused(await call(root, 'products_list', { cursor: 'forged.AAAA' }), /cursor/i);
    expectRefused(await call(root, 'products_list', { q: { nested: true } }), /q argument must be/);
    expectRefused(
      await call(root, 'products_create', { price: 'cheap' }),
      /Bad Request: The price field must be a non-negative/,
    );
    expectRefused(await call(root, 'products_create', {}), /Bad Request: Missing parameters/);
    expectRefused(await call(root, 'low_stock', { threshold: -1 }), /threshold/);
    expectRefused(
      await call(root, 'products_update', { product_id: productA, idempotency_key: '' }),
      /idempotency_key/,
    );
    const unknown = await call(root, 'no_such_tool').catch((error: unknown) => error);
    expect(unknown).toBeInstanceOf(McpError);
    expect((unknown as McpError).code).toBe(ErrorCode.InvalidParams);
  });
});

describe('idempotent writes', () => {
  it('the same key twice makes one change and one change event; another call with the key is refused', async () => {
    const product = await createProduct({ product: `Mcp ${tag} idem`, company_id: companyA, price: 1, amount: 1 });
    const cursor = await feedCursorNow('&entity=products');
    const key = `mcp-${uid()}`;
    const args = { product_id: product, price: '2.00', idempotency_key: key };
    const first = await call(root, 'update_product_price_stock', args);
    const again = await call(root, 'update_product_price_stock', args);
    expectOk(first);
    expect(again).toEqual(first);
    expectRefused(
      await call(root, 'update_product_price_stock', { ...args, price: '3.00' }),
      /Unprocessable Entity: this idempotency_key was used/,
    );
    const created = expectOk(
      await call(root, 'products_create', {
        product: `Mcp ${tag} once`,
        company_id: companyA,
        price: 1,
        idempotency_key: `${key}c`,
      }),
    );
    const createdAgain = expectOk(
      await call(root, 'products_create', {
        product: `Mcp ${tag} once`,
        company_id: companyA,
        price: 1,
        idempotency_key: `${key}c`,
      }),
    );
    expect(createdAgain.product_id).toBe(created.product_id);
    const found = expectOk(await call(root, 'find_products', { q: `once ${tag}` }));
    expect(found.params.total_items).toBe(1);

    const ofProduct = (event: ChangeEvent) => event.entity === 'products' && event.object_id === String(product);
    const sentinel = await createProduct({ product: `Mcp ${tag} sentinel`, company_id: companyA });
    const events = await feedEventsAfter(
      cursor,
      (seen) => seen.some((event) => event.entity === 'products' && event.object_id === String(sentinel)),
      '&entity=products',
    );
    // Its creation's event may come after the cursor too (events follow their commit by a moment): only updates count.
    expect(events.filter(ofProduct).filter((event) => event.type === 'products.updated')).toHaveLength(1);
  });
});

describe('the transport', () => {
  const post = (body: unknown, headers: Record<string, string> = {}, auth: 'admin' | null = 'admin') =>
    restApi('POST', '/mcp', {
      auth,
      body: typeof body === 'string' ? body : JSON.stringify(body),
      contentType: 'application/json',
      headers: { accept: 'application/json, text/event-stream', ...headers },
    });

  it('is stateless: tools/list without initialize or session id works, and no session id is given', async () => {
    const answer = await post({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expectStatus(answer, 200);
    expect(answer.headers.get('mcp-session-id')).toBeNull();
    expect(answer.json.result.tools.length).toBeGreaterThan(50);
    const init = await post({
      jsonrpc: '2.0',
      id: 'i',
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
    });
    expect(init.json.result.protocolVersion).toBe('2025-06-18');
    expect(init.json.result.capabilities.tools).toBeDefined();
    const newer = await post({
      jsonrpc: '2.0',
      id: 2,
      method: 'initialize',
      params: { protocolVersion: '2099-01-01' },
    });
    expect(newer.json.result.protocolVersion).toBe('2025-11-25');
  });

  it('answers GET with 405, no credentials with 401, and malformed JSON-RPC with JSON-RPC errors, never a 5xx', async () => {
    const get = await restApi('GET', '/mcp');
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    const anonymous = await post({ jsonrpc: '2.0', id: 1, method: 'ping' }, {}, null);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe('Basic realm="User email/API key"');
    const parse = await post('{"jsonrpc": "2.0", "id": 1, "method": ');
    expect(parse.status).toBe(400);
    expect(parse.json.error.code).toBe(-32700);
    expect((await post({ jsonrpc: '2.0', id: 3, method: 'resources/read' })).json.error.code).toBe(-32601);
    expect((await post({ id: 4, method: 'ping' })).json.error.code).toBe(-32600);
    expect((await post({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 7 } })).json.error.code).toBe(
      -32602,
    );
    const args = await post({
      jsonrpc: '2.0',
      id: 6,
      method: 'tools/call',
      params: { name: 'products_list', arguments: [1] },
    });
    expect(args.json.result.isError).toBe(true);
    const notification = await post({ jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(notification.status).toBe(202);
    expect(notification.body).toBe('');
    const batch = await post([
      { jsonrpc: '2.0', id: 7, method: 'ping' },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
    ]);
    expect(batch.json).toEqual([{ jsonrpc: '2.0', id: 7, result: {} }]);
    expect(
      (await post({ jsonrpc: '2.0', id: 8, method: 'ping' }, { 'mcp-protocol-version': '1999-01-01' })).status,
    ).toBe(400);
  });
});

describe('the stage param mcpWrites: false (the function in-process, as rate-limit.test.ts runs handlers)', () => {
  it('offers nobody a write tool and refuses a write call, changing nothing', async () => {
    process.env.MCP_WRITES = 'false';
    try {
      const rpc = (body: object) => invoke(mcpFunction, event('POST', '/mcp', { body }));
      const listed = await rpc({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
      expect(listed.status).toBe(200);
      const tools = (listed.json as any).result.tools as Tool[];
      expect(names(tools)).toContain('products_list');
      expect(tools.filter((tool) => !tool.annotations?.readOnlyHint).map((tool) => tool.name)).toEqual([]);
      const before = (await restApi('GET', `/api/products/${productA}`)).json;
      const refused = await rpc({
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'products_update', arguments: { product_id: productA, price: 77 } },
      });
      expect((refused.json as any).result.isError).toBe(true);
      expect((refused.json as any).result.content[0].text).toMatch(/turned off on this stage \(mcpWrites\)/);
      expect((await restApi('GET', `/api/products/${productA}`)).json).toEqual(before);
    } finally {
      delete process.env.MCP_WRITES;
    }
  });
});
