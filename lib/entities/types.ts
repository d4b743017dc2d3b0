/**
 * The shape every entity of the API is described in. One definition per entity
 * (lib/entities/<entity>.ts) drives routing, privileges, body validation,
 * filters, the wire representation and (for the plain entities) storage, so
 * adding an entity is mostly writing its definition.
 */
import type { Deployment } from './deployment-types.js';
import type { DependentRule, FilterRule, ReferenceRule, SortRule } from './storage-rules.js';

export type Operation = 'list' | 'get' | 'create' | 'update' | 'delete';
export type WriteOperation = 'create' | 'update';

/**
 * How a value is checked on the way in:
 * - `string`, `email`, `enum`: text; `flag`: `Y`/`N`;
 * - `int`: a non-negative integer (JSON number or digits);
 * - `decimal`: a non-negative decimal (number or digits with a point), kept as a string with `places` decimals;
 * - `intList`: integer ids as a JSON array or a comma-separated string (`category_ids`);
 * - `object`: a JSON object, checked by the entity's own logic.
 */
export type FieldKind = 'string' | 'int' | 'enum' | 'email' | 'flag' | 'decimal' | 'intList' | 'object';

/**
 * How a stored value is written in GET answers (SPEC §10, the recording's types):
 * `string` (ints and decimals as JSON strings, CS-Cart's default), `number`, `intList`
 * (array of numbers), `stringList` (array of numeric strings), `csv` (ids joined by commas),
 * `raw` (as stored: objects, arrays, booleans, null).
 */
/** `null`: always JSON null in that view (a CS-Cart feature we lack, null in one view and a string in the other). */
export type WireType = 'string' | 'number' | 'intList' | 'stringList' | 'csv' | 'raw' | 'null';

export interface FieldSpec {
  kind: FieldKind;
  /** Allowed values of an enum field. */
  values?: readonly string[];
  maxLength?: number;
  /** The smallest element of an `intList` (1 unless said: a category's `usergroup_ids` holds 0, everyone). */
  minimum?: number;
  /** Decimal places of a decimal field (prices 2, weights 3). */
  places?: number;
  /** Operations on which the field must be present. */
  requiredOn?: readonly WriteOperation[];
  /** A required field for which an empty string is a value, not a missing one (a setting's `value`). */
  emptyAllowed?: boolean;
  /** Operations on which the field may be sent; a field with none is read-only and ignored in bodies. */
  writableOn?: readonly WriteOperation[];
  /** The value a create stores when the body leaves the field out. */
  default?: StoredValue;
  /** Wire type in GET answers; `string` unless said otherwise. A pair gives the list row and the single object separately. */
  wire?: WireType | { list: WireType; single: WireType };
  /** Which answers show the field: both (default), only the single object, only list rows. */
  shownIn?: 'both' | 'single' | 'list' | 'none';
  /** Shown only on some objects (a usergroup's `privileges`, on administrator groups only). */
  optionalInAnswers?: boolean;
  /** A filter the collection cannot be read without (`GET /combinations` needs `product_id`: 400 naming it). */
  requiredInQuery?: boolean;
  /** What the OpenAPI document adds about a filter: what it matches, what it reads when combined. */
  note?: string;
}

/** What a record holds: text, numbers, id lists, objects. */
export type StoredValue =
  | string
  | number
  | boolean
  | null
  | readonly number[]
  | Record<string, unknown>
  | readonly unknown[];

/** Privileges needed to read (list, get) and to write (create, update, delete); `write` may be split per operation. */
export interface PrivilegeRule {
  read: readonly string[];
  write: readonly string[];
  create?: readonly string[];
  update?: readonly string[];
  delete?: readonly string[];
}

/**
 * The JSON type of an id in a POST or PUT answer (SPEC §3): the recording's for the §10 entities — CS-Cart
 * answers a POST with the new id as a number and a PUT with the URL segment, a string (`{"category_id":"265"}`),
 * with exceptions (products answer PUT with a number, statuses POST with a string) — and integer for the
 * seed's own resources (usergroups). A typed client's create/update call parses exactly these.
 */
export type AnswerType = 'integer' | 'string';

/** The keys of a POST or PUT answer, in order, and the JSON type of the id under each: `{ category_id: 'string' }`. */
export type AnswerKeys = Readonly<Record<string, AnswerType>>;

