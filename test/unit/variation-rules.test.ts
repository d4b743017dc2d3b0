/**
 * The rules of product variations (lib/operations/product-variations/), without DynamoDB or HTTP: the pure rules
 * directly, the operations against a VariationStore of the test's own (the interface they receive).
 */
import { describe, expect, it } from 'vitest';
import type { ListRequest } from '../../lib/db/entity-list.js';

import type { StoredValue } from '../../lib/entities/types.js';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.js';
import type { ApiRequest } from '../../lib/http/operation.js';
import { readActionProductId, readCode, readFeatureList, readProductIds } from '../../lib/http/variation-group-body.js';
import { detachOf } from '../../lib/operations/product-variations/actions.js';
import { createGroup, findGroup, readGroupFeatures } from '../../lib/operations/product-variations/groups.js';
import {
  assertDistinct,
  combination,
  commonFeatures,
  newCombinations,
  readCombinations,
} from '../../lib/operations/product-variations/rules.js';
import type {
  Change,
  FeatureRecord,
  GroupRecord,
  ProductRecord,
  VariationStore,
  WriteOutcome,
} from '../../lib/operations/product-variations/store.js';

/** A product with select-type (`S`) values: feature id → variant id. */
const product = (
  id: number,
  values: Record<number, string>,
  extra: Record<string, StoredValue> = {},
): ProductRecord => ({
  product_id: id,
  version: 1,
  product_features: Object.fromEntries(
    Object.entries(values).map(([feature, variant]) => [feature, { variant_id: variant, feature_type: 'S' }]),
  ) as unknown as StoredValue,
  ...extra,
});

/** The storage the operations receive, kept in memory for the test; it records the transactions it is asked for. */
class TestStore implements VariationStore {
  groupsById = new Map<number, GroupRecord>();
  codes = new Map<string, number>();
  productsById = new Map<number, ProductRecord>();
  featureRecords: FeatureRecord[] = [];
  writes: Array<{
    groups: Change[];
    products: Change[];
    code?: { claim?: { code: string; groupId: number }; release?: string };
  }> = [];
  outcome: WriteOutcome = 'written';
  group = async (id: number) => this.groupsById.get(id);
  groupIdByCode = async (code: string) => this.codes.get(code);
  groups = async (ids: number[]) => ids.flatMap((id) => this.groupsById.get(id) ?? []);
  listGroups = async (_request: ListRequest) => ({
    records: [...this.groupsById.values()],
    total: this.groupsById.size,
  });
  product = async (id: number) => this.productsById.get(id);
  products = async (ids: number[]) => ids.flatMap((id) => this.productsById.get(id) ?? []);
  members = async (groupId: number) =>
    [...this.productsById.values()].filter((p) => Number(p.variation_group_id) === groupId);
  features = async (ids: number[]) => this.featureRecords.filter((f) => ids.includes(Number(f.feature_id)));
  nextGroupId = async () => 7;
  write = async (
    groups: Change[],
    products: Change[],
    code?: { claim?: { code: string; groupId: number }; release?: string },
  ) => {
    this.writes.push({ groups, products, code });
    return this.outcome;
  };
  createProduct = async (values: Record<string, StoredValue>) => ({ ...values, product_id: 99, version: 1 });
  setParent = async () => undefined;
}

const fieldOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return (error as ValidationError).errors[0]?.field;
  }
  throw new Error('expected a ValidationError');
};

