/**
 * The CRUD path on a repository of its own (lib/db/repository.ts repositoryOf over lib/db/table-context.ts
 * tableContextOf): the five generic operations of lib/operations/crud.ts, handed a repository over a table of the
 * test's own, create, read, list (by id, by a filter, by a word: the postings), update and delete a product — its
 * id from the context's id blocks, its index, sort and text items, postings and counts in the context's table — and
 * not one command reaches this instance's table: its client is swapped for one that refuses every call meanwhile.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { createDocumentClient, setDocumentClientForTests } from '../../lib/db/client.js';
import { repositoryOf } from '../../lib/db/repository.js';
import { tableContextOf } from '../../lib/db/table-context.js';
import { productsEntity } from '../../lib/entities/products.js';
import type { ApiRequest } from '../../lib/http/operation.js';
import type { Route } from '../../lib/http/route.js';
import {
  createOperation,
  deleteOperation,
  getOperation,
  listOperation,
  updateOperation,
} from '../../lib/operations/crud.js';
import { uid } from '../support/fixtures.js';
import { noting, rootCallerOf } from '../support/own-table.js';
import { createTableOfItsOwn } from '../support/table-of-its-own.js';

const root = rootCallerOf(1);

const request = (
  method: string,
  options: { id?: number; body?: Record<string, unknown>; query?: Record<string, string> } = {},
): ApiRequest => ({
  method,
  version: '2.0',
  route: { id: options.id === undefined ? undefined : String(options.id) } as Route,
  query: options.query ?? {},
  caller: root,
  body: options.body,
});

describe('the CRUD path on a repository over a table of its own', () => {
  it('creates, reads, lists, updates and deletes there, and never reaches the instance table', async () => {
    const tableName = `store-api-repository-${uid()}`.slice(0, 60);
    await createTableOfItsOwn(new DynamoDBClient({}), tableName);
    const sent: string[] = [];
    const context = tableContextOf({
      client: noting(createDocumentClient(), sent),
      tableName,
      now: () => 1_700_000_000_000,
    });
    const products = repositoryOf(productsEntity, context);
    const instanceCalls: string[] = [];
    setDocumentClientForTests({
      send: (command: object) => {
        instanceCalls.push(command.constructor.name);
        return Promise.reject(new Error('the instance table was reached'));
      },
    } as unknown as DynamoDBDocumentClient);
    try {
      const created = await createOperation(products)(
        request('POST', { body: { product: 'Repository lantern', product_code: 'REPO-1', price: '12.50', amount: 7 } }),
      );
      expect(created.status).toBe(201);
      const id = Number((created.body as { product_id: number }).product_id);
      // The context's id blocks: the first product id of a fresh table's counter.
      expect(id).toBe(1);

      const got = await getOperation(products)(request('GET', { id }));
      expect(got.status).toBe(200);
      // The context's clock stamped the create (1,700,000,000 s); the wire shows CS-Cart's JSON types.
      expect(got.body).toMatchObject({
        product: 'Repository lantern',
        price: '12.50',
        amount: '7',
        timestamp: '1700000000',
      });

      const byWord = await listOperation(products)(request('GET', { query: { q: 'lantern' } }));
      expect((byWord.body as { products: unknown[] }).products).toHaveLength(1);
      const byStatus = await listOperation(products)(request('GET', { query: { status: 'A', sort_by: 'price' } }));
      expect((byStatus.body as { params: { total_items: number } }).params.total_items).toBe(1);

      const updated = await updateOperation(products)(request('PUT', { id, body: { price: '15.00' } }));
      expect(updated.status).toBe(200);
      expect((await products.get(id))?.price).toBe('15.00');
      const byPrice = await listOperation(products)(request('GET', { query: { price_from: '14.00' } }));
      expect((byPrice.body as { products: unknown[] }).products).toHaveLength(1);

      const deleted = await deleteOperation(products)(request('DELETE', { id }));
      expect(deleted.status).toBe(204);
      expect(await products.get(id)).toBeUndefined();
      const none = await listOperation(products)(request('GET', { query: { q: 'lantern' } }));
      expect((none.body as { products: unknown[] }).products).toHaveLength(0);
    } finally {
      setDocumentClientForTests(undefined);
    }
    expect(instanceCalls).toEqual([]);
    expect(sent.length).toBeGreaterThan(10);
    expect(new Set(sent)).toEqual(new Set([tableName]));
  });
});
