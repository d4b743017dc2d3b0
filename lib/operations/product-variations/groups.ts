import { presetTime } from '../../db/preset-ids.js';
import { variationGroupsEntity as GROUPS, MAX_GROUP_PRODUCTS } from '../../entities/product-variations.js';
import { ConflictError, invalidField, NotFoundError } from '../../errors.js';
import { digitsOf } from '../../http/digits.js';
import { badRequest } from '../../http/http-errors.js';
import type { Operation } from '../../http/operation.js';
import { readPaging, searchEcho } from '../../http/paging.js';
import { checkIfMatch, conditionalGet, preconditionFailed, specificIfMatch } from '../../http/preconditions.js';
import { created, noContent, ok } from '../../http/response.js';
import { filtersOf } from '../../http/typed-input.js';
import { readCode, readFeatureList, readProductIds } from '../../http/variation-group-body.js';
import {
  assertDistinct,
  checkFeatures,
  commonFeatures,
  featureIdsOf,
  type GroupFeature,
  generatedCode,
  joined,
  left,
  now,
} from './rules.js';
import type { GroupRecord, ProductRecord, VariationStore } from './store.js';
import { groupView, showGroup } from './view.js';

/**
 * A group by numeric id or by code; 404 when neither names one. `ref` is a path segment, percent-decoded once
 * already (lib/http/api-path.ts): decoding it again read `%25zz` (→ `%zz`) as an escape and threw (a 500).
 */
export async function findGroup(store: VariationStore, ref: string | undefined): Promise<GroupRecord> {
  if (ref === undefined || ref.length > 64) throw new NotFoundError();
  // The path's ref is an id or a code: only digits are tried as an id.
  const id = digitsOf(ref);
  if (id !== undefined) {
    const group = await store.group(id);
    if (group) return group;
  }
  const groupId = await store.groupIdByCode(ref);
  const group = groupId === undefined ? undefined : await store.group(groupId);
  if (!group) throw new NotFoundError();
  return group;
}

/** `features[] {feature_id, purpose}` of a request: existing select-type features, purpose one of VARIATION_PURPOSES. */
export async function readGroupFeatures(store: VariationStore, sent: unknown): Promise<GroupFeature[]> {
  const wanted = readFeatureList(sent);
  return checkFeatures(wanted, await store.features(wanted.map((f) => f.feature_id)));
}

/** Writes a new group with its products in one transaction: the code marker, the group, each product's membership. */
export async function createGroup(
  store: VariationStore,
  products: ProductRecord[],
  features: readonly GroupFeature[],
  code: string,
): Promise<GroupRecord> {
  const id = await store.nextGroupId();
  const group: GroupRecord = {
    id,
    code,
    features,
    feature_ids: features.map((f) => f.feature_id),
    parent_product_id: products[0]!.product_id,
    // An import keeps the source's times (lib/db/preset-ids.ts).
    created_at: presetTime('created_at') ?? now(),
    updated_at: presetTime('updated_at') ?? now(),
    version: 1,
  };
  const outcome = await store.write(
    [[id, undefined, group]],
    products.map((p) => [p.product_id, p, joined(p, id)]),
    { claim: { code, groupId: id } },
  );
  if (outcome === 'code-taken') throw invalidField('code', `The code field names group code ${code}, which is taken`);
  if (outcome === 'changed') throw new ConflictError('A product changed while the group was written; try again');
  return group;
}

/** The products a new group is made of: they exist and are in no group yet. */
async function readProducts(store: VariationStore, ids: number[], field: string): Promise<ProductRecord[]> {
  const products = await store.products(ids);
  const missing = ids.find((id) => !products.some((p) => p.product_id === id));
  if (missing !== undefined)
    throw invalidField(field, `The ${field} field names product ${missing}, which does not exist`);
  const grouped = products.find((p) => p.variation_group_id);
  if (grouped)
    throw invalidField(
      field,
      `Product ${grouped.product_id} is already in variation group ${grouped.variation_group_id}`,
    );
  return products;
}

