import {
  type CountRef,
  type EntityRecord,
  type EntityRepository,
  type Extra,
  type ExtraItems,
  fieldOf,
  type ListCondition,
  type RecordOf,
  recordIdOf,
  type TransactItem,
  type WithId,
} from '../db/repository.js';
import type { TableContext } from '../db/table-context.js';
import { writeAnswer } from '../entities/answers.js';
import { presentDecorated, shownAs, type View, type WireView } from '../entities/present.js';
import type { FiltersOf, WriteValuesOf } from '../entities/record-types.js';
import type { StoredEntityDefinition, StoredValue } from '../entities/types.js';
import { readBodyFields, withDefaults } from '../entities/validate.js';
import { NotFoundError } from '../errors.js';
import { listDigest, nextCursor, readCursor } from '../http/cursor.js';
import { badRequest } from '../http/http-errors.js';
import type { ApiRequest, Operation } from '../http/operation.js';
import { readListPaging, searchEcho } from '../http/paging.js';
import { conditionalGet, ifMatchJudge } from '../http/preconditions.js';
import { type ApiResult, created, noContent, ok } from '../http/response.js';
import { parseId } from '../http/route.js';
import { filtersOf } from '../http/typed-input.js';
import { confinedCompany, type ScopeSource } from './company-scope.js';
import { withSwitchedFields } from './switched-fields.js';

/**
 * The five operations of a plain entity, from its repository (lib/db/repository.ts: the definition and the table it
 * is stored in, handed in by whoever composes the operation — lib/handlers/entity-handler.ts for a function). An
 * entity's own logic (a category's tree, a product's categories, an order's totals) comes in through hooks;
 * everything else — validation, defaults, vendor scope, paging, the wire representation, the answers — is the same
 * for all of them.
 *
 * The hooks of a definition `D` receive its records typed (`RecordOf<D>`: a product's `amount` a number), so a
 * hook reads its own fields without converting them. They are methods, so hooks written for one definition
 * serve the definitions built from it (a nested path's copy of products, the variations) as well.
 */
export interface EntityHooks<D extends StoredEntityDefinition = StoredEntityDefinition> {
  /** Conditions a list always applies (a nested path's parent: `/categories/:id/products`). */
  scope?(request: ApiRequest): Promise<ListCondition[]> | ListCondition[];
  /** Turns filter values into conditions where a filter is more than a field comparison (`cid` with subcats). */
  conditions?(
    filters: FiltersOf<D>,
    request: ApiRequest,
  ): Promise<ListCondition[] | undefined> | ListCondition[] | undefined;
  /** The list's conditions as a whole, reworded (the storefront's category page reads its active-products index). */
  refine?(conditions: ListCondition[]): Promise<ListCondition[]> | ListCondition[];
  /** The values to store on create, after validation and defaults (timestamps are set already). */
  create?(values: WriteValuesOf<D>, request: ApiRequest): Promise<WriteValuesOf<D>> | WriteValuesOf<D>;
  /** The changes to store on update, judged against the current record on every attempt. */
  update?(
    changes: WriteValuesOf<D>,
    current: RecordOf<D>,
    request: ApiRequest,
  ): Promise<WriteValuesOf<D>> | WriteValuesOf<D>;
  /** Runs before a delete, on every attempt; throws to refuse. */
  remove?(current: RecordOf<D>, request: ApiRequest): Promise<void> | void;
  /** Items a delete's transaction must also hold (a unique-value marker to free with the record). */
  removeItems?(current: RecordOf<D>): TransactItem[];
  /** Runs after a committed delete. */
  afterDelete?(deleted: RecordOf<D>): Promise<void>;
  /** Fields of a new record that depend on its id. */
  withId?(record: RecordOf<D>): Record<string, StoredValue>;
  /** Items the record's write transaction must also hold (the store calls them with its records typed as `D`'s). */
  extraItems?(request: ApiRequest): ExtraItemsOf<D>;
  /**
   * Counts a single object shows (a category's product_count: field → count item), read in the same
   * BatchGetItem as the record, so a GET of one object stays one DynamoDB request.
   */
  alongsideCounts?: (id: number) => Record<string, CountRef>;
  /** Fields computed at read time (a category's product_count); merged over the record before presenting. */
  decorate?(records: RecordOf<D>[], view: View): Promise<Array<Record<string, unknown>>>;
  /** Runs after a committed create or update (follow-up work that may fail without undoing it). */
  afterWrite?(record: RecordOf<D>, previous: RecordOf<D> | undefined, request: ApiRequest): Promise<void>;
}

