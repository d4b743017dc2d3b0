import type { StoredEntityDefinition } from '../entities/types.js';
import type { EntityRecord, RecordOf } from './entity-reads.js';
import { getRecords } from './entity-reads.js';
import { FLAG_POSTINGS_LAYOUT } from './flag-postings-ready.js';
import { padId } from './keys.js';
import type { ListCondition } from './list-filter.js';
import { hasPartitionShards, shardPks } from './partition-shards.js';
import {
  FLAG_ON,
  idsOfPosting,
  POSTED_IDS,
  postingsReady,
  valuePostingPartition,
  wordPostingPartition,
} from './postings.js';
import { queryAll } from './query.js';
import type { TableContext } from './table-context.js';
import type { TableTarget } from './table-target.js';
import { tokenShard, wordQuery, wordsOf } from './text-items.js';

/**
 * A word search answered from postings (lib/db/postings.ts): `q` with `match=all` or `any` (or `exact` of one word),
 * alone or with equalities of posted fields (a vendor's `company_id`, a shopper's `status` A), in id order — or, with
 * no word, a flag's `Y` with such equalities (a vendor's `free_shipping=Y`). Each
 * query word is one Query of its partition (`begins_with` the word: every word starting with it), each posted value
 * one Query; the ids are intersected (all) or united (any) in memory, so `total_items` is exact, and only the page's
 * records are read. Anything else — a sort, another filter, a phrase of several words — is not planned here, and the
 * list reads as before (lib/db/entity-list.ts).
 */

/** At most this many values of one posted equality (`company_id=1,2,3`): each is a Query. */
const MAX_VALUES = 10;

/** One posting read: a partition and the sort key prefix its items start with. */
export interface PostingRead {
  pk: string;
  begins: string;
}

/** What the ids must be in: every group (all of them), each group the union of its reads. */
export interface PostingPlan {
  /** Intersected; a group's reads are united. */
  groups: PostingRead[][];
  /** `any`: the word groups are united first, then intersected with the value groups. */
  anyWords: boolean;
  wordGroups: number;
}

/** A flag's equality its postings answer: `<flag>=Y` (only the Y is posted: lib/db/postings.ts FLAG_ON). */
const isPostedFlag = (def: StoredEntityDefinition, c: ListCondition) =>
  c.rule.op === 'eq' &&
  Boolean(def.storage.postings?.flags?.includes(c.rule.field)) &&
  c.values.length === 1 &&
  String(c.values[0]) === FLAG_ON;

/**
 * The reads a list's conditions need, or undefined when postings cannot answer it exactly (pure). Words first, then
 * the posted equalities; without words, a list of posted equalities with a flag among them (`flagsReady`: every
 * record has its flags' postings) — a vendor's or a shopper's `free_shipping=Y`, which its flag's index partition
 * would answer only by counting every flagged product with the company or status judged on each.
 */
export function postingPlan(
  def: StoredEntityDefinition,
  conditions: readonly ListCondition[],
  sortBy: string,
  flagsReady = false,
): PostingPlan | undefined {
  const posted = def.storage.postings;
  if (!posted || sortBy !== 'id') return undefined;
  const words = conditions.filter((c) => c.rule.op === 'words');
  if (words.length > 1) return undefined;
  const flagged = flagsReady && conditions.some((c) => isPostedFlag(def, c));
  if (words.length === 0 && !flagged) return undefined;
  const text = words[0];
  const match = text?.match ?? 'exact';
  const groups: PostingRead[][] = [];
  if (text) {
    const query = String(text.values[0] ?? '');
    // A phrase of several words needs their order: only the words text of the text items or records knows it.
    if (match === 'exact' && wordsOf(query).length !== 1) return undefined;
    const { words: tokens } = wordQuery(query, match);
    if (tokens.length === 0) return undefined;
    for (const token of tokens)
      groups.push([{ pk: wordPostingPartition(def.storage.name, text.rule.field, tokenShard(token)), begins: token }]);
  }
  const wordGroups = groups.length;
  for (const c of conditions) {
    if (c === text) continue;
    const postedValue = c.rule.op === 'eq' && posted.values.includes(c.rule.field);
    if (!postedValue && !(flagsReady && isPostedFlag(def, c))) return undefined;
    if (c.values.length === 0 || c.values.length > MAX_VALUES) return undefined;
    groups.push(
      c.values.map((value) => ({ pk: valuePostingPartition(def.storage.name, c.rule.field), begins: `${value}#` })),
    );
  }
  return { groups, anyWords: match === 'any' && wordGroups > 0, wordGroups };
}

