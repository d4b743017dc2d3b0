/**
 * A sharded partition read through DynamoDB (lib/db/sharded-query.ts `queryMerged`, lib/db/shard-merge.ts): each
 * shard is read only as far as the merge needs, and a shard holding more of the page than its first share is read
 * further from where it stopped (ExclusiveStartKey), with a filter, a cursor and in either order. In-process, on
 * DynamoDB Local; the partition is this test's own.
 */
import { describe, expect, it } from 'vitest';
import { db } from '../../lib/db/client.js';
import { writeItem } from '../../lib/db/items.js';
import { padId } from '../../lib/db/keys.js';
import { PARTITION_SHARDS, shardPks } from '../../lib/db/partition-shards.js';
import type { QueryInput } from '../../lib/db/query.js';
import { queryMerged } from '../../lib/db/sharded-query.js';
import { traceCalls } from '../support/dynamodb-steps.js';

const base = `TEST#merge#${Date.now()}#${Math.floor(Math.random() * 1e6)}`;
const pks = shardPks(base);
// Skewed on purpose: ids 1–40 all in shard 0, then 41–80 spread over every shard.
const shardOf = (id: number) => (id <= 40 ? 0 : id % PARTITION_SHARDS);
const IDS = Array.from({ length: 80 }, (_, i) => i + 1);
const even = (id: number) => id % 2 === 0;

const input = (filtered: boolean): QueryInput => ({
  KeyConditionExpression: 'pk = :pk',
  ExpressionAttributeNames: { '#id': 'id', ...(filtered ? { '#even': 'even' } : {}) },
  ExpressionAttributeValues: filtered ? { ':yes': true } : {},
  ...(filtered ? { FilterExpression: '#even = :yes' } : {}),
  ProjectionExpression: '#id, sk',
  ConsistentRead: true,
});

const ids = (items: Record<string, unknown>[]) => items.map((item) => Number(item.id));

describe('reading a sharded partition through the lazy merge', () => {
  it('answers the exact first page when one shard holds all of it, reading that shard further', async () => {
    for (const id of IDS) await writeItem({ pk: pks[shardOf(id)]!, sk: padId(id), id, even: even(id) });

    const { result, trace } = await traceCalls(db(), () => queryMerged(pks, input(false), false, 21));
    expect(ids(result)).toEqual(IDS.slice(0, 21));
    // One Query per shard side by side, then more of shard 0 only: two steps.
    expect(trace.calls.filter((call) => call === 'Query').length).toBeGreaterThan(PARTITION_SHARDS);
    expect(trace.calls.filter((call) => call === 'Query').length).toBeLessThan(2 * PARTITION_SHARDS);
    expect(trace.steps).toBe(2);
  });

  it('with a filter, after a cursor, and in descending order', async () => {
    const filtered = await queryMerged(pks, input(true), false, 15);
    expect(ids(filtered)).toEqual(IDS.filter(even).slice(0, 15));
    const afterCursor = await queryMerged(pks, input(false), false, 10, padId(35));
    expect(ids(afterCursor)).toEqual(IDS.filter((id) => id > 35).slice(0, 10));
    const descending = await queryMerged(pks, { ...input(false), ScanIndexForward: false }, true, 50);
    expect(ids(descending)).toEqual([...IDS].reverse().slice(0, 50));
    const everything = await queryMerged(pks, input(false), false);
    expect(ids(everything)).toEqual(IDS);
  });
});