/**
 * A definition's hooks, or what makes them for the table of the repository they serve (hooks that write items of
 * their own beside the record: the products' repriced items). lib/handlers/entity-handler.ts hands the maker its
 * repository's context, so a hook never names a table itself.
 */
export type HooksFor<D extends StoredEntityDefinition = StoredEntityDefinition> =
  | EntityHooks<D>
  | ((table: TableContext) => EntityHooks<D>);

/** The hooks `hooks` gives a repository over `table`. */
export const hooksOn = <D extends StoredEntityDefinition>(hooks: HooksFor<D>, table: TableContext): EntityHooks<D> =>
  typeof hooks === 'function' ? hooks(table) : hooks;

/**
 * ExtraItems for the records of `D`. Method-shaped (the React typings' "bivariance hack"), so hooks written for one
 * definition still serve the definitions built from it and the generic store, which hands over records of `D`.
 */
export type ExtraItemsOf<D extends StoredEntityDefinition> = {
  items(record: RecordOf<D>, previous?: RecordOf<D>): Extra | Promise<Extra>;
}['items'];

/** A hook's `extraItems` as the store calls them: the records it hands over are the definition's. */
export function extraItemsOf<D extends StoredEntityDefinition>(
  hooks: EntityHooks<D>,
  request: ApiRequest,
): ExtraItems | undefined {
  const extra = hooks.extraItems?.(request);
  return extra && ((record, previous) => extra(record as RecordOf<D>, previous as RecordOf<D> | undefined));
}

/** A hook's `withId` as the store calls it: the new record it is given is the definition's, id and all. */
export function withIdOf<D extends StoredEntityDefinition>(hooks: EntityHooks<D>): WithId | undefined {
  const { withId } = hooks;
  return withId && ((record) => withId(record as RecordOf<D>));
}

/**
 * A vendor sees only its own company's records of a vendor-scoped entity, and a store or vendor context
 * only that company's records of a company-owned one; any other is a 404 there (SPEC §10).
 */
export function assertVisible<R extends EntityRecord & { company_id?: number }>(
  def: StoredEntityDefinition,
  request: ScopeSource,
  record: R | undefined,
): R {
  if (!record) throw new NotFoundError();
  const company = confinedCompany(def, request);
  if (company !== undefined && record.company_id !== company) throw new NotFoundError();
  return record;
}

export async function presentAll<D extends StoredEntityDefinition, V extends WireView>(
  def: D,
  hooks: EntityHooks<D>,
  records: RecordOf<D>[],
  view: V,
) {
  const decorated = hooks.decorate ? await hooks.decorate(records, shownAs(view)) : records;
  return decorated.map((record) => presentDecorated(def, record, view));
}