/** What a record is: its fields and the query filters of its collection (lib/entities/validate.ts, present.ts). */
export interface SchemaFacet {
  /** Key of the id in records and in POST/PUT answers: `usergroup_id`. A stored entity's defaults to its singular name + `_id`. */
  idField?: string;
  fields: Record<string, FieldSpec>;
  /** Query filters on the collection; values are checked like fields. */
  filters?: Record<string, FieldSpec>;
  /** Required fields in the order they are checked, where that is not the field table's order. */
  requiredOrder?: readonly string[];
}

/**
 * The shape of a GET on the collection: `wrapped` (`{"<key>": [...], "params", "search"}`, the default, key =
 * collectionKey or name), `keyed` (a bare object keyed by id, usergroups), `object` (one object, /version),
 * `list` (a bare JSON array of every record: no wrapper, no params, no paging, as CS-Cart's /blocks; the list
 * operation answers so). `rowsOf`: the entity whose list rows it shows (nested lists), with `extraRowFields`
 * added to each row.
 */
export interface CollectionShape {
  shape: 'wrapped' | 'keyed' | 'object' | 'list';
  key?: string;
  /** A hand-written schema of the collection's answer, for a list that is not a paged entity list (the change feed). */
  schema?: Record<string, unknown>;
  rowsOf?: EntityDefinition;
  extraRowFields?: Record<string, FieldSpec>;
  /**
   * A wrapped collection whose rows come as an object keyed by this field of each row instead of a list
   * (`{"languages": {"en": {…}}, "params", "search"}`), in the page's order.
   */
  keyedBy?: string;
  /**
   * A second shape the collection answers when a query parameter is given (`GET /options?product_id=N`:
   * a bare object keyed by id of single objects, with `extraRowFields` added and `omitFields` left out).
   */
  byParameter?: {
    parameter: string;
    shape: 'keyed';
    view: 'list' | 'single';
    extraRowFields?: Record<string, FieldSpec>;
    omitFields?: readonly string[];
  };
  /**
   * Fields of the single object that a list row carries too when a boolean query switch is on
   * (`GET /features?variants=true`: switch → field). `true`/`Y`/`1` on, `false`/`N`/`0` off, else 400.
   */
  switchedFields?: Record<string, string>;
}

/** How the API serves it: routes, privileges, who may call, and the shapes of its answers (lib/http, lib/operations). */
export interface HttpFacet {
  operations: readonly Operation[];
  /** `none`: any authenticated caller (e.g. /version). */
  privileges: PrivilegeRule | 'none';
  /**
   * What an object id in the path is: `numeric` (the default; digits, else 404) or `name` (lower-case
   * letters, digits, `_` and `-`, else 404: a langvar's name). lib/http/route.ts `parseId` / `parseName`.
   */
  idKind?: 'numeric' | 'name';
  /**
   * Operations CS-Cart routes but whose privilege is `false` (GET, PUT and DELETE of `/auth`): the method is
   * not a 405 but a 403 for every caller, root included, judged at the privilege step (lib/http/route.ts).
   */
  deniedOperations?: readonly Operation[];
  /** Operations that need no Authorization header at all (POST /auth_tokens: the body holds the credentials). */
  openOperations?: readonly Operation[];
  /**
   * Storefront callers (a customer's token of POST /auth_tokens, or a guest with only the
   * `Storefront-Api-Access-Key` header) may use only resources that say so: `anyone` (guests too: /version,
   * /auth_tokens) or `customer` (a signed-in customer: the storefront cart). Elsewhere they get a 403.
   */
  storefrontAccess?: 'anyone' | 'customer';
  /**
   * Operations of a `customer` resource a guest (the Storefront-Api-Access-Key alone) may use too: POST /sra_profile
   * registers the customer the rest of the resource then serves; POST /sra_notifications subscribes a device.
   */
  storefrontGuestOperations?: readonly Operation[];
  /**
   * Operations also served on the collection path (`PUT /sra_cart_content {"products": …}` changes several
   * lines, `DELETE /sra_cart_content` empties the cart): the operation then runs with no object id.
   */
  collectionWrites?: readonly ('update' | 'delete')[];
  /** May vendors use it (in the editions that let vendors use the API at all)? */
  vendorAccess?: boolean;
  /** Vendors may read but not write it (categories: the tree is shared in a marketplace). */
  vendorReadOnly?: boolean;
  /** Vendors see and change only records whose `company_id` is their own (SPEC §5, §10). */
  vendorScoped?: boolean;
  /**
   * Records belong to a company (`company_id`): under a store or vendor context path (`/stores/:id/…`,
   * `/vendors/:id/…`) lists show that company's records only, a create is in that company whatever the
   * body says, and another company's record is a 404 (SPEC §10, lib/operations/company-scope.ts).
   */
  companyOwned?: boolean;
  /** Key of the array in collection answers (`products`). A stored entity's defaults to its name. */
  collectionKey?: string;
  collection?: CollectionShape;
  /**
   * POST and PUT answers: their keys and JSON types (lib/entities/answers.ts writes them, the OpenAPI document
   * describes them). A resource without it answers `{"<idField>": N}` with an integer; a stored entity's
   * defaults to its id, a number for a POST and a string for a PUT (SPEC §3).
   */
  answers?: { create?: AnswerKeys; update?: AnswerKeys };
  /** Constant keys the recording's POST/PUT answers also carry (`"message": ""` of POST /vendors). */
  answerExtras?: { create?: Record<string, unknown>; update?: Record<string, unknown> };
}

