import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { randomBytes } from 'node:crypto';
import { db } from '../db/client.js';
import { nextId } from '../db/counters.js';
import { listRecords } from '../db/entity-list.js';
import { createRecord, getRecord, getRecords, recordsWriteItems, updateRecord, type EntityRecord } from '../db/entity-store.js';
import { ConditionFailed, transactWrite, type TransactItem } from '../db/transact.js';
import { uniqueMarker } from '../db/unique-marker.js';
import { featuresEntity, VARIANT_FEATURE_TYPES } from '../entities/features.js';
import { present } from '../entities/present.js';
import { productsEntity } from '../entities/products.js';
import {
  MAX_COMBINATIONS,
  MAX_GROUP_PRODUCTS,
  VARIATION_PURPOSES,
  variationGroupsEntity as GROUPS,
} from '../entities/product-variations.js';
import type { StoredValue } from '../entities/types.js';
import { readFilters, type FieldValues } from '../entities/validate.js';
import { config } from '../config.js';
import { ConflictError, NotFoundError, ValidationError } from '../errors.js';
import type { Operation } from '../stack/api-handler.js';
import type { ApiRequest } from '../stack/request.js';
import { badRequest } from '../http/http-errors.js';
import { readPaging, searchEcho } from '../http/paging.js';
import { created, noContent, ok } from '../http/response.js';
import { parseId } from '../http/route.js';
import type { EntityHooks } from './crud.js';
import { productHooks } from './products.js';
import { checkIfMatch, conditionalGet, preconditionFailed, specificIfMatch } from '../http/preconditions.js';
import { adoptParent, groupMembers, repairGroupParent } from './variation-groups.js';

/**
 * Product variations (lib/entities/product-variations.ts; docs/data-model.md "Product variations").
 * A group record holds the code, the features and the default product; the membership is the
 * product's own `variation_group_id`. Every change of a group's membership made here is one
 * DynamoDB transaction (a group holds at most MAX_GROUP_PRODUCTS products, so it fits in 100 items);
 * generated products are written one transaction each.
 */

const invalid = (field: string, message: string) => new ValidationError(message, [{ field, message }]);
const now = () => Math.floor(Date.now() / 1000);
const table = () => config().tableName;

interface GroupFeature {
  feature_id: number;
  purpose: string;
}

/** A group's code is unique: marker `VARGROUPCODE#<code>` / `VARGROUPCODE` holding the group id. */
const CODES = uniqueMarker('VARGROUPCODE');
const codeKey = CODES.key;
const codeMarker = (code: string, groupId: number): TransactItem => CODES.claim(code, { group_id: groupId });
const freeCode = CODES.release;

/**
 * A group by numeric id or by code; 404 when neither names one. `ref` is a path segment, percent-decoded once
 * already (lib/http/api-path.ts): decoding it again read `%25zz` (→ `%zz`) as an escape and threw (a 500).
 */
export async function findGroup(ref: string | undefined): Promise<EntityRecord> {
  if (ref === undefined || ref.length > 64) throw new NotFoundError();
  if (/^\d{1,15}$/.test(ref)) {
    const group = await getRecord(GROUPS, Number(ref));
    if (group) return group;
  }
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: codeKey(ref), ConsistentRead: true }));
  const group = Item ? await getRecord(GROUPS, Number(Item.group_id)) : undefined;
  if (!group) throw new NotFoundError();
  return group;
}

const featuresOf = (group: EntityRecord) => (group.features ?? []) as unknown as GroupFeature[];
const featureIdsOf = (group: EntityRecord) => featuresOf(group).map((feature) => Number(feature.feature_id));
const parentOf = (group: EntityRecord) => Number(group.parent_product_id ?? 0);

/** The product's variant ids of the given features, or undefined when it lacks one. */
function combination(product: Record<string, unknown>, featureIds: number[]): string[] | undefined {
  const values = (product.product_features ?? {}) as Record<string, { variant_id?: string }>;
  const out: string[] = [];
  for (const id of featureIds) {
    const variant = values[String(id)]?.variant_id;
    if (!variant || variant === '0') return undefined;
    out.push(String(variant));
  }
  return out;
}

