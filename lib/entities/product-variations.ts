import { defineEntity } from './define.js';
import type { DynamoAction } from './deployment.js';
import { raw, WRITABLE } from './field-builders.js';
import { productsEntity } from './products.js';
import type { FieldSpec, ResourceDefinition, StoredEntityDefinition } from './types.js';

/** A group holds at most this many products, so any change of a group is one DynamoDB transaction (≤ 100 items). */
export const MAX_GROUP_PRODUCTS = 15;
/** Combinations one generate_product_variations request may name (each new product is its own transaction). */
export const MAX_COMBINATIONS = 10;
export const VARIATION_PURPOSES = ['group_catalog_item', 'group_variation_catalog_item'] as const;

/** The keys a variation shows on top of a product (list row and single object), computed from its group. */
const variationFields: Record<string, FieldSpec> = {
  // Both come from CS-Cart's product_reviews data joined to the product: null for a product without
  // reviews, as a product's own `average_rating` / `product_reviews_count` (reviews are not modelled).
  average_rating: raw(null),
  reviews_count: raw(null),
  variation_feature_ids: raw({}),
  variation_feature_collection: raw({}),
  /** Written in a body, it moves the product into that group. */
  variation_group_id: { kind: 'int', writableOn: WRITABLE, wire: 'number', default: 0 },
  variation_group_code: { kind: 'string', default: '' },
  variation_parent_product_id: { kind: 'int', default: 0, wire: 'number' },
  variation_sub_group_id: { kind: 'string', default: '' },
  variation_name: { kind: 'string', default: '' },
  image_pairs: raw([]),
};

const actionAnswer = {
  type: 'object',
  properties: { message: { type: 'string' }, group: { type: 'object' }, products_status: { type: ['object', 'null'] } },
  required: ['message', 'group', 'products_status'],
};
/** The features of a group as a body names them: each feature and its purpose. */
const FEATURES_BODY = {
  type: 'array',
  items: {
    type: 'object',
    properties: { feature_id: { type: 'integer' }, purpose: { type: 'string', enum: [...VARIATION_PURPOSES] } },
  },
};
const messageAnswer = { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] };
const productIdBody = { type: 'object', properties: { product_id: { type: 'integer' } } };

/** The POST-only actions, at the top level (`product_id` in the body) and under `/product_variations/:id/`. */
function action(name: string, nestedUnderProduct: boolean): ResourceDefinition {
  const generate = name === 'generate_product_variations';
  return {
    name,
    schema: {
      fields: {
        ...(nestedUnderProduct ? {} : { product_id: { kind: 'int', writableOn: ['create'] } }),
        ...(generate
          ? {
              combinations: { kind: 'object', writableOn: ['create'], wire: 'raw' },
              features: { kind: 'object', writableOn: ['create'], wire: 'raw' },
            }
          : {}),
      },
    },
    http: {
      operations: ['create'],
      privileges: { read: ['view_catalog'], write: ['manage_catalog'] },
    },
    docs: {
      ...(generate ? { createMayAnswer200: true } : {}),
      bodySchemas: {
        create: generate
          ? {
              type: 'object',
              properties: {
                ...(nestedUnderProduct ? {} : { product_id: { type: 'integer' } }),
                combinations: { type: 'array', items: { type: 'array', items: { type: ['string', 'integer'] } } },
                features: FEATURES_BODY,
              },
            }
          : productIdBody,
      },
      answerSchemas: { create: generate ? actionAnswer : messageAnswer },
    },
  };
}

export const ACTIONS = [
  'generate_product_variations',
  'detach_product_variation',
  'set_default_product_variation',
] as const;
export type ActionName = (typeof ACTIONS)[number];
/** How the actions' Lambdas are named: `variations-generate`, `product-variations-generate`. */
const ACTION_SHORT_NAMES: Readonly<Record<ActionName, string>> = {
  generate_product_variations: 'generate',
  detach_product_variation: 'detach',
  set_default_product_variation: 'set-default',
};
/** What each action does to the table, top-level and below a product alike (lib/operations/product-variations/). */
const ACTION_ACCESS: Readonly<Record<ActionName, readonly DynamoAction[]>> = {
  generate_product_variations: ['ConditionCheckItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem'],
  detach_product_variation: ['DeleteItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem'],
  set_default_product_variation: ['GetItem', 'PutItem'],
};

/**
 * Product variations (the add-on's `product_variations`): the products that are in a variation group,
 * with the group's keys (variation_*) added. The same storage, privileges, vendor scope, create, update
 * and delete as products; the collection key is still `products`.
 */