/** What only the OpenAPI document reads (lib/openapi/). */
export interface DocsFacet {
  /** `sort_by` values a list takes (for the docs of resources whose sorting is not a plain entity's). */
  sortKeys?: readonly string[];
  /** JSON Schemas of bodies that are not a field table (POST /orders). */
  bodySchemas?: { create?: Record<string, unknown>; update?: Record<string, unknown> };
  /** JSON Schemas of answers that are not ids (POST /orders adds `order_data`; a variation group's answers). */
  answerSchemas?: {
    create?: Record<string, unknown>;
    update?: Record<string, unknown>;
    /** A collection that is no field table's (webhook deliveries). */
    list?: Record<string, unknown>;
  };
  /** A create that may also answer 200 (an action that adds to an existing object: generate_product_variations). */
  createMayAnswer200?: boolean;
}

/** A resource of the API, its knobs grouped by the layer that reads them (docs/architecture.md). */
export interface ResourceDefinition {
  /** Path segment, lower case: `usergroups`. */
  name: string;
  schema: SchemaFacet;
  http: HttpFacet;
  docs?: DocsFacet;
}

export interface EntityDefinition extends ResourceDefinition {
  /** Resources under `/<entity>/:id/<nested>`. */
  nested?: Record<string, ResourceDefinition>;
  /**
   * Its functions' stack and the DynamoDB access its hooks add (lib/entities/deployment.ts). An exported
   * definition with a deployment is on the API: `npm run generate` lists it in the registry, the handler
   * table and the serverless functions.
   */
  deployment?: Deployment;
}

export type { DependentRule, FilterRule, ReferenceRule, SortRule } from './storage-rules.js';

/**
 * How lib/db keeps and lists a plain entity: one item per object with an integer id from a counter, listed
 * through index items (lib/db/entity-store.ts) so a page costs the same however many objects there are.
 */