/** Every product has a value of every group feature, and no two share the same values. */
function assertDistinct(products: Array<Record<string, unknown>>, featureIds: number[], field: string): void {
  const seen = new Map<string, number>();
  for (const product of products) {
    const values = combination(product, featureIds);
    const id = Number(product.product_id ?? 0);
    if (!values) throw invalid(field, `Product ${id || '(new)'} has no value of every variation feature of the group (${featureIds.join(', ')})`);
    const key = values.join(',');
    if (seen.has(key)) throw invalid(field, `Products ${seen.get(key)} and ${id || '(new)'} have the same values of the group's features`);
    seen.set(key, id);
  }
}

/** A group as the API shows it: typed values, the products computed from its members. */
function groupView(group: EntityRecord, members: EntityRecord[]): Record<string, unknown> {
  const parent = parentOf(group);
  const featureIds = featureIdsOf(group);
  return present(
    GROUPS,
    {
      ...group,
      features: featuresOf(group).map((feature) => ({
        feature_id: Number(feature.feature_id),
        purpose: feature.purpose,
        is_purpose_create_catalog_item: feature.purpose === 'group_catalog_item',
        is_purpose_create_variation_of_catalog_item: feature.purpose === 'group_variation_catalog_item',
      })),
      products: members.map((product) => {
        const id = Number(product.product_id);
        const values = combination(product, featureIds) ?? [];
        return {
          product_id: id,
          parent_product_id: id === parent ? 0 : parent,
          company_id: Number(product.company_id ?? 0),
          feature_values: featureIds.map((featureId, i) => ({ feature_id: featureId, variant_id: String(values[i] ?? '0') })),
        };
      }),
    },
    'single',
  );
}

async function showGroup(group: EntityRecord): Promise<Record<string, unknown>> {
  return groupView(group, await groupMembers(Number(group.id)));
}

/** `features[] {feature_id, purpose}` of a request: existing select-type features, purpose one of VARIATION_PURPOSES. */
async function readGroupFeatures(sent: unknown): Promise<GroupFeature[]> {
  if (!Array.isArray(sent) || sent.length === 0 || sent.length > 10) throw invalid('features', 'The features field must be a list of 1 to 10 {feature_id, purpose} objects');
  const wanted = sent.map((entry) => {
    const id = Number((entry as Record<string, unknown>)?.feature_id);
    const purpose = String((entry as Record<string, unknown>)?.purpose ?? 'group_catalog_item');
    if (!Number.isInteger(id) || id < 1) throw invalid('features', 'The features field needs a feature_id in every entry');
    if (!(VARIATION_PURPOSES as readonly string[]).includes(purpose)) throw invalid('features', `The features field's purpose must be one of: ${VARIATION_PURPOSES.join(', ')}`);
    return { feature_id: id, purpose };
  });
  const found = new Map((await getRecords(featuresEntity, wanted.map((f) => f.feature_id))).map((f) => [Number(f.feature_id), f]));
  for (const feature of wanted) {
    const record = found.get(feature.feature_id);
    if (!record) throw invalid('features', `The features field names feature ${feature.feature_id}, which does not exist`);
    if (!VARIANT_FEATURE_TYPES.includes(String(record.feature_type))) throw invalid('features', `Feature ${feature.feature_id} has no variants, so it cannot make variations`);
  }
  return [...new Map(wanted.map((f) => [f.feature_id, f])).values()];
}

/** Without `features`: the select-type features every product has a value of (purpose group_catalog_item). */
function commonFeatures(products: EntityRecord[], field: string): GroupFeature[] {
  const valuesOf = (product: EntityRecord) => (product.product_features ?? {}) as Record<string, { variant_id?: string; feature_type?: string }>;
  const first = products[0] ? valuesOf(products[0]) : {};
  const ids = Object.entries(first)
    .filter(([, value]) => VARIANT_FEATURE_TYPES.includes(String(value.feature_type)) && value.variant_id && value.variant_id !== '0')
    .map(([id]) => Number(id))
    .filter((id) => products.every((product) => combination(product, [id]) !== undefined))
    .sort((a, b) => a - b);
  if (ids.length === 0) throw invalid(field, 'The products share no feature with variants to make variations of');
  return ids.map((id) => ({ feature_id: id, purpose: 'group_catalog_item' }));
}

