import { nextId } from '../../db/counters.js';
import { type ListRequest, listRecords } from '../../db/entity-list.js';
import {
  createRecord,
  type EntityRecord,
  getRecord,
  getRecords,
  type RecordOf,
  recordIdOf,
  updateRecord,
} from '../../db/entity-store.js';
import { readItem } from '../../db/items.js';
import { recordsWriteItems } from '../../db/records-write-items.js';
import { repositoryOf } from '../../db/repository.js';
import { repricedProductItems } from '../../db/repriced-products.js';
import type { TableContext } from '../../db/table-context.js';
import { ConditionFailed, type TransactItem, transactWrite } from '../../db/transact.js';
import { uniqueMarker } from '../../db/unique-marker.js';
import { featuresEntity } from '../../entities/features.js';
import { variationGroupsEntity as GROUPS } from '../../entities/product-variations.js';
import { productsEntity } from '../../entities/products.js';
import type { StoredValue } from '../../entities/types.js';
import { groupMembersIn } from '../variation-groups.js';

/** A variation group, a product and a feature as stored: fields typed by their definitions. */
export type GroupRecord = RecordOf<typeof GROUPS>;
export type ProductRecord = RecordOf<typeof productsEntity>;
export type FeatureRecord = RecordOf<typeof featuresEntity>;

/** How a transactional write ended: written, refused for a taken group code, or refused because an item changed. */
export type WriteOutcome = 'written' | 'code-taken' | 'changed';

/** A record's id, and the record before and after a write (undefined: it is created, or deleted). */
export type Change = [id: number, before: EntityRecord | undefined, after: EntityRecord | undefined];

/**
 * What the variation operations need of storage, one aggregate: a group, its code marker and its member products.
 * Every write that changes a group's membership is one transaction (a group holds at most MAX_GROUP_PRODUCTS
 * products, so it fits in 100 items). The operations receive it; the unit tests give them one of their own.
 */
export interface VariationStore {
  group(id: number): Promise<GroupRecord | undefined>;
  /** The group id a code names (its unique marker), read consistently. */
  groupIdByCode(code: string): Promise<number | undefined>;
  groups(ids: number[]): Promise<GroupRecord[]>;
  listGroups(request: ListRequest): Promise<{ records: GroupRecord[]; total: number }>;
  product(id: number): Promise<ProductRecord | undefined>;
  products(ids: number[]): Promise<ProductRecord[]>;
  /** Every product of a group, by id ascending. */
  members(groupId: number): Promise<ProductRecord[]>;
  features(ids: number[]): Promise<FeatureRecord[]>;
  nextGroupId(): Promise<number>;
  /**
   * One transaction: the changes of groups and of products and, when `code` names them, the claim of a group's
   * new code and the release of an old one. `code-taken` only when the claim failed.
   */
  write(
    groups: Change[],
    products: Change[],
    code?: { claim?: { code: string; groupId: number }; release?: string },
  ): Promise<WriteOutcome>;
  /** A product's single write, outside any transaction (its own record, counts and indexes). */
  createProduct(values: Record<string, StoredValue>): Promise<ProductRecord>;
  /** Makes `productId` the group's default product (a conditional update of the group). */
  setParent(groupId: number, productId: number, updatedAt: number): Promise<void>;
}

/** A group's code is unique: marker `VARGROUPCODE#<code>` / `VARGROUPCODE` holding the group id, in `table`. */
const codesIn = (table: TableContext) => uniqueMarker('VARGROUPCODE', table);
/** The marker's item as `write` claims it (`CODES.claim`): the group id a number. */
type CodeMarker = { group_id: number };

/** The variation store over a table context's table (lib/db). */
export const variationStoreOn = (context: TableContext): VariationStore => ({
  group: (id) => getRecord(GROUPS, id, context),
  async groupIdByCode(code) {
    // Strongly consistent (lib/db/items.ts readItem): a code claimed a moment ago is seen.
    const marker = (await readItem(codesIn(context).key(code), context)) as CodeMarker | undefined;
    return marker?.group_id;
  },
  groups: (ids) => getRecords(GROUPS, ids, context),
  listGroups: (request) => listRecords(GROUPS, request, context),
  product: (id) => getRecord(productsEntity, id, context),
  products: (ids) => getRecords(productsEntity, ids, context),
  members: groupMembersIn(repositoryOf(productsEntity, context)),
  features: (ids) => getRecords(featuresEntity, ids, context),
  nextGroupId: () => nextId(GROUPS.storage.name, 0, context),
  async write(groups, products, code = {}) {
    const CODES = codesIn(context);
    const markers: TransactItem[] = [
      ...(code.claim ? [CODES.claim(code.claim.code, { group_id: code.claim.groupId })] : []),
      ...(code.release !== undefined ? [CODES.release(code.release)] : []),
    ];
    const writes = recordsWriteItems(
      [
        ...groups.map(([id, before, after]) => [GROUPS, id, before, after] as const),
        ...products.map(([id, before, after]) => [productsEntity, id, before, after] as const),
      ],
      context,
    );
    try {
      await transactWrite([...markers, ...writes], context);
      return 'written';
    } catch (error) {
      if (!(error instanceof ConditionFailed)) throw error;
      return code.claim && error.failed.includes(0) ? 'code-taken' : 'changed';
    }
  },
  // A variation copies its base's quantity and usergroup prices: listed for the storefront's price range as any product.
  createProduct: (values) =>
    createRecord(
      productsEntity,
      values,
      (record) => ({ items: repricedProductItems(recordIdOf(productsEntity, record), record, undefined, context) }),
      undefined,
      context,
    ),
  async setParent(groupId, productId, updatedAt) {
    const decide = () => ({ parent_product_id: productId, updated_at: updatedAt });
    await updateRecord(GROUPS, groupId, decide, undefined, context);
  },
});
