import type { FilterRule, StoredEntityDefinition, StoredValue } from '../entities/types.js';
import { ALL_INDEX, entityKeys } from './entity-keys.js';
import { countOf, getRecords, projectedName, projectValue, type EntityRecord } from './entity-store.js';
import { queryCount, queryFirst, type QueryInput } from './query.js';
import { padId } from './keys.js';
import { firstBeyond, parseTupleKey, tupleKey } from './tuple-key.js';

/**
 * Listing a plain entity (docs/data-model.md "Plain entities"). The cheapest source is chosen:
 *
 * 1. sorted by id with one equality filter on an indexed field (or none): that index partition is read
 *    keys-only up to the page's end and its count item gives `total_items` — two round trips in parallel,
 *    then one BatchGetItem of the page, whatever the number of records;
 * 2. further filters on projected fields become a FilterExpression on the same partition, and the total
 *    a parallel COUNT query over it (cost grows with the partition, not with the table);
 * 3. a sort on another key reads that key's sort partition with every filter as a FilterExpression;
 * 4. what index items cannot answer (a filter on an unprojected field, an in-memory sort, several index
 *    values at once such as a category with its subcategories) reads the matching ids and, only when
 *    needed, the records, and finishes in memory.
 */

export interface ListCondition {
  rule: FilterRule;
  /** One value, or several of which any may match (a category and its subcategories). */
  values: readonly StoredValue[];
}

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

export interface ListResult {
  records: EntityRecord[];
  total: number;
  /** The key of the page's last record when more records follow it, else null (the last page). */
  nextKey: string | null;
}

/** The position of a record in a list's order, as a cursor carries it: the sort item's key, or the padded id. */
type Keyed = { id: number; sk: string };