/** The ids the plan asks for, given each read's ids (in the plan's order), ascending (pure). */
export function combinePostings(plan: PostingPlan, read: ReadonlyArray<ReadonlyArray<readonly number[]>>): number[] {
  const union = (lists: ReadonlyArray<readonly number[]>) => new Set(lists.flat());
  const sets = read.map(union);
  const words = sets.slice(0, plan.wordGroups);
  const values = sets.slice(plan.wordGroups);
  const wordSets = plan.anyWords ? [union(words.map((set) => [...set]))] : words;
  const [smallest, ...others] = [...wordSets, ...values].sort((a, b) => a.size - b.size);
  if (!smallest) return [];
  return [...smallest].filter((id) => others.every((set) => set.has(id))).sort((a, b) => a - b);
}

/** Reads one posting range whole (each partition shard of it, for a sharded definition): its items' ids. */
const readPosting = (def: StoredEntityDefinition, read: PostingRead, table: TableTarget) =>
  readPostingIds(hasPartitionShards(def) ? shardPks(read.pk) : [read.pk], read.begins, true, table);

/**
 * The ids of the posting items starting with `begins` in these partitions (one Query each, strongly consistent
 * unless told: an eventually consistent Query costs half, at least half a read unit instead of one).
 */
export async function readPostingIds(
  pks: readonly string[],
  begins: string,
  consistent = true,
  table: TableTarget,
): Promise<number[]> {
  const shards = await Promise.all(
    pks.map((pk) =>
      queryAll(
        {
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :begins)',
          ExpressionAttributeNames: { '#ids': POSTED_IDS },
          ExpressionAttributeValues: { ':pk': pk, ':begins': begins },
          ProjectionExpression: 'sk, #ids',
          ConsistentRead: consistent,
        },
        table,
      ),
    ),
  );
  return shards
    .flat()
    .flatMap((item) => idsOfPosting(String(item.sk), item[POSTED_IDS] as Set<Uint8Array> | undefined));
}

export interface PostingPage<R extends EntityRecord> {
  records: R[];
  total: number;
  nextKey: string | null;
}

/**
 * The page of a list its postings answer (undefined: they cannot; the caller lists as before). `offset`/`perPage` as
 * listRecords's; `after` a cursor (the padded id of the last record of the page before).
 */
export async function postingPage<D extends StoredEntityDefinition>(
  def: D,
  layout: number,
  conditions: readonly ListCondition[],
  request: { sortBy: string; descending: boolean; offset: number; perPage?: number; after?: string },
  context: TableContext,
): Promise<PostingPage<RecordOf<D>> | undefined> {
  if (!postingsReady(def, layout)) return undefined;
  // The table's layout is read only for a list with a flag in it (then remembered: lib/db/flag-postings-ready.ts).
  const flagsReady = conditions.some((c) => isPostedFlag(def, c)) && (await context.layout()) >= FLAG_POSTINGS_LAYOUT;
  const plan = postingPlan(def, conditions, request.sortBy, flagsReady);
  if (!plan) return undefined;
  const read = await Promise.all(
    plan.groups.map((group) => Promise.all(group.map((r) => readPosting(def, r, context)))),
  );
  const ids = combinePostings(plan, read);
  if (request.descending) ids.reverse();
  const after = request.after;
  let start = request.offset;
  if (after !== undefined) {
    const beyond = ids.findIndex((id) => (request.descending ? padId(id) < after : padId(id) > after));
    start = beyond < 0 ? ids.length : beyond;
  }
  const stop = request.perPage === undefined ? undefined : start + request.perPage;
  const page = ids.slice(start, stop);
  const more = stop !== undefined && ids.length > stop;
  return {
    records: await getRecords(def, page, context),
    total: ids.length,
    nextKey: more ? padId(page[page.length - 1]!) : null,
  };
}
