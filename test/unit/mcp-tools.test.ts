/**
 * The MCP tool catalogue (lib/mcp/): generated from every entity definition, each tool's schemas valid standalone
 * JSON Schema (compiled as the SDK client compiles them, and as 2020-12), offered per caller by the API's own
 * authorization, and the JSON-RPC rules. No services: privileges are handed in on the caller.
 */
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import type { Caller } from '../../lib/entities/caller.js';
import { ENTITIES } from '../../lib/entities/registry.js';
import { classify } from '../../lib/mcp/json-rpc.js';
import { offeredTools } from '../../lib/mcp/offer.js';
import { allTools, servesMcp } from '../../lib/mcp/tool-catalog.js';
import { outputSchemaOf, structuredOf } from '../../lib/mcp/tool-schemas.js';

const tools = allTools(Object.values(ENTITIES));
const byName = new Map(tools.map((tool) => [tool.name, tool]));

const caller = (fields: Partial<Caller>): Caller => ({
  userId: 7,
  email: 'someone@example.com',
  userType: 'A',
  isRoot: false,
  companyId: 0,
  activeGroupIds: [],
  ...fields,
});

const withPrivileges = (privileges: string[]) => caller({ privileges: Promise.resolve(new Set(privileges)) });

describe('the tool catalogue', () => {
  it('has a tool for every operation of every entity an API user reaches, and none of the storefront', () => {
    const entities = Object.values(ENTITIES).filter(servesMcp);
    expect(entities.length).toBeGreaterThan(30);
    for (const entity of entities)
      for (const operation of entity.http.operations) {
        if (entity.http.deniedOperations?.includes(operation)) continue;
        expect(byName.get(`${entity.name}_${operation}`)?.judgedAs, `${entity.name}_${operation}`).toEqual({
          entity: entity.name,
          operation,
        });
      }
    expect(tools.some((tool) => tool.judgedAs.entity.startsWith('sra_'))).toBe(false);
    expect(new Set(tools.map((tool) => tool.name)).size).toBe(tools.length);
    for (const name of ['find_products', 'update_product_price_stock', 'low_stock', 'order_details', 'sales_of_period'])
      expect(byName.has(name)).toBe(true);
  });

  it('gives every tool object schemas that compile as the SDK client compiles them, and as JSON Schema 2020-12', () => {
    const sdk = new AjvJsonSchemaValidator();
    const ajv2020 = new Ajv2020({ strict: false, validateFormats: false });
    for (const tool of tools) {
      for (const schema of [tool.inputSchema, tool.outputSchema]) {
        expect(schema.type, tool.name).toBe('object');
        expect(() => sdk.getValidator(schema as never), tool.name).not.toThrow();
        expect(() => ajv2020.compile(schema), tool.name).not.toThrow();
      }
      expect(JSON.stringify(tool.outputSchema), tool.name).not.toContain('$ref');
      expect(tool.name).toMatch(/^[a-z0-9_]{1,64}$/);
      expect(tool.annotations.readOnlyHint).toBe(!tool.writes);
    }
  });

  it('takes idempotency_key on every write and a signed cursor on every paged list', () => {
    for (const tool of tools.filter((tool) => tool.writes && !tool.task))
      expect(Object.keys(tool.inputSchema.properties as object), tool.name).toContain('idempotency_key');
    const products = byName.get('products_list')!.inputSchema.properties as Record<string, unknown>;
    expect(Object.keys(products)).toEqual(
      expect.arrayContaining(['cursor', 'items_per_page', 'sort_by', 'q', 'pcode']),
    );
    expect(byName.get('products_get')!.inputSchema.required).toEqual(['product_id']);
    expect(byName.get('products_update')!.inputSchema.required).toEqual(['product_id']);
  });

  it('carries an answer that is no object (a bare list) under `result`, and an object as it is', () => {
    const blocks = outputSchemaOf(ENTITIES.blocks!, 'list');
    expect(blocks.required).toEqual(['result']);
    expect(structuredOf([{ block_id: 1 }], blocks)).toEqual({ result: [{ block_id: 1 }] });
    const products = outputSchemaOf(ENTITIES.products!, 'list');
    expect(structuredOf({ products: [] }, products)).toEqual({ products: [] });
  });
});

describe('who is offered which tool', () => {
  it('a root administrator: every tool; with MCP writes off, no write tool', async () => {
    const root = caller({ isRoot: true });
    expect((await offeredTools(root, tools, true)).length).toBe(tools.length);
    const readOnly = await offeredTools(root, tools, false);
    expect(readOnly.length).toBeGreaterThan(0);
    expect(readOnly.some((tool) => tool.writes)).toBe(false);
  });

  it('an administrator: the tools of the privileges held, reads without writes for view privileges', async () => {
    const offered = (await offeredTools(withPrivileges(['view_catalog']), tools, true)).map((tool) => tool.name);
    expect(offered).toEqual(expect.arrayContaining(['products_list', 'products_get', 'find_products', 'low_stock']));
    expect(offered).not.toContain('products_update');
    expect(offered).not.toContain('update_product_price_stock');
    expect(offered).not.toContain('orders_list');
    const managing = (await offeredTools(withPrivileges(['view_catalog', 'manage_catalog']), tools, true)).map(
      (tool) => tool.name,
    );
    expect(managing).toContain('update_product_price_stock');
    expect(await offeredTools(withPrivileges([]), tools, true)).toEqual([]);
  });

  it('a vendor: products, orders and categories only, categories read-only', async () => {
    const offered = (await offeredTools(caller({ userType: 'V', companyId: 3 }), tools, true)).map((tool) => tool.name);
    expect(offered).toEqual(
      expect.arrayContaining(['products_create', 'orders_update', 'categories_list', 'sales_of_period']),
    );
    expect(offered).not.toContain('categories_create');
    expect(offered.every((name) => /^(products|orders|categories)_|^[a-z_]+$/.test(name))).toBe(true);
    expect(offered.some((name) => name.startsWith('users_') || name.startsWith('stores_'))).toBe(false);
  });
});

describe('JSON-RPC messages', () => {
  it('tells requests, notifications, responses and invalid messages apart', () => {
    expect(classify({ jsonrpc: '2.0', id: 1, method: 'ping' })).toEqual({
      kind: 'request',
      id: 1,
      method: 'ping',
      params: {},
    });
    expect(classify({ jsonrpc: '2.0', method: 'notifications/initialized' })).toEqual({ kind: 'notification' });
    expect(classify({ jsonrpc: '2.0', id: 3, result: {} })).toEqual({ kind: 'notification' });
    expect(classify({ id: 1, method: 'ping' })).toMatchObject({ kind: 'invalid', id: 1 });
    expect(classify({ jsonrpc: '2.0', id: { x: 1 }, method: 'ping' })).toMatchObject({ kind: 'invalid', id: null });
    expect(classify({ jsonrpc: '2.0', id: 2, method: 'ping', params: [1] })).toMatchObject({ kind: 'invalid', id: 2 });
    expect(classify('ping')).toMatchObject({ kind: 'invalid', id: null });
  });
});