const generatedCode = () => `PV-${randomBytes(5).toString('hex').toUpperCase().slice(0, 9)}`;

function readCode(value: unknown): string {
  const code = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
  if (code === '' || code.length > 64 || !/^[\w.-]+$/.test(code)) throw invalid('code', 'The code field must be 1 to 64 letters, digits, _, - or .');
  return code;
}

const joined = (product: EntityRecord, groupId: number): EntityRecord => ({ ...product, variation_group_id: groupId, has_variation_group: 'Y', version: product.version + 1 });
const left = (product: EntityRecord): EntityRecord => ({ ...product, variation_group_id: undefined as unknown as StoredValue, has_variation_group: undefined as unknown as StoredValue, version: product.version + 1 });

/** Writes a new group with its products in one transaction: the code marker, the group, each product's membership. */
async function createGroup(products: EntityRecord[], features: GroupFeature[], code: string): Promise<EntityRecord> {
  const id = await nextId(GROUPS.storage);
  const group: EntityRecord = {
    id,
    code,
    features: features as unknown as StoredValue,
    feature_ids: features.map((f) => f.feature_id),
    parent_product_id: Number(products[0]!.product_id),
    created_at: now(),
    updated_at: now(),
    version: 1,
  };
  const items = [
    codeMarker(code, id),
    ...recordsWriteItems([[GROUPS, id, undefined, group], ...products.map((p) => [productsEntity, Number(p.product_id), p, joined(p, id)] as const)]),
  ];
  try {
    await transactWrite(items);
  } catch (error) {
    if (error instanceof ConditionFailed && error.failed.includes(0)) throw invalid('code', `The code field names group code ${code}, which is taken`);
    if (error instanceof ConditionFailed) throw new ConflictError('A product changed while the group was written; try again');
    throw error;
  }
  return group;
}

async function readProducts(ids: number[], field: string): Promise<EntityRecord[]> {
  const products = await getRecords(productsEntity, ids);
  const missing = ids.find((id) => !products.some((p) => Number(p.product_id) === id));
  if (missing !== undefined) throw invalid(field, `The ${field} field names product ${missing}, which does not exist`);
  const grouped = products.find((p) => p.variation_group_id);
  if (grouped) throw invalid(field, `Product ${grouped.product_id} is already in variation group ${grouped.variation_group_id}`);
  return products;
}

// ------------------------------------------------------------------------------------------- groups

export const listGroups: Operation = async ({ query }) => {
  const filters = readFilters(GROUPS, query);
  const paging = readPaging(query, ['id']);
  const desc = paging.sortOrder === 'desc';
  let records: EntityRecord[];
  let total: number;
  if (filters.product_ids !== undefined) {
    // The products name their groups: one BatchGetItem of them, one of the groups.
    const ids = [...new Set((await getRecords(productsEntity, filters.product_ids as number[])).map((p) => Number(p.variation_group_id ?? 0)).filter((id) => id > 0))];
    ids.sort((a, b) => (desc ? b - a : a - b));
    let groups = await getRecords(GROUPS, ids);
    if (filters.feature_ids !== undefined) groups = groups.filter((g) => featureIdsOf(g).includes(Number(filters.feature_ids)));
    total = groups.length;
    records = groups.slice((paging.page - 1) * paging.itemsPerPage, paging.page * paging.itemsPerPage);
  } else {
    const conditions = filters.feature_ids !== undefined ? [{ rule: GROUPS.filterRules!.feature_ids!, values: [filters.feature_ids] }] : [];
    ({ records, total } = await listRecords(GROUPS, { conditions, sortBy: 'id', descending: desc, page: paging.page, itemsPerPage: paging.itemsPerPage }));
  }
  const echo = searchEcho(paging, filters, total);
  return ok({ groups: await Promise.all(records.map(showGroup)), params: echo, search: echo });
};