describe('variation rules', () => {
  it("a product's combination is its variant ids of the group's features, or nothing when one is missing", () => {
    // Prepare
    const shirt = product(1, { 10: '101', 11: '111' });
    // Act & Assess
    expect(combination(shirt, [11, 10])).toEqual(['111', '101']);
    expect(combination(shirt, [10, 12])).toBeUndefined();
    expect(combination(product(2, { 10: '0' }), [10])).toBeUndefined();
  });

  it('products of one group keep distinct values of its features', () => {
    // Prepare
    const red = product(1, { 10: '101' });
    const blue = product(2, { 10: '102' });
    const alsoRed = product(3, { 10: '101' });
    // Act & Assess
    expect(() => assertDistinct([red, blue], [10], 'product_ids')).not.toThrow();
    expect(() => assertDistinct([red, blue, alsoRed], [10], 'product_ids')).toThrow(
      'Products 1 and 3 have the same values',
    );
    expect(fieldOf(() => assertDistinct([red, product(4, {})], [10], 'variation_group_id'))).toBe('variation_group_id');
  });

  it('without features named, a group takes the select-type features every product has a value of, by id', () => {
    // Prepare
    const a = product(1, { 12: '121', 10: '101', 11: '111' });
    const b = product(2, { 10: '102', 12: '122' });
    // Act & Assess
    expect(commonFeatures([a, b], 'product_ids')).toEqual([
      { feature_id: 10, purpose: 'group_catalog_item' },
      { feature_id: 12, purpose: 'group_catalog_item' },
    ]);
    expect(fieldOf(() => commonFeatures([a, product(3, { 13: '131' })], 'product_ids'))).toBe('product_ids');
  });

  it('reads codes, product ids and combinations as sent, refusing what cannot be one', () => {
    // Act & Assess
    expect(readCode(' PV-1 ')).toBe('PV-1');
    expect(fieldOf(() => readCode('a b'))).toBe('code');
    expect(readProductIds('3, 1,3', 15)).toEqual([3, 1]);
    expect(fieldOf(() => readProductIds([1, 'x'], 15))).toBe('product_ids');
    expect(() => readProductIds([1, 2, 3], 2)).toThrow('at most 2 products');
    expect(readFeatureList([{ feature_id: '7' }])).toEqual([{ feature_id: 7, purpose: 'group_catalog_item' }]);
    expect(fieldOf(() => readFeatureList([{ feature_id: 0 }]))).toBe('features');
    expect(fieldOf(() => readFeatureList([{ feature_id: 7, purpose: 'x' }]))).toBe('features');
    expect(readActionProductId({ product_id: ' 12' })).toBe(12);
    expect(() => readActionProductId({})).toThrow('The product_id field is required');
    expect(() => readActionProductId({ product_id: 'x' })).toThrow('must be a product id');
    expect(readCombinations([[1, '2']])).toEqual([['1', '2']]);
    expect(fieldOf(() => readCombinations([]))).toBe('combinations');
  });

  it('a generate adds only combinations no member has, one variant of each feature', () => {
    // Prepare
    const features: FeatureRecord[] = [
      { feature_id: 10, version: 1, variants: { 101: {}, 102: {} } },
      { feature_id: 11, version: 1, variants: { 111: {}, 112: {} } },
    ];
    const members = [product(1, { 10: '101', 11: '111' })];
    // Act
    const wanted = newCombinations(
      [
        ['101', '111'],
        ['112', '102'],
        ['102', '112'],
      ],
      [10, 11],
      features,
      members,
    );
    // Assess: the member's own and the repeated combination are skipped
    expect(wanted).toEqual([{ 10: '102', 11: '112' }]);
    expect(() => newCombinations([['101', '102']], [10, 11], features, members)).toThrow('two variants of feature 10');
    expect(() => newCombinations([['999']], [10], features, members)).toThrow('not a variant');
    expect(() => newCombinations([['101']], [10, 11], features, members)).toThrow('one variant of each feature');
  });
});