export async function listRecords(def: StoredEntityDefinition, request: ListRequest): Promise<ListResult> {
  const offset = request.itemsPerPage === undefined || request.after !== undefined ? 0 : (request.page - 1) * request.itemsPerPage;
  const end = request.itemsPerPage === undefined ? undefined : offset + request.itemsPerPage;
  const sort = request.sortBy === 'id' ? undefined : def.sortRules?.[request.sortBy];
  const isIndexed = (c: ListCondition) => c.rule.op === 'eq' && def.indexes.includes(c.rule.field) && c.values.length === 1;
  const projected = new Set(def.projected ?? []);
  // Every index item carries the record's id, so a condition on the id (`pid=12,13`) filters there too.
  const canProject = (c: ListCondition) => projected.has(c.rule.field) || (c.rule.field === def.idField && c.rule.op === 'eq');

  // The partition to read, and which conditions it already satisfies.
  let partition: string;
  let rest: ListCondition[];
  let countSk: string | undefined;
  if (sort && !sort.inMemory) {
    partition = entityKeys.sortPartition(def.storage, request.sortBy);
    rest = request.conditions;
  } else {
    const indexed = await mostSelective(def, request.conditions.filter(isIndexed));
    const value = indexed ? String(indexed.values[0]) : '';
    const index = indexed ? indexed.rule.field : ALL_INDEX;
    partition = entityKeys.indexPartition(def.storage, index, value);
    rest = request.conditions.filter((c) => c !== indexed);
    countSk = `${index}#${value}`;
  }

  // Several values of one index (a category and its subcategories): the union of their partitions.
  const union = !sort || sort.inMemory ? rest.find((c) => c.rule.op === 'eq' && def.indexes.includes(c.rule.field) && c.values.length > 1) : undefined;
  if (union && partition === entityKeys.indexPartition(def.storage, ALL_INDEX, '')) {
    rest = rest.filter((c) => c !== union);
  }
  const usesUnion = Boolean(union) && !rest.includes(union!);
  const inMemory = usesUnion || Boolean(sort?.inMemory) || rest.some((c) => !canProject(c) || (c.values.length > 1 && c.rule.op !== 'eq'));
  const filter = filterExpression(def, rest.filter(canProject));

  if (!inMemory) {
    // One more than the page, to know whether another page follows.
    const [keyed, total] = await Promise.all([
      readKeyed(partition, request.descending, filter, end === undefined ? undefined : end + 1, request.after),
      filter || !countSk ? countMatches(partition, filter) : countOf(def.storage, ...splitCount(countSk)),
    ]);
    const page = keyed.slice(offset, end);
    const more = end !== undefined && keyed.length > end;
    return { records: await getRecords(def, page.map((k) => k.id)), total, nextKey: more ? page[page.length - 1]!.sk : null };
  }

  // In memory: every matching id, then the records only if a condition or the sort needs them.
  let ids = usesUnion
    ? unionOf(await Promise.all(union!.values.map((value) => readIds(entityKeys.indexPartition(def.storage, union!.rule.field, String(value)), false, filter))))
    : await readIds(partition, false, filter);
  const needRecords = Boolean(sort?.inMemory) || rest.some((c) => !canProject(c));
  let records: EntityRecord[] | undefined;
  if (needRecords) {
    records = (await getRecords(def, ids)).filter((record) => rest.every((c) => canProject(c) || matches(record, c)));
    if (sort?.inMemory) records.sort((a, b) => compare(a[sort.field], b[sort.field], sort.numeric) || Number(a[def.idField]) - Number(b[def.idField]));
    if (request.descending) records.reverse();
    ids = records.map((record) => Number(record[def.idField]));
  } else if (request.descending) {
    ids.reverse();
  }
  const total = ids.length;
  // Keyset paging in memory: the key is the padded id, or (sort value, id) for an in-memory sort.
  const keyOf = (i: number): string =>
    sort?.inMemory && records ? tupleKey(String(records[i]![sort.field] ?? ''), ids[i]!) : padId(ids[i]!);
  let start = offset;
  if (request.after !== undefined) {
    const after = request.after;
    const beyond = (i: number) => {
      if (!(sort?.inMemory && records)) return request.descending ? keyOf(i) < after : keyOf(i) > after;
      const [value, id] = parseTupleKey(after, ['string']) as [string, number];
      const order = compare(records[i]![sort.field], value, sort.numeric) || ids[i]! - id;
      return request.descending ? order < 0 : order > 0;
    };
    start = firstBeyond(ids, (_id, i) => beyond(i));
  }
  const stop = request.itemsPerPage === undefined ? undefined : start + request.itemsPerPage;
  const pageIds = ids.slice(start, stop);
  const pageRecords = records ? records.slice(start, stop) : await getRecords(def, pageIds);
  const more = stop !== undefined && ids.length > stop;
  return { records: pageRecords, total, nextKey: more ? keyOf(stop - 1) : null };
}

/** The sorted, de-duplicated union of several id lists (a product in two subcategories counts once). */
function unionOf(lists: number[][]): number[] {
  return [...new Set(lists.flat())].sort((a, b) => a - b);
}

/** Of several indexed equality conditions, the one with the fewest records (one BatchGet of counts). */
async function mostSelective(def: StoredEntityDefinition, candidates: ListCondition[]): Promise<ListCondition | undefined> {
  if (candidates.length <= 1) return candidates[0];
  const counts = await Promise.all(candidates.map((c) => countOf(def.storage, c.rule.field, String(c.values[0]))));
  let best = 0;
  counts.forEach((count, i) => {
    if (count < counts[best]!) best = i;
  });
  return candidates[best];
}

function splitCount(countSk: string): [string, string] {
  const at = countSk.indexOf('#');
  return [countSk.slice(0, at), countSk.slice(at + 1)];
}

interface Filter {
  expression: string;
  names: Record<string, string>;
  values: Record<string, unknown>;
}

