import { findEntity } from '../../../lib/entities/registry.js';
import type { EntityDefinition, StoredEntityDefinition } from '../../../lib/entities/types.js';
import type { IdKind } from './remap.js';
import { featureBody, groupBody, postBody, productBody, threadIds, variantIds } from './source-bodies.js';
import type { SourceRow } from './wire.js';

/**
 * What is moved, in the order SPEC §12 lists (a record's references are written before it): each entity's path
 * on the source and here, its id field, the queries its list needs, how a record this store made itself is
 * recognised (its natural key), how --since selects, and how it is written.
 */
export interface MovedEntity {
  name: string;
  def: EntityDefinition;
  /** The collection's key in a wrapped list answer. */
  listKey: string;
  idField: string;
  /** The id sequence a create of it draws from (lib/db/preset-ids.ts keeps the source's id there). */
  sequence: string;
  /** One list walk per query (CS-Cart lists users only per user_type). */
  queries: ReadonlyArray<Record<string, string>>;
  /** A key that names the same record in two stores, where ids differ (the administrator running the import). */
  naturalKey?: (row: SourceRow) => string | undefined;
  /** The id kind references to it use, when its ids may move (lib/move/remap.ts). */
  idKind?: IdKind;
  /** The field --since compares (a Unix time); entities without one are compared in full. */
  changedAt?: (row: SourceRow) => number | undefined;
  /**
   * Listed per product (`?product_id=N`, CS-Cart's only way to list exceptions and a product's own options), for
   * the products that have options; `also` a walk without it first (the global options).
   */
  perProduct?: { also: boolean };
  /** Listed per user (`/users/:id/usergroups`): the users' memberships, rows with their `user_id` added. */
  perUser?: boolean;
  /** Orders come in as history, through the entity store (their totals are the source's, no stock taken). */
  history?: boolean;
  /**
   * The writable fields only the source's single view holds (CS-Cart's list rows lack a product's descriptions and
   * `prices`, a category's description, a usergroup's privileges, a global option's `variants`): a row without one
   * of them is read again by id (source.ts withDetails). Derived from the entity's schema (`shownIn: 'single'`).
   */
  details: readonly string[];
  /** Ids a record's create draws from other sequences, kept as the source's (a feature's variants, a post's thread). */
  keptIds?: (row: SourceRow) => Record<string, number[]>;
  /** Values the store chooses itself on create that the source's record keeps (a status letter, a post's author). */
  keptValues?: readonly string[];
  /** Body fields the API takes under other names than the source's record shows (a group's `product_ids`). */
  extraBody?: (row: SourceRow) => Record<string, unknown>;
}

const seconds = (value: unknown) => {
  const n = Number(value);
  return value === undefined || value === null || value === '' || !Number.isFinite(n) ? undefined : n;
};
const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : undefined);

function entity(name: string, more: Partial<MovedEntity> = {}): MovedEntity {
  const def = findEntity(name);
  if (!def) throw new Error(`no entity ${name}`);
  const stored = (def as Partial<StoredEntityDefinition>).storage;
  return {
    name,
    def,
    listKey: def.http.collectionKey ?? name,
    idField: def.schema.idField ?? `${name}_id`,
    sequence: stored?.name ?? name,
    queries: [{}],
    details: singleOnlyFields(def),
    ...more,
  };
}

/** The fields a create writes that the entity's list rows do not show (this API's, as CS-Cart's). */
export function singleOnlyFields(def: EntityDefinition): string[] {
  return Object.entries(def.schema.fields)
    .filter(([, spec]) => spec.shownIn === 'single' && spec.writableOn?.includes('create'))
    .map(([name]) => name);
}

/** Every moved entity, in dependency order. */
export function movedEntities(): MovedEntity[] {
  return [
    entity('languages', { naturalKey: (row) => text(row.lang_code)?.toLowerCase() }),
    entity('usergroups', { sequence: 'usergroup', idKind: 'usergroups' }),
    entity('stores', { idKind: 'companies' }),
    entity('vendors', { idKind: 'companies' }),
    entity('users', {
      sequence: 'user',
      idKind: 'users',
      queries: [{ user_type: 'A' }, { user_type: 'V' }, { user_type: 'C' }],
      naturalKey: (row) => text(row.email)?.trim().toLowerCase(),
      // A root administrator stays one (the API never makes one: only the admin command line and an import do).
      keptValues: ['is_root'],
    }),
    entity('usergroups', {
      name: 'user_usergroups',
      listKey: 'usergroups',
      sequence: 'link',
      perUser: true,
      queries: [],
    }),
    entity('categories'),
    // `variants=true`: CS-Cart's list rows carry the features' variants only when asked (the recording's #261).
    entity('features', {
      queries: [{ variants: 'true' }],
      keptIds: variantIds('feature_variant'),
      extraBody: featureBody,
    }),
    entity('products', { changedAt: (row) => seconds(row.updated_timestamp), extraBody: productBody }),
    // After the products: a product's own options are listed per product (and name it), as its exceptions are.
    entity('options', { perProduct: { also: true }, keptIds: variantIds('option_variant') }),
    entity('exceptions', { perProduct: { also: false } }),
    entity('product_variations_groups', { extraBody: groupBody }),
    entity('taxes'),
    entity('shippings'),
    entity('payments'),
    entity('statuses', {
      naturalKey: (row) => `${text(row.type) ?? ''}:${text(row.status) ?? ''}`,
      keptValues: ['status', 'is_default'],
    }),
    entity('pages'),
    entity('orders', {
      history: true,
      // `get_orders_data=1` lists an order whole (its addresses and lines): no order is read again singly.
      details: [],
      queries: [{ get_orders_data: '1' }],
      changedAt: (row) => seconds(row.updated_at) || seconds(row.timestamp),
    }),
    entity('shipments'),
    entity('discussions', { keptIds: threadIds, keptValues: ['user_id', 'ip_address'], extraBody: postBody }),
    entity('call_requests'),
  ];
}

export function movedEntity(name: string): MovedEntity | undefined {
  return movedEntities().find((moved) => moved.name === name);
}

/** A product row that may have options (CS-Cart's `has_options`; a row without it may too). */
export const mayHaveOptions = (row: SourceRow) => row.has_options !== false && row.has_options !== 'N';

/** The entity with its per-parent walks: one query per product that may have options, or per user. */
export function withParentQueries(
  entity: MovedEntity,
  productIds: readonly number[],
  userIds: readonly number[],
): MovedEntity {
  if (entity.perUser) return { ...entity, queries: userIds.map((id) => ({ user_id: String(id) })) };
  if (!entity.perProduct) return entity;
  const perProduct = productIds.map((id) => ({ product_id: String(id) }));
  return { ...entity, queries: [...(entity.perProduct.also ? [{}] : []), ...perProduct] };
}

/** Where a walk's page is read on a store speaking CS-Cart's API: the entity's path, or a user's memberships. */
export function listPath(
  entity: MovedEntity,
  query: Record<string, string>,
): { path: string; query: Record<string, string> } {
  if (!entity.perUser) return { path: entity.name, query };
  return { path: `users/${encodeURIComponent(query.user_id ?? '')}/usergroups`, query: {} };
}