export const productVariationsEntity = defineEntity({
  ...productsEntity,
  name: 'product_variations',
  schema: {
    ...productsEntity.schema,
    fields: { ...productsEntity.schema.fields, ...variationFields },
  },
  nested: Object.fromEntries(ACTIONS.map((name) => [name, action(name, true)])),
  // A product's writes (references, company name) plus the group: GetItem of it, Query of its members (the
  // variation_group_id partition), and a Put of the group when its default product changes.
  deployment: {
    domain: 'variations',
    functions: {
      list: { access: ['Query', 'GetItem'] },
      get: { access: ['GetItem'] },
      create: { access: ['ConditionCheckItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem'] },
      update: { access: ['ConditionCheckItem', 'DeleteItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem'] },
      delete: { access: ['DeleteItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem'] },
      ...Object.fromEntries(
        ACTIONS.map((name) => [
          `${name}.create`,
          {
            name: `product-variations-${ACTION_SHORT_NAMES[name]}`,
            handler: `functions/product_variations/${name.replace(/_/g, '-')}`,
          },
        ]),
      ),
    },
  },
});

/** `/product_variations_groups/:id/product_variations[/:pid]`: the group's products. */
const groupVariations: StoredEntityDefinition = {
  ...productVariationsEntity,
  http: {
    ...productVariationsEntity.http,
    collection: { shape: 'wrapped', key: 'products' },
  },
  nested: undefined,
};

/** POST/PUT of a group answer as generate does: `{message, group, products_status}` (PUT: products_status null). */
const groupAnswer = actionAnswer;

/**
 * Variation groups: typed values (ints, booleans), addressed by id or by `code` (unique). `products`
 * is computed from the products' `variation_group_id` (the membership lives on the product).
 */
export const variationGroupsEntity = defineEntity({
  name: 'product_variations_groups',
  schema: {
    idField: 'id',
    fields: {
      id: { kind: 'int', wire: 'number' },
      code: { kind: 'string', maxLength: 64, writableOn: WRITABLE, default: '' },
      features: { kind: 'object', writableOn: ['create'], wire: 'raw', default: [] },
      products: { kind: 'object', wire: 'raw', default: [] },
      created_at: { kind: 'int', wire: 'number' },
      updated_at: { kind: 'int', wire: 'number' },
      /** Hidden: the group's feature ids (the `feature_ids` filter is one index partition). */
      feature_ids: { kind: 'intList', shownIn: 'none' },
      /** Hidden: the group's default product (the others' parent_product_id). */
      parent_product_id: { kind: 'int', shownIn: 'none' },
    },
    filters: { product_ids: { kind: 'intList' }, feature_ids: { kind: 'int' } },
  },
  http: {
    idKind: 'name',
    collectionKey: 'groups',
    answers: { create: { id: 'integer' }, update: { id: 'integer' } },
    operations: ['list', 'get', 'create', 'update', 'delete'],
    privileges: { read: ['view_catalog'], write: ['manage_catalog'] },
  },
  storage: {
    name: 'variation_group',
    filterRules: { feature_ids: { field: 'feature_ids', op: 'eq' } },
    indexes: ['feature_ids'],
  },
  docs: {
    sortKeys: ['id'],
    bodySchemas: {
      create: {
        type: 'object',
        properties: {
          product_ids: { type: 'array', items: { type: 'integer' } },
          code: { type: 'string' },
          features: FEATURES_BODY,
        },
      },
      update: { type: 'object', properties: { code: { type: 'string' } } },
    },
    answerSchemas: { create: groupAnswer, update: groupAnswer },
  },
  nested: { product_variations: groupVariations },
  // Read by id (GetItem) or code (GetItem of its marker); its products are a Query of the variation_group_id
  // partition. Membership changes are one transaction: the group's Put/Delete, its code marker, each product's
  // Put and index items and counts.
  deployment: {
    domain: 'variations',
    functions: {
      list: { name: 'variation-groups-list', access: ['GetItem', 'Query'] },
      get: { name: 'variation-groups-get', access: ['GetItem', 'Query'] },
      create: { name: 'variation-groups-create', access: ['PutItem', 'Query', 'UpdateItem'] },
      update: { name: 'variation-groups-update', access: ['DeleteItem', 'GetItem', 'PutItem', 'Query'] },
      delete: { name: 'variation-groups-delete', access: ['DeleteItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem'] },
      ...Object.fromEntries(
        (['list', 'get', 'create', 'update', 'delete'] as const).map((op) => [
          `product_variations.${op}`,
          { name: `variation-groups-products-${op}`, handler: `functions/product_variations_groups/variations-${op}` },
        ]),
      ),
    },
  },
});

// An action answers no GET, so its fields (a body's, typed loosely by `action`) give no view a wire shape.
const topLevel = (name: ActionName) =>
  defineEntity({
    ...action(name, false),
    deployment: {
      domain: 'variations',
      functions: { create: { name: `variations-${ACTION_SHORT_NAMES[name]}`, access: ACTION_ACCESS[name] } },
    },
  });
export const generateVariationsEntity = topLevel('generate_product_variations');
export const detachVariationEntity = topLevel('detach_product_variation');
export const setDefaultVariationEntity = topLevel('set_default_product_variation');