export function listOperation<D extends StoredEntityDefinition>(
  repository: EntityRepository<D>,
  hooks: EntityHooks<D> = {},
): Operation {
  const { def } = repository;
  return async (request) => {
    const filters = filtersOf(def, request);
    if (def.http.collection?.shape === 'list') return ok(await everyRecord(repository, hooks, request, filters));
    const { paging, cursorText } = readListPaging(request.query, ['id', ...Object.keys(def.storage.sortRules ?? {})]);
    const conditions = await listConditions(def, hooks, request, filters);
    // A cursor belongs to one list: this entity, its nested path, filters and vendor scope, and its sort.
    const digest = listDigest([def.name, conditions.map((c) => [c.rule.field, c.rule.op, c.values.map(String)])]);
    const cursor = readCursor(cursorText, paging.sortBy, paging.sortOrder, digest);
    const { records, total, nextKey } = await repository.list({
      conditions,
      sortBy: paging.sortBy,
      descending: paging.sortOrder === 'desc',
      page: paging.page,
      itemsPerPage: paging.itemsPerPage,
      after: cursor?.k,
    });
    const echo = { ...searchEcho(paging, filters, total), next: nextCursor(paging, digest, nextKey) };
    const rows = withSwitchedFields(def, request.query, records, await presentAll(def, hooks, records, 'list'));
    const keyedBy = def.http.collection?.keyedBy;
    // A keyed collection (languages by lang_code): the page's rows as an object, in the page's order.
    const shown = keyedBy
      ? Object.fromEntries(rows.map((row, i) => [String(fieldOf(records[i]!, keyedBy)), row]))
      : rows;
    return ok({ [def.http.collectionKey]: shown, params: echo, search: echo });
  };
}

/** The conditions of a list: the hooks' scope and custom conditions, the filters, a vendor's company (also the storefront's facets). */
export async function listConditions<D extends StoredEntityDefinition>(
  def: D,
  hooks: EntityHooks<D>,
  request: ApiRequest,
  filters: FiltersOf<D>,
): Promise<ListCondition[]> {
  const custom = (await hooks.conditions?.(filters, request)) ?? [];
  const handled = new Set(custom.map((c) => c.rule.field));
  const conditions: ListCondition[] = [...((await hooks.scope?.(request)) ?? []), ...custom];
  for (const [name, value] of Object.entries(filters)) {
    const rule = def.storage.filterRules?.[name];
    // A list filter (`pid=12,13`) matches any of its values.
    if (rule && !handled.has(rule.field)) conditions.push({ rule, values: Array.isArray(value) ? value : [value] });
  }
  const company = confinedCompany(def, request);
  if (company !== undefined) conditions.push({ rule: { field: 'company_id', op: 'eq' }, values: [company] });
  return hooks.refine ? hooks.refine(conditions) : conditions;
}

/** A bare list (`collection.shape` `list`): every matching record by id ascending, no wrapper, no paging. */
async function everyRecord<D extends StoredEntityDefinition>(
  repository: EntityRepository<D>,
  hooks: EntityHooks<D>,
  request: ApiRequest,
  filters: FiltersOf<D>,
) {
  const { def } = repository;
  const conditions = await listConditions(def, hooks, request, filters);
  const { records } = await repository.list({ conditions, sortBy: 'id', descending: false, page: 1 });
  return presentAll(def, hooks, records, 'list');
}

export function getOperation<D extends StoredEntityDefinition>(
  repository: EntityRepository<D>,
  hooks: EntityHooks<D> = {},
): Operation {
  const { def } = repository;
  return async (request) => {
    const id = parseId(request.route.id);
    const counts = hooks.alongsideCounts?.(id);
    const { record: found, counts: extra } = counts
      ? await repository.getWithCounts(id, counts)
      : { record: await repository.get(id), counts: {} };
    const record = assertVisible(def, request, found);
    const [shown] = await presentAll(def, hooks, [{ ...record, ...extra }], 'single');
    return conditionalGet(request, ok(shown));
  };
}

/** What a single GET of `record` shows (its ETag's source), for judging a write's If-Match. */
async function presentedSingle<D extends StoredEntityDefinition>(
  repository: EntityRepository<D>,
  hooks: EntityHooks<D>,
  record: RecordOf<D>,
): Promise<unknown> {
  const { def } = repository;
  const refs = Object.entries(hooks.alongsideCounts?.(recordIdOf(def, record)) ?? {});
  const counts = Object.fromEntries(
    await Promise.all(refs.map(async ([field, ref]) => [field, await repository.count(ref)] as const)),
  );
  const [shown] = await presentAll(def, hooks, [{ ...record, ...counts }], 'single');
  return shown;
}

