/**
 * The rules of categories and of the tree they share with pages (lib/operations/categories/, lib/operations/tree/),
 * without DynamoDB or HTTP: the pure rules directly, the tree and the category hooks against stores of the test's
 * own (the interfaces they receive).
 */
import { describe, expect, it } from 'vitest';
import type { EntityRecord } from '../../lib/db/entity-store.js';
import type { StoredValue } from '../../lib/entities/types.js';
import type { ApiRequest } from '../../lib/http/operation.js';
import { categoryHooksFor } from '../../lib/operations/categories/hooks.js';
import { ancestorsOf, requireCompany } from '../../lib/operations/categories/rules.js';
import type { CategoryRecord, CategoryStore, ProductRecord } from '../../lib/operations/categories/store.js';
import { checkMove, movedPath, placed } from '../../lib/operations/tree/rules.js';
import type { TreeStore } from '../../lib/operations/tree/store.js';
import { treeOf } from '../../lib/operations/tree/tree.js';

/** A tree of categories kept in memory: id → record. */
class TestTree implements TreeStore {
  records = new Map<number, EntityRecord>();
  updates: number[] = [];
  idOf = (record: EntityRecord) => Number(record.category_id);
  record = async (id: number) => this.records.get(id);
  subtreeIds = async (id: number) =>
    [...this.records.values()]
      .filter((r) => ((r.path_ids as number[] | undefined) ?? []).includes(id))
      .map((r) => Number(r.category_id));
  update = async (id: number, decide: (current: EntityRecord) => Record<string, StoredValue>) => {
    this.updates.push(id);
    const current = this.records.get(id)!;
    this.records.set(id, { ...current, ...decide(current) });
  };
  /** Adds a category under `parentPath` (its ancestors' ids, root first). */
  add(id: number, parentPath: number[]): this {
    this.records.set(id, { category_id: id, version: 1, ...placed([...parentPath, id], 1) });
    return this;
  }
}

class TestCategories implements CategoryStore {
  tree = new TestTree();
  productsById = new Map<number, ProductRecord>();
  counts = new Map<string, number>();
  postsDeleted: number[] = [];
  categories = async (ids: readonly number[]) =>
    ids.flatMap((id) => (this.tree.records.get(id) as CategoryRecord | undefined) ?? []);
  productCounts = async (ids: number[]) => new Map(ids.map((id) => [String(id), this.counts.get(String(id)) ?? 0]));
  productsUnder = async (categoryId: number) =>
    [...this.productsById.values()]
      .filter((p) => ((p.category_tree as number[] | undefined) ?? []).includes(categoryId))
      .map((p) => p.product_id);
  updateProduct = async (id: number, decide: (current: ProductRecord) => Promise<Record<string, StoredValue>>) => {
    const current = this.productsById.get(id)!;
    this.productsById.set(id, { ...current, ...(await decide(current)) });
  };
  deletePosts = async (categoryId: number) => {
    this.postsDeleted.push(categoryId);
  };
}

const putRequest = (body: Record<string, unknown>) => ({ body }) as unknown as ApiRequest;

describe('tree and category rules', () => {
  it('a path gives the id path and the level from the root level', () => {
    // Act & Assess
    expect(placed([3, 7, 9], 1)).toEqual({ path_ids: [3, 7, 9], id_path: '3/7/9', level: 3 });
    expect(placed([4], 0)).toEqual({ path_ids: [4], id_path: '4', level: 0 });
    expect(movedPath([1, 7], [3, 7, 9, 12], 7)).toEqual([1, 7, 9, 12]);
  });

  it('refuses a move under the record itself or one of its descendants', () => {
    // Act & Assess
    expect(() => checkMove(7, 7, [], 'no cycles')).toThrow('no cycles');
    expect(() => checkMove(7, 9, [3, 7, 9], 'no cycles')).toThrow('no cycles');
    expect(() => checkMove(7, 4, [3, 4], 'no cycles')).not.toThrow();
  });

  it('a category needs a company; a change that names none leaves it', () => {
    // Act & Assess
    expect(() => requireCompany(0)).toThrow('The company_id field is required');
    expect(() => requireCompany(undefined)).not.toThrow();
    expect(() => requireCompany(2)).not.toThrow();
  });

  it('a product is indexed under its categories and all their ancestors, once each, ascending', () => {
    // Act & Assess
    expect(ancestorsOf([9, 12], [{ path_ids: [3, 7, 9] }, { path_ids: [3, 12] }])).toEqual([3, 7, 9, 12]);
    expect(ancestorsOf([5], [])).toEqual([5]);
  });
});

