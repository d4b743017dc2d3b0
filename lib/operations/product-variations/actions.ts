import type { EntityRecord } from '../../db/entity-store.js';
import { MAX_GROUP_PRODUCTS } from '../../entities/product-variations.js';
import { productsEntity } from '../../entities/products.js';
import type { FieldSpec, StoredValue } from '../../entities/types.js';
import type { FieldValues } from '../../entities/validate.js';
import { ConflictError, invalidField, NotFoundError } from '../../errors.js';
import type { ApiRequest, Operation } from '../../http/operation.js';
import { created, ok } from '../../http/response.js';
import { parseId } from '../../http/route.js';
import { readActionProductId } from '../../http/variation-group-body.js';
import { productValueHooks } from '../products.js';
import { createGroup, readGroupFeatures } from './groups.js';
import {
  combination,
  commonFeatures,
  featuresOf,
  type GroupFeature,
  generatedCode,
  left,
  newCombinations,
  now,
  parentOf,
  readCombinations,
  sentFeatures,
} from './rules.js';
import type { Change, GroupRecord, ProductRecord, VariationStore } from './store.js';
import { showGroup } from './view.js';

/** The product an action is about: the path's (`/product_variations/:id/...`, 404 if unknown) or the body's `product_id` (400). */
async function actionProduct(store: VariationStore, request: ApiRequest): Promise<ProductRecord> {
  if (request.route.key.startsWith('product_variations.')) {
    const product = await store.product(parseId(request.route.id));
    if (!product) throw new NotFoundError();
    return product;
  }
  const sent = (request.body ?? {}) as Record<string, unknown>;
  const id = readActionProductId(sent);
  const product = await store.product(id);
  if (!product) throw invalidField('product_id', `The product_id field names product ${id}, which does not exist`);
  return product;
}

async function groupOfProduct(store: VariationStore, product: ProductRecord): Promise<GroupRecord> {
  const group = product.variation_group_id ? await store.group(product.variation_group_id) : undefined;
  if (!group) throw invalidField('product_id', `Product ${product.product_id} is not in a variation group`);
  return group;
}

/** Takes the product out of its group (standalone again) and, if it was the default, names the next one: one transaction. */
export const detachOf =
  (store: VariationStore): Operation =>
  async (request) => {
    const product = await actionProduct(store, request);
    const group = await groupOfProduct(store, product);
    const id = product.product_id;
    const groupChanges: Change[] = [];
    if (parentOf(group) === id) {
      const next = (await store.members(group.id)).find((p) => p.product_id !== id);
      groupChanges.push([
        group.id,
        group,
        { ...group, parent_product_id: next?.product_id ?? 0, updated_at: now(), version: group.version + 1 },
      ]);
    }
    const outcome = await store.write(groupChanges, [[id, product, left(product)]]);
    if (outcome !== 'written') throw new ConflictError('The product or its group changed meanwhile; try again');
    return created({ message: '' });
  };

/** Makes the product its group's default: the others' parent_product_id. */
export const setDefaultOf =
  (store: VariationStore): Operation =>
  async (request) => {
    const product = await actionProduct(store, request);
    const group = await groupOfProduct(store, product);
    await store.setParent(group.id, product.product_id, now());
    return created({ message: '' });
  };

/** The features of a generate: its group's, the body's `features`, or those the base product has (a new group). */
async function generateFeatures(
  store: VariationStore,
  group: GroupRecord | undefined,
  base: ProductRecord,
  sent: Record<string, unknown>,
): Promise<readonly GroupFeature[]> {
  if (group) return featuresOf(group);
  return sent.features !== undefined ? readGroupFeatures(store, sent.features) : commonFeatures([base], 'product_id');
}

/**
 * Creates a product per new combination, a copy of the base product with those feature values, in the
 * base product's group (200) or in a new group of the base product (201). Combinations a product of the
 * group already has are skipped. Everything is checked before the first write.
 */
export const generateOf =
  (store: VariationStore): Operation =>
  async (request) => {
    const base = await actionProduct(store, request);
    const sent = (request.body ?? {}) as Record<string, unknown>;
    const combos = readCombinations(sent.combinations);
    let group = base.variation_group_id ? await store.group(base.variation_group_id) : undefined;
    const isNew = !group;
    const features = await generateFeatures(store, group, base, sent);
    const featureIds = features.map((f) => f.feature_id);
    if (!group && !combination(base, featureIds))
      throw invalidField(
        'product_id',
        `Product ${base.product_id} has no value of every variation feature (${featureIds.join(', ')})`,
      );
    const members = group ? await store.members(group.id) : [base];
    const wanted = newCombinations(combos, featureIds, await store.features(featureIds), members);
    if (members.length + wanted.length > MAX_GROUP_PRODUCTS)
      throw invalidField('combinations', `A variation group holds at most ${MAX_GROUP_PRODUCTS} products`);

    if (!group) group = await createGroup(store, [base], features, generatedCode());
    const groupId = group.id;
    const status: Record<string, number> = {};
    const copyable = Object.entries<FieldSpec>(productsEntity.schema.fields)
      .filter(([, spec]) => spec.writableOn?.includes('create'))
      .map(([field]) => field);
    // The fields copied are named at run time: read the base as any record.
    const baseFields: EntityRecord = base;
    for (const byFeature of wanted) {
      let values: FieldValues = Object.fromEntries(
        copyable.filter((f) => baseFields[f] !== undefined).map((f) => [f, baseFields[f]!]),
      );
      values.product_features = { ...sentFeatures(base), ...byFeature };
      values.timestamp = now();
      values.updated_timestamp = now();
      values = await productValueHooks.create!(values, request);
      const record = await store.createProduct({
        ...values,
        variation_group_id: groupId,
        has_variation_group: 'Y',
      } as Record<string, StoredValue>);
      status[String(record.product_id)] = 1;
    }
    const body = {
      message: '',
      group: await showGroup(store, (await store.group(groupId)) ?? group),
      products_status: status,
    };
    return isNew ? created(body) : ok(body);
  };
