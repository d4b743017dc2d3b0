import type { StoredEntityDefinition } from '../entities/types.js';
import { ValidationError } from '../errors.js';
import { type BucketReader, bucketPage } from './bucket-page.js';
import { projectedName } from './entity-items.js';
import { countsAt, type EntityRecord, fieldOf, getRecords, type RecordOf, recordIdOf } from './entity-store.js';
import { padId } from './keys.js';
import { LAYOUT_VERSION } from './layout.js';
import {
  canProject,
  compare,
  compareSortable,
  contradictoryRange,
  distinctConditions,
  type Filter,
  filterExpression,
  judgedOnTextItem,
  type ListCondition,
  matches,
  sortableValue,
} from './list-filter.js';
import { chooseDriver, indexRange, type KeyRange } from './list-plan.js';
import { postingPage } from './posting-list.js';
import type { QueryInput } from './query.js';
import { smallestRangeItems } from './range-race.js';
import { countMerged, partitionsOf, queryMerged } from './sharded-query.js';
import type { TableContext } from './table-context.js';
import { textRules, wordQuery } from './text-items.js';
import { firstBeyond, parseTupleKey, tupleKey } from './tuple-key.js';

/**
 * Listing a plain entity (docs/data-model.md "Plain entities: how a list is read"). lib/db/list-plan.ts
 * picks the key range the most selective condition names; the other conditions become a FilterExpression
 * on the projected fields its items carry. Then:
 *
 * 1. when the range's key order is the list's order and no record is needed to judge a condition, a page
 *    is a keyset Query up to the page's end, and `total_items` the range's count item (or a keys-only COUNT
 *    of the range when a filter or bounds apply): what the page and the match hold, not the store;
 * 2. otherwise (a text match in id order, a sort by another key than the range's, a condition only the
 *    record can judge) every match's key is read, and the records only when needed; the page is cut in
 *    memory. That costs the size of the match.
 */

export type { ListCondition } from './list-filter.js';

export interface ListRequest {
  conditions: ListCondition[];
  /** `id` or a key of the definition's sortRules. */
  sortBy: string;
  descending: boolean;
  page: number;
  /** Absent: every matching record (a collection without paging, `collection.shape` `list`). */
  itemsPerPage?: number;
  /**
   * Keyset paging: the page starts right after this key (a `nextKey` of an earlier answer with the same
   * sort and conditions) instead of at `page`. Objects created or deleted meanwhile shift nothing.
   */
  after?: string;
}

export interface ListResult<R extends EntityRecord = EntityRecord> {
  records: R[];
  total: number;
  /** The key of the page's last record when more records follow it, else null (the last page). */
  nextKey: string | null;
}

/** At most this many ids named by a query are read by id (a BatchGetItem per 100); more: the list as any other. */
const MAX_NAMED_IDS = 100;

/** The position of a record in a list's order, as a cursor carries it: the item's sort key. */
type Keyed = { id: number; sk: string };

/** Does the definition have items of a later layout (so lists must know whether the table has them yet)? */
const usesLayouts = (def: StoredEntityDefinition) =>
  Boolean(
    def.storage.companyScoped?.length || def.storage.indexSince || def.storage.sortSince || textRules(def).length,
  );