describe('variation operations against a store', () => {
  it('finds a group by id or by its code, and nothing else', async () => {
    // Prepare
    const store = new TestStore();
    store.groupsById.set(5, { id: 5, code: 'SHIRTS', version: 1 });
    store.codes.set('SHIRTS', 5);
    // Act & Assess
    expect((await findGroup(store, '5')).code).toBe('SHIRTS');
    expect((await findGroup(store, 'SHIRTS')).id).toBe(5);
    await expect(findGroup(store, '6')).rejects.toBeInstanceOf(NotFoundError);
    await expect(findGroup(store, 'x'.repeat(65))).rejects.toBeInstanceOf(NotFoundError);
  });

  it("a group's features must exist and have variants", async () => {
    // Prepare
    const store = new TestStore();
    store.featureRecords = [
      { feature_id: 10, version: 1, feature_type: 'S' },
      { feature_id: 11, version: 1, feature_type: 'T' },
    ];
    // Act & Assess
    expect(await readGroupFeatures(store, [{ feature_id: 10 }, { feature_id: 10 }])).toEqual([
      { feature_id: 10, purpose: 'group_catalog_item' },
    ]);
    await expect(readGroupFeatures(store, [{ feature_id: 11 }])).rejects.toThrow('has no variants');
    await expect(readGroupFeatures(store, [{ feature_id: 12 }])).rejects.toThrow('which does not exist');
  });

  it('a new group is one transaction claiming its code; a taken code is a 400 on code, a changed product a conflict', async () => {
    // Prepare
    const store = new TestStore();
    const shirt = product(1, { 10: '101' });
    const features = [{ feature_id: 10, purpose: 'group_catalog_item' }];
    // Act
    const group = await createGroup(store, [shirt], features, 'SHIRTS');
    // Assess
    expect(group).toMatchObject({ id: 7, code: 'SHIRTS', parent_product_id: 1, feature_ids: [10] });
    expect(store.writes[0]!.code).toEqual({ claim: { code: 'SHIRTS', groupId: 7 } });
    expect(store.writes[0]!.products).toEqual([
      [1, shirt, { ...shirt, variation_group_id: 7, has_variation_group: 'Y', version: 2 }],
    ]);
    store.outcome = 'code-taken';
    await expect(createGroup(store, [shirt], features, 'SHIRTS')).rejects.toThrow('which is taken');
    store.outcome = 'changed';
    await expect(createGroup(store, [shirt], features, 'SHIRTS')).rejects.toBeInstanceOf(ConflictError);
  });

  it("detaching the group's default product names the next member as default, in the same transaction", async () => {
    // Prepare
    const store = new TestStore();
    store.groupsById.set(5, { id: 5, code: 'SHIRTS', parent_product_id: 1, version: 3 });
    store.productsById.set(1, product(1, { 10: '101' }, { variation_group_id: 5 }));
    store.productsById.set(2, product(2, { 10: '102' }, { variation_group_id: 5 }));
    const request = { route: { key: 'product_variations.detach', id: '1' }, body: undefined } as unknown as ApiRequest;
    // Act
    const answer = await detachOf(store)(request);
    // Assess
    expect(answer.status).toBe(201);
    const [write] = store.writes;
    expect(write!.groups[0]![2]).toMatchObject({ parent_product_id: 2, version: 4 });
    expect(write!.products[0]![2]).toMatchObject({ product_id: 1, version: 2 });
    // Standalone again: the written record has no group id (nor the flag that lists it among variations).
    expect(write!.products[0]![2]).not.toHaveProperty('variation_group_id');
    expect(write!.products[0]![2]).not.toHaveProperty('has_variation_group');
  });

  it('detaching another product leaves the group as it is', async () => {
    // Prepare
    const store = new TestStore();
    store.groupsById.set(5, { id: 5, code: 'SHIRTS', parent_product_id: 1, version: 3 });
    store.productsById.set(2, product(2, { 10: '102' }, { variation_group_id: 5 }));
    const request = { route: { key: 'product_variations.detach', id: '2' }, body: undefined } as unknown as ApiRequest;
    // Act
    await detachOf(store)(request);
    // Assess
    expect(store.writes[0]!.groups).toEqual([]);
    expect(store.writes[0]!.products.map(([id]) => id)).toEqual([2]);
  });
});