export const listGroupsOf =
  (store: VariationStore): Operation =>
  async ({ query }) => {
    const filters = filtersOf(GROUPS, { query });
    const paging = readPaging(query, ['id']);
    const desc = paging.sortOrder === 'desc';
    let records: GroupRecord[];
    let total: number;
    if (filters.product_ids !== undefined) {
      // The products name their groups: one BatchGetItem of them, one of the groups.
      const ids = [
        ...new Set(
          (await store.products(filters.product_ids as number[]))
            .map((p) => p.variation_group_id ?? 0)
            .filter((id) => id > 0),
        ),
      ];
      ids.sort((a, b) => (desc ? b - a : a - b));
      let groups = await store.groups(ids);
      const featureId = filters.feature_ids;
      if (featureId !== undefined) groups = groups.filter((g) => featureIdsOf(g).includes(featureId));
      total = groups.length;
      records = groups.slice((paging.page - 1) * paging.itemsPerPage, paging.page * paging.itemsPerPage);
    } else {
      const conditions =
        filters.feature_ids !== undefined
          ? [{ rule: GROUPS.storage.filterRules!.feature_ids!, values: [filters.feature_ids] }]
          : [];
      ({ records, total } = await store.listGroups({
        conditions,
        sortBy: 'id',
        descending: desc,
        page: paging.page,
        itemsPerPage: paging.itemsPerPage,
      }));
    }
    const echo = searchEcho(paging, filters, total);
    return ok({
      groups: await Promise.all(records.map((group) => showGroup(store, group))),
      params: echo,
      search: echo,
    });
  };

export const getGroupOf =
  (store: VariationStore): Operation =>
  async (request) =>
    conditionalGet(request, ok(await groupShownBy(store, request.route.id)));

/**
 * The group a GET names, as shown. By numeric id its members (an index partition named by the id alone) are read
 * beside the group itself, not after it: one sequential step fewer. A numeric ref that is a code falls back.
 */
async function groupShownBy(store: VariationStore, ref: string | undefined): Promise<Record<string, unknown>> {
  // The path's ref is an id or a code: only digits are tried as an id.
  const id = digitsOf(ref);
  if (id !== undefined) {
    const [group, members] = await Promise.all([store.group(id), store.members(id)]);
    if (group) return groupView(group, members);
  }
  return showGroup(store, await findGroup(store, ref));
}

export const createGroupOf =
  (store: VariationStore): Operation =>
  async ({ body }) => {
    const sent = (body ?? {}) as Record<string, unknown>;
    const ids = readProductIds(sent.product_ids, MAX_GROUP_PRODUCTS);
    const code = sent.code === undefined ? generatedCode() : readCode(sent.code);
    const features = sent.features === undefined ? undefined : await readGroupFeatures(store, sent.features);
    const products = await readProducts(store, ids, 'product_ids');
    const chosen = features ?? commonFeatures(products, 'product_ids');
    assertDistinct(
      products,
      chosen.map((f) => f.feature_id),
      'product_ids',
    );
    const group = await createGroup(store, products, chosen, code);
    return created({
      message: '',
      group: await showGroup(store, group),
      products_status: Object.fromEntries(ids.map((id) => [String(id), 1])),
    });
  };

export const updateGroupOf =
  (store: VariationStore): Operation =>
  async (request) => {
    const { route, body } = request;
    const group = await findGroup(store, route.id);
    // If-Match: judged on the group as a GET shows it; the write below is conditioned on the version read.
    await checkIfMatch(request, () => showGroup(store, group));
    const sent = (body ?? {}) as Record<string, unknown>;
    if (sent.code === undefined) throw badRequest('Missing parameters');
    const code = readCode(sent.code);
    const next: GroupRecord = { ...group, code, updated_at: now(), version: group.version + 1 };
    const old = String(group.code);
    const id = group.id;
    const outcome = await store.write(
      [[id, group, next]],
      [],
      code === old ? {} : { claim: { code, groupId: id }, release: old },
    );
    if (outcome === 'code-taken') throw invalidField('code', `The code field names group code ${code}, which is taken`);
    if (outcome === 'changed' && specificIfMatch(request)) throw preconditionFailed();
    if (outcome === 'changed') throw new ConflictError('The group changed while it was written; try again');
    return ok({ message: '', group: await showGroup(store, next), products_status: null });
  };

/** Deletes the group and frees its products (standalone again), in one transaction. */
export const deleteGroupOf =
  (store: VariationStore): Operation =>
  async (request) => {
    const group = await findGroup(store, request.route.id);
    await checkIfMatch(request, () => showGroup(store, group));
    const members = await store.members(group.id);
    const outcome = await store.write(
      [[group.id, group, undefined]],
      members.map((p) => [p.product_id, p, left(p)]),
      { release: String(group.code) },
    );
    if (outcome === 'changed' && specificIfMatch(request)) throw preconditionFailed();
    if (outcome === 'changed') throw new ConflictError('The group changed while it was deleted; try again');
    return noContent();
  };