export interface StorageFacet {
  /**
   * Storage name: key prefix and id counter (`product`); defaults to the singular of the entity's name.
   * Entities that share an id space share it (stores, vendors).
   */
  name: string;
  /** Fields with an equality index (a list partition and a count per value); id-list fields index every element. */
  indexes: readonly string[];
  /**
   * Indexes without count items: each value's partition stays small (a customer's orders), so a list's
   * `total_items` is a keys-only COUNT of the partition, and a write saves a count update per value. A
   * delete guard (`dependents`) needs the count: never name a guarded index here.
   */
  uncounted?: readonly string[];
  /** Filters (query parameter → rule). */
  filterRules?: Record<string, FilterRule>;
  /** `sort_by` values besides `id`; the first is not the default (id ascending is, SPEC §3). */
  sortRules?: Record<string, SortRule>;
  /**
   * Fields copied onto index items, so filters and sorts on them need no read of the record. Leave out
   * fields that change often (a price): every index item would be rewritten with them; a range on such a
   * field is read from its sort partition instead.
   */
  projected?: readonly string[];
  /**
   * Index fields, sort keys and text-rule fields that also get a copy per company (`IDX#product@3#status#A`,
   * `SORT#product@3#price`, `TXT#product@3#…`), so a vendor's list within its company reads only what it
   * answers (docs/data-model.md "Company-scoped items"). Needs `company_id` among `indexes`.
   */
  companyScoped?: readonly string[];
  /**
   * Indexes added by a later item layout (index → layout version, lib/db/layout.ts): a table written
   * before has no items for them until it is migrated, so lists do not read them until then.
   */
  indexSince?: Readonly<Record<string, number>>;
  /**
   * Indexes computed from the record when its items are written (index → values; name each in `indexes` too): a
   * sparse one holds only the records given values (an active product's categories: lib/operations/storefront/shelf.ts).
   */
  derivedIndexes?: Readonly<
    Record<string, (record: Readonly<Record<string, StoredValue | undefined>>) => StoredValue | undefined>
  >;
  /**
   * Postings (lib/db/postings.ts) from layout `since`: the ids of the records of each word of the `words` rules and
   * each value of the `values` fields, packed a chunk of ids an item, so a word search counts its match exactly
   * for a few bytes a match (lib/db/posting-list.ts).
   */
  postings?: {
    since: number;
    values: readonly string[];
    /**
     * Y/N fields whose `Y` alone is posted (a product's `free_shipping`, `is_edp`): a flag list (a vendor's, a
     * shopper's) intersects it with the posted values instead of counting a partition with a filter, for no write
     * unit on a record without the flag. Read only once the table's records have them (lib/db/flag-postings-ready.ts).
     */
    flags?: readonly string[];
  };
  /**
   * Indexes no list reads, kept for a delete guard's count or not at all (index → layout version): from that
   * layout a record's values of them write no index items, only the count (none when `uncounted`). An older
   * record's items are deleted when it is next written or migrated. An index on a field that has a text sort
   * (an order's status, sort `status`) is still filtered on: its sort items whose key begins with the value
   * answer it, in id order (lib/db/list-plan.ts), and its count counts them.
   */
  countOnlySince?: Readonly<Record<string, number>>;
  /**
   * Sort items added by a later item layout (sort key → layout version): until the table is on that
   * layout a list sorted (or ranged) by it reads the whole match and sorts in memory.
   */
  sortSince?: Readonly<Record<string, number>>;
  references?: readonly ReferenceRule[];
  dependents?: readonly DependentRule[];
  /**
   * Ids from per-instance blocks of this many (lib/db/id-blocks.ts) instead of one counter write per create: for
   * the kinds created at high rates (products, orders). Ids then increase per instance, not store-wide.
   */
  idBlock?: number;
  /**
   * Indexes whose partition per value stays small (a customer's orders, a variation group's products) and so needs
   * no write shards (index → the layout from which its items leave them: lib/db/partition-shards.ts): a lookup of
   * one value is one Query, not one per shard. Only one customer's or one group's writes reach such a partition.
   */
  unshardedSince?: Readonly<Record<string, number>>;
  /**
   * Constant fields (no `writableOn`) that hold their default are not stored (lib/db/stored-record.ts): readers show
   * them from the default, and a smaller item bills fewer write units (a product under 1 KB).
   */
  omitConstants?: boolean;
  /**
   * Index, sort and text partitions are split into write shards by the record's id (lib/db/partition-shards.ts),
   * so no partition key takes every write of the kind; lists read the shards of a range and merge them.
   */
  shardedPartitions?: boolean;
  /** Records holding this value are never listed, only read by id (a parent order: CS-Cart's fn_get_orders). */
  unlisted?: { field: string; value: string };
}

/**
 * A plain entity as its readers see it: the declaration of lib/entities/define.ts with the defaults derived from
 * its name filled in. Everything generic — validation, defaults, storage, paging with totals, reference checks,
 * the wire representation — comes from here.
 */
export interface StoredEntityDefinition extends EntityDefinition {
  schema: SchemaFacet & { idField: string };
  http: HttpFacet & { collectionKey: string; answers: { create: AnswerKeys; update: AnswerKeys } };
  storage: StorageFacet;
}
