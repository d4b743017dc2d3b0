/**
 * Guarded counts in shards (lib/db/count-shards.ts, lib/db/count-writes.ts; docs/data-model.md "Id blocks and count
 * shards"): a delete is judged on the sum of a dependants' count, whichever shards its changes landed on; a
 * reference added after its record's delete marked the shards gone fails with the reference's 400, without a
 * ConditionCheck of the referenced record. In-process, on DynamoDB Local.
 */

import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { config } from '../../lib/config.js';
import { db } from '../../lib/db/client.js';
import { countShards } from '../../lib/db/count-shards.js';
import { entityKeys } from '../../lib/db/entity-keys.js';
import { countOf, createRecord, deleteRecord, getRecord, updateRecord } from '../../lib/db/entity-store.js';
import { readItem } from '../../lib/db/items.js';
import { defaultTableContext } from '../../lib/db/table-context.js';
import { categoriesEntity } from '../../lib/entities/categories.js';
import { productsEntity } from '../../lib/entities/products.js';
import { ValidationError } from '../../lib/errors.js';

const category = (name: string) =>
  createRecord(
    categoriesEntity,
    { category: name, company_id: 0, parent_id: 0, status: 'A', position: 0 },
    undefined,
    undefined,
    defaultTableContext(),
  );
const product = (categoryId: number) =>
  createRecord(
    productsEntity,
    {
      product: 'Guarded widget',
      product_code: `GW-${Date.now()}-${Math.random()}`,
      price: '1.00',
      status: 'A',
      company_id: 0,
      category_ids: [categoryId],
    },
    undefined,
    undefined,
    defaultTableContext(),
  );

afterEach(() => {
  vi.restoreAllMocks();
});

describe('guarded counts in shards', () => {
  it('a category whose product was added on one shard and taken out on another has 0 products and can be deleted', async () => {
    const cat = await category('Guard A');
    const id = Number(cat.category_id);
    vi.spyOn(Math, 'random').mockReturnValue(0.01);
    const made = await product(id);
    vi.spyOn(Math, 'random').mockReturnValue(0.99);
    await updateRecord(productsEntity, Number(made.product_id), () => ({ category_ids: [] }));
    vi.restoreAllMocks();
    const [first, last] = [
      countShards(entityKeys.count('product', 'category_ids', id))[0]!,
      countShards(entityKeys.count('product', 'category_ids', id)).at(-1)!,
    ];
    expect(await readItem(first)).toMatchObject({ count: 1 });
    expect(await readItem(last)).toMatchObject({ count: -1 });
    expect(await countOf('product', 'category_ids', id)).toBe(0);
    await deleteRecord(categoriesEntity, id);
    expect(await getRecord(categoriesEntity, id)).toBeUndefined();
    // The delete marked every shard gone.
    for (const shard of countShards(entityKeys.count('product', 'category_ids', id)))
      expect(await readItem(shard)).toMatchObject({ gone: true });
  });

  it('a category with a product is refused, and keeps its count', async () => {
    const cat = await category('Guard B');
    const id = Number(cat.category_id);
    await product(id);
    await expect(deleteRecord(categoriesEntity, id)).rejects.toThrow(ValidationError);
    expect(await getRecord(categoriesEntity, id)).toBeDefined();
    expect(await countOf('product', 'category_ids', id)).toBe(1);
  });

  it('a product naming a category whose delete committed after it was read is refused, naming category_ids', async () => {
    const cat = await category('Guard C');
    const id = Number(cat.category_id);
    // What a delete committing between the create's read of the category and its transaction leaves behind.
    for (const shard of countShards(entityKeys.count('product', 'category_ids', id))) {
      await db().send(
        new UpdateCommand({
          TableName: config().tableName,
          Key: shard,
          UpdateExpression: 'SET gone = :gone',
          ExpressionAttributeValues: { ':gone': true },
        }),
      );
    }
    const refused = await product(id).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ValidationError);
    expect((refused as ValidationError & { errors?: Array<{ field: string }> }).errors?.[0]?.field).toBe(
      'category_ids',
    );
    expect(await countOf('product', 'category_ids', id)).toBe(0);
  });

  it('a product naming a category that does not exist is refused before any write', async () => {
    const refused = await product(987_654_321).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ValidationError);
    expect((refused as Error).message).toMatch(/category/);
  });
});