function filterExpression(def: StoredEntityDefinition, conditions: ListCondition[]): Filter | undefined {
  if (conditions.length === 0) return undefined;
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const parts = conditions.map((condition, i) => {
    const name = `#f${i}`;
    names[name] = condition.rule.field === def.idField ? 'id' : projectedName(condition.rule);
    const isList = def.fields[condition.rule.field]?.kind === 'intList';
    const alternatives = condition.values.map((value, j) => {
      const placeholder = `:f${i}_${j}`;
      values[placeholder] = projectValue(def, condition.rule, condition.rule.op === 'contains' ? String(value).toLowerCase() : value);
      switch (condition.rule.op) {
        case 'eq':
          return isList ? `contains(${name}, ${placeholder})` : `${name} = ${placeholder}`;
        case 'gte':
          return `${name} >= ${placeholder}`;
        case 'lte':
          return `${name} <= ${placeholder}`;
        case 'contains':
          return `contains(${name}, ${placeholder})`;
      }
    });
    return alternatives.length === 1 ? alternatives[0] : `(${alternatives.join(' OR ')})`;
  });
  return { expression: parts.join(' AND '), names, values };
}

function queryInput(partition: string, descending: boolean, filter?: Filter): QueryInput {
  return {
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': partition, ...filter?.values },
    ...(filter ? { FilterExpression: filter.expression, ExpressionAttributeNames: { '#id': 'id', ...filter.names } } : { ExpressionAttributeNames: { '#id': 'id' } }),
    ProjectionExpression: '#id',
    ScanIndexForward: !descending,
    ConsistentRead: true,
  };
}

/** The ids of a partition in key order, up to `limit` (all without one). */
async function readIds(partition: string, descending: boolean, filter?: Filter, limit?: number): Promise<number[]> {
  return (await readKeyed(partition, descending, filter, limit)).map((k) => k.id);
}

/** The ids and sort keys of a partition in key order, after `after` (exclusive) when given, up to `limit`. */
async function readKeyed(partition: string, descending: boolean, filter?: Filter, limit?: number, after?: string): Promise<Keyed[]> {
  const input = queryInput(partition, descending, filter);
  input.ProjectionExpression = '#id, sk';
  // Without a filter every item read is a match, so DynamoDB can stop exactly at the page's end.
  if (!filter && limit !== undefined) input.Limit = limit;
  const items = await queryFirst(input, limit, after === undefined ? undefined : { pk: partition, sk: after });
  return items.map((item) => ({ id: Number(item.id), sk: String(item.sk) }));
}

async function countMatches(partition: string, filter?: Filter): Promise<number> {
  const input = queryInput(partition, false, filter);
  delete input.ProjectionExpression;
  if (!filter) delete input.ExpressionAttributeNames;
  else delete input.ExpressionAttributeNames?.['#id'];
  return queryCount(input);
}

function matches(record: EntityRecord, condition: ListCondition): boolean {
  const value = record[condition.rule.field];
  return condition.values.some((wanted) => {
    switch (condition.rule.op) {
      case 'eq':
        return Array.isArray(value) ? value.map(String).includes(String(wanted)) : String(value) === String(wanted);
      case 'gte':
        return compare(value, wanted, true) >= 0;
      case 'lte':
        return compare(value, wanted, true) <= 0;
      case 'contains':
        return String(value ?? '').toLowerCase().includes(String(wanted).toLowerCase());
    }
  });
}

function compare(a: StoredValue | undefined, b: StoredValue | undefined, numeric: boolean): number {
  if (numeric) return Number(a ?? 0) - Number(b ?? 0);
  return String(a ?? '').toLowerCase().localeCompare(String(b ?? '').toLowerCase());
}

/** Every id in one equality index partition, in id order (a category's subtree: `path_ids#<id>`). */
export function idsInIndex(def: StoredEntityDefinition, index: string, value: string | number): Promise<number[]> {
  return readIds(entityKeys.indexPartition(def.storage, index, value), false);
}