export function createOperation<D extends StoredEntityDefinition>(
  repository: EntityRepository<D>,
  hooks: EntityHooks<D> = {},
): Operation {
  const { def } = repository;
  return async (request) => {
    // A vendor's records belong to its company, and a context path's to that company, whatever the body
    // says (SPEC §10); the company counts as sent, so an entity that requires one (categories) has it.
    const company = confinedCompany(def, request);
    const body = company === undefined ? (request.body ?? {}) : { ...request.body, company_id: company };
    const complete = withDefaults(def, readBodyFields(def, 'create', body));
    // An import keeps the source's times; any other create is made now (the repository's clock).
    if (Object.hasOwn(def.schema.fields, 'timestamp')) complete.timestamp = repository.createdTime('timestamp');
    if (Object.hasOwn(def.schema.fields, 'updated_timestamp'))
      complete.updated_timestamp = repository.createdTime('updated_timestamp');
    // Validated and defaulted: each field now holds its record type (lib/http/typed-input.ts says why).
    let values = complete as WriteValuesOf<D>;
    if (hooks.create) values = await hooks.create(values, request);
    const record = await repository.create(values, { extra: extraItemsOf(hooks, request), withId: withIdOf(hooks) });
    await hooks.afterWrite?.(record, undefined, request);
    return created(writeAnswer(def, 'create', recordIdOf(def, record)));
  };
}

export function updateOperation<D extends StoredEntityDefinition>(
  repository: EntityRepository<D>,
  hooks: EntityHooks<D> = {},
): Operation {
  const { def } = repository;
  return async (request) => {
    const id = parseId(request.route.id);
    let previous: RecordOf<D> | undefined;
    const judgeIfMatch = ifMatchJudge(request);
    const record = await repository.update(
      id,
      async (current) => {
        previous = assertVisible(def, request, current);
        // RFC 9110 §13.2.2: the precondition before the body's content is judged; the write is conditioned on this version.
        await judgeIfMatch(() => presentedSingle(repository, hooks, current));
        const sent = readBodyFields(def, 'update', request.body ?? {});
        if (Object.keys(sent).length === 0) throw badRequest('Missing parameters');
        if (confinedCompany(def, request) !== undefined) delete sent.company_id;
        if (Object.hasOwn(def.schema.fields, 'updated_timestamp')) sent.updated_timestamp = repository.now();
        let changes = sent as WriteValuesOf<D>;
        if (hooks.update) changes = await hooks.update(changes, current, request);
        return changes;
      },
      extraItemsOf(hooks, request),
    );
    await hooks.afterWrite?.(record, previous, request);
    return ok(writeAnswer(def, 'update', id));
  };
}

export function deleteOperation<D extends StoredEntityDefinition>(
  repository: EntityRepository<D>,
  hooks: EntityHooks<D> = {},
): Operation {
  const { def } = repository;
  return async (request) => {
    const judgeIfMatch = ifMatchJudge(request);
    const deleted = await repository.delete(
      parseId(request.route.id),
      async (current) => {
        assertVisible(def, request, current);
        await judgeIfMatch(() => presentedSingle(repository, hooks, current));
        await hooks.remove?.(current, request);
      },
      hooks.removeItems,
    );
    await hooks.afterDelete?.(deleted);
    return noContent();
  };
}

const OPERATIONS = {
  list: listOperation,
  get: getOperation,
  create: createOperation,
  update: updateOperation,
  delete: deleteOperation,
} as const;

/** One operation of a plain entity with its hooks (lib/handlers/entity-handler.ts makes it a Lambda handler). */
export function entityOperation<D extends StoredEntityDefinition>(
  repository: EntityRepository<D>,
  operation: keyof typeof OPERATIONS,
  hooks: NoInfer<EntityHooks<D>> = {},
): Operation {
  return OPERATIONS[operation]<D>(repository, hooks);
}

export type { ApiResult };