export const getGroup: Operation = async (request) => conditionalGet(request, ok(await showGroup(await findGroup(request.route.id))));

export const createGroupOperation: Operation = async ({ body }) => {
  const sent = (body ?? {}) as Record<string, unknown>;
  if (sent.product_ids === undefined || sent.product_ids === null || sent.product_ids === '') throw invalid('product_ids', 'The product_ids field is required');
  const raw = Array.isArray(sent.product_ids) ? sent.product_ids : String(sent.product_ids).split(',');
  const ids = [...new Set(raw.map((v) => Number(String(v).trim())))];
  if (ids.length === 0 || ids.some((id) => !Number.isInteger(id) || id < 1)) throw invalid('product_ids', 'The product_ids field must be a list of product ids');
  if (ids.length > MAX_GROUP_PRODUCTS) throw invalid('product_ids', `The product_ids field may name at most ${MAX_GROUP_PRODUCTS} products`);
  const code = sent.code === undefined ? generatedCode() : readCode(sent.code);
  const features = sent.features === undefined ? undefined : await readGroupFeatures(sent.features);
  const products = await readProducts(ids, 'product_ids');
  const chosen = features ?? commonFeatures(products, 'product_ids');
  assertDistinct(products, chosen.map((f) => f.feature_id), 'product_ids');
  const group = await createGroup(products, chosen, code);
  return created({ message: '', group: await showGroup(group), products_status: Object.fromEntries(ids.map((id) => [String(id), 1])) });
};

export const updateGroupOperation: Operation = async (request) => {
  const { route, body } = request;
  const group = await findGroup(route.id);
  // If-Match: judged on the group as a GET shows it; the write below is conditioned on the version read.
  await checkIfMatch(request, () => showGroup(group));
  const sent = (body ?? {}) as Record<string, unknown>;
  if (sent.code === undefined) throw badRequest('Missing parameters');
  const code = readCode(sent.code);
  const next: EntityRecord = { ...group, code, updated_at: now(), version: group.version + 1 };
  const old = String(group.code);
  const write = recordsWriteItems([[GROUPS, Number(group.id), group, next]]);
  const items = code === old ? write : [codeMarker(code, Number(group.id)), freeCode(old), ...write];
  try {
    await transactWrite(items);
  } catch (error) {
    if (error instanceof ConditionFailed && code !== old && error.failed.includes(0)) throw invalid('code', `The code field names group code ${code}, which is taken`);
    if (error instanceof ConditionFailed && specificIfMatch(request)) throw preconditionFailed();
    if (error instanceof ConditionFailed) throw new ConflictError('The group changed while it was written; try again');
    throw error;
  }
  return ok({ message: '', group: await showGroup(next), products_status: null });
};

/** Deletes the group and frees its products (standalone again), in one transaction. */
export const deleteGroupOperation: Operation = async (request) => {
  const group = await findGroup(request.route.id);
  await checkIfMatch(request, () => showGroup(group));
  const members = await groupMembers(Number(group.id));
  const items = [
    freeCode(String(group.code)),
    ...recordsWriteItems([[GROUPS, Number(group.id), group, undefined], ...members.map((p) => [productsEntity, Number(p.product_id), p, left(p)] as const)]),
  ];
  try {
    await transactWrite(items);
  } catch (error) {
    if (error instanceof ConditionFailed && specificIfMatch(request)) throw preconditionFailed();
    if (error instanceof ConditionFailed) throw new ConflictError('The group changed while it was deleted; try again');
    throw error;
  }
  return noContent();
};

// ---------------------------------------------------------------------------- variations (products)

/** The group of a nested request (`/product_variations_groups/:id/product_variations`), set by `inGroup`. */
const nestedGroup = new WeakMap<ApiRequest, number>();