/** A page of `def`'s records from `context`'s table (this instance's unless told: lib/db/repository.ts hands its own). */
export async function listRecords<D extends StoredEntityDefinition>(
  def: D,
  request: ListRequest,
  context: TableContext,
): Promise<ListResult<RecordOf<D>>> {
  const offset =
    request.itemsPerPage === undefined || request.after !== undefined ? 0 : (request.page - 1) * request.itemsPerPage;
  const end = request.itemsPerPage === undefined ? undefined : offset + request.itemsPerPage;
  const sort = request.sortBy === 'id' ? undefined : def.storage.sortRules?.[request.sortBy];
  // A text query without a word or character in it asks nothing (as an empty `q` always did).
  const conditions = distinctConditions(request.conditions.filter((c) => !isEmptyText(c)));
  if (contradictoryRange(conditions)) return { records: [], total: 0, nextKey: null };
  const layout = usesLayouts(def) ? await context.layout() : LAYOUT_VERSION;
  const ready = layout >= 2;
  // A word search its postings answer: an exact total for a few bytes a match, only the page's records read.
  const posted = await postingPage(
    def,
    layout,
    conditions,
    {
      sortBy: request.sortBy,
      descending: request.descending,
      offset,
      perPage: request.itemsPerPage,
      after: request.after,
    },
    context,
  );
  if (posted) return posted;
  // Ids named by the query (`pid=12,13`): those records, every other condition judged on them — not the `all`
  // partition read whole with a filter on the id, which costs the catalogue.
  const named = conditions.find(
    (c) => c.rule.field === def.schema.idField && c.rule.op === 'eq' && c.values.length <= MAX_NAMED_IDS,
  );
  const driver: Awaited<ReturnType<typeof chooseDriver>> = named
    ? { ranges: [], consumed: [named], order: 'id' }
    : await chooseDriver({ def, conditions, sortBy: request.sortBy, ready, layout, table: context });
  const rest = conditions.filter((c) => !driver.consumed.includes(c));
  // What the range's items can judge: text items carry less than index and sort items; a bucketed range's
  // bounds are judged on the exact value its items carry.
  const judged = (c: ListCondition) =>
    !named &&
    (Boolean(driver.judged?.includes(c)) || (driver.text ? judgedOnTextItem(def, driver.text, c) : canProject(def, c)));
  const filter = filterExpression(def, rest.filter(judged), ready);
  const needRecords = Boolean(named) || rest.some((c) => !judged(c));
  const [range] = driver.ranges;
  const bounded = Boolean((range?.begins && !driver.slice) || range?.from || range?.to);
  // The count item answers when nothing it does not account for narrows the range.
  const counted = driver.count && !bounded && rest.every((c) => driver.counted?.includes(c));
  const totalOf = (r: KeyRange) =>
    counted ? countsAt([driver.count!], context).then(([count]) => count!) : countMatches(context, def, r, filter);

  if (driver.bucketed && sort?.bucketed && driver.order === request.sortBy && !needRecords && range) {
    const [page, total] = await Promise.all([
      bucketPage(bucketReader(context, def, range, request.descending, filter, sort.field), {
        descending: request.descending,
        offset,
        perPage: request.itemsPerPage,
        cursor: request.after === undefined ? undefined : bucketCursor(request.after),
        from: range.from,
        to: range.to,
      }),
      totalOf(range),
    ]);
    const last = page.items[page.items.length - 1];
    return {
      records: await getRecords(
        def,
        page.items.map((item) => item.id),
        context,
      ),
      total,
      nextKey: page.more && last ? tupleKey(String(last.value), last.id) : null,
    };
  }

  if (driver.ranges.length === 1 && driver.order === (sort ? request.sortBy : 'id') && !needRecords && range) {
    const limit = end === undefined ? undefined : end + 1;
    // A slice's keys are `<value>#<id>`; a cursor issued before the table reached the slice's layout holds the id
    // alone (lib/db/list-plan.ts sliceDriver): the same position in the slice.
    const after =
      driver.slice && request.after !== undefined && !request.after.startsWith(range.begins!)
        ? `${range.begins}${request.after}`
        : request.after;
    const read = () => readKeyed(context, def, range, request.descending, filter, limit, after);
    const [keyed, total] = driver.small
      ? await readSmall(context, def, range, filter, read, request.after === undefined ? (limit ?? Infinity) : 0)
      : await Promise.all([read(), totalOf(range)]);
    const page = keyed.slice(offset, end);
    const more = end !== undefined && keyed.length > end;
    return {
      records: await getRecords(
        def,
        page.map((k) => k.id),
        context,
      ),
      total,
      nextKey: more ? page[page.length - 1]!.sk : null,
    };
  }

  // In memory: every matching id (de-duplicated: a record has an item per word), then the records if needed.
  const lists = named
    ? [[...new Set(named.values.map(Number))].filter(Number.isSafeInteger).map((id) => ({ id, sk: padId(id) }))]
    : driver.smallest
      ? [
          (
            await smallestRangeItems(
              await Promise.all(
                driver.ranges.map(async (r) => ({
                  pks: await partitionsOf(def, r, () => context.layout()),
                  input: queryInput(r, false, filter),
                })),
              ),
              context,
            )
          ).map((item) => ({ id: Number(item.id), sk: String(item.sk) })),
        ]
      : await Promise.all(driver.ranges.map((r) => readKeyed(context, def, r, false, filter)));
  let ids = [...new Set(lists.flat().map((k) => k.id))];
  let records: RecordOf<D>[] | undefined;
  if (needRecords || sort) {
    records = (await getRecords(def, ids, context)).filter((record) =>
      rest.every((c) => judged(c) || matches(withDerived(def, record, c), c)),
    );
    const byId = (a: EntityRecord, b: EntityRecord) => recordIdOf(def, a) - recordIdOf(def, b);
    if (sort) {
      // Each record's sort value once, not once per comparison.
      const value = new Map(
        records.map((record) => [record, sortableValue(fieldOf(record, sort.field), sort.numeric)]),
      );
      records.sort((a, b) => compareSortable(value.get(a)!, value.get(b)!) || byId(a, b));
    } else records.sort(byId);
    if (request.descending) records.reverse();
    ids = records.map((record) => recordIdOf(def, record));
  } else {
    ids.sort((a, b) => (request.descending ? b - a : a - b));
  }
  const total = ids.length;
  // Keyset paging in memory: the key is the padded id, or (sort value, id) for a sort.
  const keyOf = (i: number): string =>
    sort && records ? tupleKey(String(fieldOf(records[i]!, sort.field) ?? ''), ids[i]!) : padId(ids[i]!);
  let start = offset;
  if (request.after !== undefined) {
    const after = request.after;
    const beyond = (i: number) => {
      if (!(sort && records)) return request.descending ? keyOf(i) < after : keyOf(i) > after;
      const [value, id] = parseTupleKey(after, ['string']) as [string, number];
      const order = compare(fieldOf(records[i]!, sort.field), value, sort.numeric) || ids[i]! - id;
      return request.descending ? order < 0 : order > 0;
    };
    start = firstBeyond(ids, (_id, i) => beyond(i));
  }
  const stop = request.itemsPerPage === undefined ? undefined : start + request.itemsPerPage;
  const pageIds = ids.slice(start, stop);
  const pageRecords = records ? records.slice(start, stop) : await getRecords(def, pageIds, context);
  const more = stop !== undefined && ids.length > stop;
  return { records: pageRecords, total, nextKey: more ? keyOf(stop - 1) : null };
}