describe('the tree and the category hooks on stores of their own', () => {
  it('places a new record under its parent and refuses an unknown parent', async () => {
    // Prepare
    const store = new TestTree().add(3, []);
    const tree = treeOf(store, { noun: 'category', rootLevel: 1, cycleMessage: 'no cycles' });
    // Act
    const values = await tree.create({ parent_id: 3 });
    // Assess
    expect(values.path_ids).toEqual([3]);
    expect(tree.withId({ ...values, category_id: 8, version: 1 })).toEqual({
      path_ids: [3, 8],
      id_path: '3/8',
      level: 2,
    });
    await expect(tree.create({ parent_id: 99 })).rejects.toMatchObject({ errors: [{ field: 'parent_id' }] });
  });

  it('a move rewrites the subtree below the moved category and re-indexes the products under it', async () => {
    // Prepare: 3 > 7 > 9, and 1 at the root; product 50 is in 9.
    const store = new TestCategories();
    store.tree.add(3, []).add(7, [3]).add(9, [3, 7]).add(1, []);
    store.productsById.set(50, { product_id: 50, version: 1, category_ids: [9], category_tree: [3, 7, 9] });
    const hooks = categoryHooksFor(store);
    const seven = store.tree.records.get(7)! as CategoryRecord;
    // Act: 7 moves under 1.
    const changes = await hooks.update!({ parent_id: 1 }, seven, putRequest({ parent_id: 1 }));
    const moved = { ...seven, ...changes } as CategoryRecord;
    store.tree.records.set(7, moved);
    await hooks.afterWrite!(moved, seven, putRequest({ parent_id: 1 }));
    // Assess
    expect(changes).toMatchObject({ id_path: '1/7', level: 2 });
    expect(store.tree.updates).toEqual([9]);
    expect(store.tree.records.get(9)).toMatchObject({ path_ids: [1, 7, 9], id_path: '1/7/9', level: 3 });
    expect(store.productsById.get(50)!.category_tree).toEqual([1, 7, 9]);
  });

  it('a move under its own descendant is a 400 and writes nothing', async () => {
    // Prepare
    const store = new TestCategories();
    store.tree.add(3, []).add(7, [3]).add(9, [3, 7]);
    const hooks = categoryHooksFor(store);
    // Act & Assess
    await expect(
      hooks.update!({ parent_id: 9 }, store.tree.records.get(7)! as CategoryRecord, putRequest({ parent_id: 9 })),
    ).rejects.toThrow('A category cannot be moved under itself or one of its subcategories');
    expect(store.tree.updates).toEqual([]);
  });

  it('a list shows product counts, a create needs a company, a delete takes the posts along', async () => {
    // Prepare
    const store = new TestCategories();
    store.counts.set('3', 4);
    const hooks = categoryHooksFor(store);
    const three = { category_id: 3, version: 1 };
    // Act
    const listed = await hooks.decorate!([three, { category_id: 5, version: 1 }], 'list');
    const single = await hooks.decorate!([three], 'single');
    await hooks.afterDelete!(three);
    // Assess
    expect(listed.map((r) => r.product_count)).toEqual([4, 0]);
    expect(single[0]).not.toHaveProperty('product_count');
    expect(store.postsDeleted).toEqual([3]);
    await expect(hooks.create!({ company_id: 0 }, putRequest({}))).rejects.toMatchObject({
      errors: [{ field: 'company_id' }],
    });
  });
});