/**
 * A product that joins a group (a body's `variation_group_id`, or the group of a nested path), or whose
 * feature values change while in one: the group exists, has room, and its products keep distinct values.
 */
async function joinGroup(values: FieldValues, current: EntityRecord | undefined, request: ApiRequest): Promise<FieldValues> {
  const out = { ...values };
  if (out.variation_group_id === 0) delete out.variation_group_id;
  const sent = out.variation_group_id as number | undefined;
  const target = nestedGroup.get(request) ?? sent ?? (out.product_features !== undefined && current?.variation_group_id ? Number(current.variation_group_id) : undefined);
  if (target === undefined) return out;
  const group = await getRecord(GROUPS, target);
  if (!group) throw invalid('variation_group_id', `The variation_group_id field names group ${target}, which does not exist`);
  const others = (await groupMembers(target)).filter((p) => !current || Number(p.product_id) !== Number(current.product_id));
  if (others.length >= MAX_GROUP_PRODUCTS) throw invalid('variation_group_id', `A variation group holds at most ${MAX_GROUP_PRODUCTS} products`);
  assertDistinct([...others, { ...current, ...out }], featureIdsOf(group), 'variation_group_id');
  return { ...out, variation_group_id: target, has_variation_group: 'Y' };
}

/** The variation keys of products, from their groups (one BatchGetItem of the groups). */
async function withVariationKeys(records: Array<Record<string, unknown>>): Promise<Array<Record<string, unknown>>> {
  const groupIds = [...new Set(records.map((r) => Number(r.variation_group_id ?? 0)).filter((id) => id > 0))];
  const groups = new Map((await getRecords(GROUPS, groupIds)).map((g) => [Number(g.id), g]));
  return records.map((record) => {
    const group = groups.get(Number(record.variation_group_id ?? 0));
    if (!group) return { ...record, variation_group_id: 0 };
    const id = Number(record.product_id);
    const parent = parentOf(group);
    const values = (record.product_features ?? {}) as Record<string, { variant_id?: string; variant?: string; description?: string }>;
    const features = featuresOf(group);
    const parentId = id === parent ? 0 : parent;
    return {
      ...record,
      product_type: parentId === 0 ? 'P' : 'V',
      parent_product_id: parentId,
      variation_group_id: Number(group.id),
      variation_group_code: String(group.code),
      variation_parent_product_id: parentId,
      variation_sub_group_id: `${group.id}_${parent}`,
      variation_feature_ids: Object.fromEntries(features.map((f) => [String(f.feature_id), Number(f.feature_id)])),
      variation_feature_collection: Object.fromEntries(
        features.map((f) => [String(f.feature_id), { feature_id: Number(f.feature_id), purpose: f.purpose, variant_id: String(values[String(f.feature_id)]?.variant_id ?? '0') }]),
      ),
      variation_name: [String(record.product ?? ''), ...features.map((f) => {
        const value = values[String(f.feature_id)];
        return value ? `${value.description ?? ''}: ${value.variant ?? ''}` : '';
      }).filter(Boolean)].join(', '),
    };
  });
}

export const variationHooks: EntityHooks = {
  ...productHooks,
  // Only products in a group are variations: one index partition.
  scope: (request) => {
    const group = nestedGroup.get(request);
    return group !== undefined
      ? [{ rule: { field: 'variation_group_id', op: 'eq' }, values: [group] }]
      : [{ rule: { field: 'has_variation_group', op: 'eq' }, values: ['Y'] }];
  },
  create: async (values, request) => joinGroup(await productHooks.create!(values, request), undefined, request),
  update: async (changes, current, request) => joinGroup(await productHooks.update!(changes, current, request), current, request),
  decorate: async (records, view) => withVariationKeys(await productHooks.decorate!(records, view)),
  afterWrite: async (record, previous) => {
    const before = Number(previous?.variation_group_id ?? 0);
    const after = Number(record.variation_group_id ?? 0);
    if (before && before !== after) await repairGroupParent(before, Number(record.product_id));
    if (after) await adoptParent(after, Number(record.product_id));
  },
};