/** A record as a condition on a derived index (`derivedIndexes`: no field of its own) judges it: with that value. */
function withDerived<R extends EntityRecord>(def: StoredEntityDefinition, record: R, c: ListCondition): R {
  const derive = def.storage.derivedIndexes?.[c.rule.field];
  return derive ? { ...record, [c.rule.field]: derive(record) } : record;
}

function isEmptyText(c: ListCondition): boolean {
  if (c.rule.op === 'words') return wordQuery(String(c.values[0] ?? ''), c.match ?? 'exact').words.length === 0;
  if (c.rule.op === 'prefix') return c.values.length === 1 && String(c.values[0] ?? '').trim() === '';
  return false;
}

function queryInput(range: KeyRange, descending: boolean, filter?: Filter): QueryInput {
  const names: Record<string, string> = { '#id': 'id', ...filter?.names };
  const values: Record<string, unknown> = { ':pk': range.pk, ...filter?.values };
  let key = 'pk = :pk';
  if (range.begins !== undefined) {
    key += ' AND begins_with(sk, :begins)';
    values[':begins'] = range.begins;
  } else if (range.from !== undefined && range.to !== undefined) {
    key += ' AND sk BETWEEN :from AND :to';
    Object.assign(values, { ':from': range.from, ':to': range.to });
  } else if (range.from !== undefined) {
    key += ' AND sk >= :from';
    values[':from'] = range.from;
  } else if (range.to !== undefined) {
    key += ' AND sk <= :to';
    values[':to'] = range.to;
  }
  return {
    KeyConditionExpression: key,
    ExpressionAttributeValues: values,
    ExpressionAttributeNames: names,
    ...(filter ? { FilterExpression: filter.expression } : {}),
    ProjectionExpression: '#id, sk',
    ScanIndexForward: !descending,
    ConsistentRead: true,
  };
}