/**
 * `/product_variations_groups/:id/product_variations[/:pid]`: the group must exist (by id or code) and a
 * product id must be one of its products (404 otherwise); then the product operation runs on that id.
 */
export function inGroup(operation: Operation): Operation {
  return async (request) => {
    const group = await findGroup(request.route.id);
    if (request.route.nestedId !== undefined) {
      const product = await getRecord(productsEntity, parseId(request.route.nestedId));
      if (!product || Number(product.variation_group_id ?? 0) !== Number(group.id)) throw new NotFoundError();
    }
    const inner: ApiRequest = { ...request, route: { ...request.route, id: request.route.nestedId } };
    nestedGroup.set(inner, Number(group.id));
    return operation(inner);
  };
}

// ---------------------------------------------------------------------------------------- actions

/** The product an action is about: the path's (`/product_variations/:id/...`, 404 if unknown) or the body's `product_id` (400). */
async function actionProduct(request: ApiRequest): Promise<EntityRecord> {
  if (request.route.key.startsWith('product_variations.')) {
    const product = await getRecord(productsEntity, parseId(request.route.id));
    if (!product) throw new NotFoundError();
    return product;
  }
  const sent = (request.body ?? {}) as Record<string, unknown>;
  if (sent.product_id === undefined || sent.product_id === null || sent.product_id === '') throw invalid('product_id', 'The product_id field is required');
  const id = Number(sent.product_id);
  if (!Number.isInteger(id) || id < 1) throw invalid('product_id', 'The product_id field must be a product id');
  const product = await getRecord(productsEntity, id);
  if (!product) throw invalid('product_id', `The product_id field names product ${id}, which does not exist`);
  return product;
}

async function groupOfProduct(product: EntityRecord): Promise<EntityRecord> {
  const group = product.variation_group_id ? await getRecord(GROUPS, Number(product.variation_group_id)) : undefined;
  if (!group) throw invalid('product_id', `Product ${product.product_id} is not in a variation group`);
  return group;
}

/** Takes the product out of its group (standalone again) and, if it was the default, names the next one: one transaction. */
export const detachOperation: Operation = async (request) => {
  const product = await actionProduct(request);
  const group = await groupOfProduct(product);
  const id = Number(product.product_id);
  const writes: Array<[typeof GROUPS, number, EntityRecord | undefined, EntityRecord | undefined]> = [[productsEntity, id, product, left(product)]];
  if (parentOf(group) === id) {
    const next = (await groupMembers(Number(group.id))).find((p) => Number(p.product_id) !== id);
    writes.push([GROUPS, Number(group.id), group, { ...group, parent_product_id: Number(next?.product_id ?? 0), updated_at: now(), version: group.version + 1 }]);
  }
  const items = recordsWriteItems(writes);
  try {
    await transactWrite(items);
  } catch (error) {
    if (error instanceof ConditionFailed) throw new ConflictError('The product or its group changed meanwhile; try again');
    throw error;
  }
  return created({ message: '' });
};

/** Makes the product its group's default: the others' parent_product_id. */
export const setDefaultOperation: Operation = async (request) => {
  const product = await actionProduct(request);
  const group = await groupOfProduct(product);
  await updateRecord(GROUPS, Number(group.id), () => ({ parent_product_id: Number(product.product_id), updated_at: now() }));
  return created({ message: '' });
};

/** `combinations` as sent: a list of lists of variant ids. */
function readCombinations(sent: unknown): string[][] {
  if (sent === undefined || sent === null || sent === '') throw invalid('combinations', 'The combinations field is required');
  if (!Array.isArray(sent) || sent.length === 0 || sent.length > MAX_COMBINATIONS) {
    throw invalid('combinations', `The combinations field must be a list of 1 to ${MAX_COMBINATIONS} lists of variant ids`);
  }
  return sent.map((combo) => {
    if (!Array.isArray(combo) || combo.length === 0 || combo.some((v) => !/^\d{1,10}$/.test(String(v)))) {
      throw invalid('combinations', 'The combinations field must be a list of lists of variant ids');
    }
    return combo.map(String);
  });
}

/** The product_features of a product as a body sends them: variant ids of the select types, values of the others. */
function sentFeatures(product: EntityRecord): Record<string, string> {
  const values = (product.product_features ?? {}) as Record<string, { variant_id?: string; value?: string; feature_type?: string }>;
  return Object.fromEntries(
    Object.entries(values).map(([id, v]) => [id, VARIANT_FEATURE_TYPES.includes(String(v.feature_type)) ? String(v.variant_id) : String(v.value ?? '')]),
  );
}

/**
 * Creates a product per new combination, a copy of the base product with those feature values, in the
 * base product's group (200) or in a new group of the base product (201). Combinations a product of the
 * group already has are skipped. Everything is checked before the first write.
 */
export const generateOperation: Operation = async (request) => {
  const base = await actionProduct(request);
  const sent = (request.body ?? {}) as Record<string, unknown>;
  const combos = readCombinations(sent.combinations);
  let group = base.variation_group_id ? await getRecord(GROUPS, Number(base.variation_group_id)) : undefined;
  const isNew = !group;
  const features = group ? featuresOf(group) : sent.features !== undefined ? await readGroupFeatures(sent.features) : commonFeatures([base], 'product_id');
  const featureIds = features.map((f) => f.feature_id);
  if (!group && !combination(base, featureIds)) throw invalid('product_id', `Product ${base.product_id} has no value of every variation feature (${featureIds.join(', ')})`);
  const members = group ? await groupMembers(Number(group.id)) : [base];
  // Which feature each variant belongs to.
  const featureRecords = await getRecords(featuresEntity, featureIds);
  const featureOfVariant = new Map<string, number>();
  for (const feature of featureRecords) for (const variant of Object.keys((feature.variants ?? {}) as Record<string, unknown>)) featureOfVariant.set(variant, Number(feature.feature_id));
  const existing = new Set(members.map((p) => (combination(p, featureIds) ?? []).join(',')));
  const wanted: Array<Record<string, string>> = [];
  for (const combo of combos) {
    const byFeature: Record<string, string> = {};
    for (const variant of combo) {
      const feature = featureOfVariant.get(variant);
      if (feature === undefined) throw invalid('combinations', `The combinations field names variant ${variant}, which is not a variant of the group's features (${featureIds.join(', ')})`);
      if (byFeature[feature] !== undefined) throw invalid('combinations', `The combinations field names two variants of feature ${feature} in one combination`);
      byFeature[feature] = variant;
    }
    if (featureIds.some((id) => byFeature[id] === undefined)) throw invalid('combinations', `Every combination needs one variant of each feature (${featureIds.join(', ')})`);
    const key = featureIds.map((id) => byFeature[id]).join(',');
    if (existing.has(key)) continue;
    existing.add(key);
    wanted.push(byFeature);
  }
  if (members.length + wanted.length > MAX_GROUP_PRODUCTS) throw invalid('combinations', `A variation group holds at most ${MAX_GROUP_PRODUCTS} products`);

  if (!group) group = await createGroup([base], features, generatedCode());
  const groupId = Number(group.id);
  const status: Record<string, number> = {};
  const copyable = Object.entries(productsEntity.fields).filter(([, spec]) => spec.writableOn?.includes('create')).map(([field]) => field);
  for (const byFeature of wanted) {
    let values: FieldValues = Object.fromEntries(copyable.filter((f) => base[f] !== undefined).map((f) => [f, base[f]!]));
    values.product_features = { ...sentFeatures(base), ...byFeature };
    values.timestamp = now();
    values.updated_timestamp = now();
    values = await productHooks.create!(values, request);
    const record = await createRecord(productsEntity, { ...values, variation_group_id: groupId, has_variation_group: 'Y' } as Record<string, StoredValue>);
    status[String(record.product_id)] = 1;
  }
  const body = { message: '', group: await showGroup((await getRecord(GROUPS, groupId)) ?? group), products_status: status };
  return isNew ? created(body) : ok(body);
};