/**
 * The ids and sort keys of a key range in key order, after `after` (exclusive) when given, up to `limit`;
 * a range of a sharded partition is read from each shard and merged (lib/db/sharded-query.ts).
 */
async function readKeyed(
  context: TableContext,
  def: StoredEntityDefinition,
  range: KeyRange,
  descending: boolean,
  filter?: Filter,
  limit?: number,
  after?: string,
): Promise<Keyed[]> {
  // DynamoDB's Limit follows from `limit` and the filter (lib/db/sharded-query.ts `readSize`).
  const items = await rangeItems(context, def, range, queryInput(range, descending, filter), descending, limit, after);
  return items.map((item) => ({ id: Number(item.id), sk: String(item.sk) }));
}

/** The items of `input`'s query over the partitions of `range` (each shard of a sharded one), merged in key order. */
async function rangeItems(
  context: TableContext,
  def: StoredEntityDefinition,
  range: KeyRange,
  input: ReturnType<typeof queryInput>,
  descending: boolean,
  limit: number | undefined,
  after: string | undefined,
) {
  const partitions = await partitionsOf(def, range, () => context.layout());
  return queryMerged(partitions, input, descending, limit, after, context);
}

/** Reads a bucketed sort partition's range for lib/db/bucket-page.ts: ids, sort keys and the exact values. */
function bucketReader(
  context: TableContext,
  def: StoredEntityDefinition,
  range: KeyRange,
  descending: boolean,
  filter: Filter | undefined,
  field: string,
): BucketReader {
  const value = projectedName({ field, op: 'gte' });
  return async ({ begins, after, limit }) => {
    const input = queryInput(begins === undefined ? range : { pk: range.pk, begins }, descending, filter);
    input.ProjectionExpression += ', #value';
    input.ExpressionAttributeNames = { ...input.ExpressionAttributeNames, '#value': value };
    const items = await rangeItems(context, def, range, input, descending, limit, after);
    return items.map((item) => ({ id: Number(item.id), sk: String(item.sk), value: Number(item[value] ?? 0) }));
  };
}

/** A bucketed list's cursor: `[value, id]`, the value as the lists sorted in memory write it (a string). */
function bucketCursor(after: string): [number, number] {
  const [value, id] = parseTupleKey(after, ['string', 'number']);
  const number = Number(value);
  if (!Number.isFinite(number)) throw new ValidationError('The cursor parameter does not fit this list');
  return [number, id];
}

/**
 * A page of a small partition (an `uncounted` index) and its size: when the read of up to `limit` items from
 * the partition's start came back short, it held every match, so they are the count; else a COUNT Query.
 * (`limit` Infinity: the read takes every match; 0: it starts after a cursor, so it always counts.)
 */
async function readSmall(
  context: TableContext,
  def: StoredEntityDefinition,
  range: KeyRange,
  filter: Filter | undefined,
  read: () => Promise<Keyed[]>,
  limit: number,
): Promise<[Keyed[], number]> {
  const keyed = await read();
  if (keyed.length < limit) return [keyed, keyed.length];
  return [keyed, await countMatches(context, def, range, filter)];
}

/** How many items of a key range pass the filter: a COUNT Query (one per shard), keys and filtered fields only. */
async function countMatches(
  context: TableContext,
  def: StoredEntityDefinition,
  range: KeyRange,
  filter?: Filter,
): Promise<number> {
  const input = queryInput(range, false, filter);
  delete input.ProjectionExpression;
  delete input.ExpressionAttributeNames!['#id'];
  if (Object.keys(input.ExpressionAttributeNames!).length === 0) delete input.ExpressionAttributeNames;
  return countMerged(await partitionsOf(def, range, () => context.layout()), input, context);
}

/** Every id in one equality index partition, in id order (a category's subtree: `path_ids#<id>`). */
export async function idsInIndex(
  def: StoredEntityDefinition,
  index: string,
  value: string | number,
  context: TableContext,
): Promise<number[]> {
  return (await readKeyed(context, def, indexRange(def, def.storage.name, index, String(value)), false)).map(
    (k) => k.id,
  );
}
