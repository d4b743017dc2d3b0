import { BatchGetCommand, type BatchGetCommandOutput, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { putItems } from './batch-write.js';
import { batchRead, type ItemKey } from './joined-reads.js';
import { TTL_ATTRIBUTE } from './schema.js';
import type { TableContext } from './table-context.js';

/**
 * The change feed's storage (the pull feed's items, the events' id markers and the day index: docs/data-model.md
 * "Events"), as the event store and the feed reader of lib/events use it: each method one storage step. The keys
 * are lib/events/event-keys.ts's (the feed's own layout); this port only stores and reads them. Built from a
 * TableContext (feedStoreOn); a unit test can hand lib/events one of its own.
 */
export interface FeedStore {
  /** The table the store writes to (what a writer's per-table memory is keyed by). */
  readonly tableName: string;
  /** The store's clock (ms since the epoch): the context's. */
  now(): number;
  /** Which of these id markers exist, read consistently (one BatchGetItem per 100 keys). */
  storedMarkers(keys: readonly ItemKey[]): Promise<(key: ItemKey) => boolean>;
  /**
   * Raises a day index entry's shard count to `shards` (creating it, expiring at `ttl`): one conditional UpdateItem
   * that never lowers it. Resolves as well when the entry already has as many (another writer raised it).
   */
  raiseDayShards(key: ItemKey, shards: number, ttl: number): Promise<void>;
  /** Puts feed items (BatchWriteItem, 25 a call). */
  putFeedItems(items: readonly FeedItem[]): Promise<void>;
  /** Puts id markers (BatchWriteItem, 25 a call). */
  putMarkers(markers: readonly EventMarker[]): Promise<void>;
  /** The entries of the day index partition `pk` with sort keys from `first` to `last`, every page, consistently. */
  dayEntries(pk: string, first: string, last: string): Promise<DayEntry[]>;
  /** One page of a feed shard's sort keys below `below`, after `page.after` (one Query of at most `page.limit`). */
  feedKeys(pk: string, below: string, page: FeedKeysRequest): Promise<FeedKeysPage>;
  /** The id markers of these keys (event JSON and the feed item they name), by partition key; missing ones absent. */
  markerBodies(keys: readonly ItemKey[]): Promise<Map<string, MarkerBody>>;
}

/** A feed item: its key, with the event's type and entity (what the feed's filters match) and its expiry (s). */
export interface FeedItem {
  key: ItemKey;
  type: string;
  entity: string;
  expires: number;
}

/** An event's id marker: its key, the feed item it names, the event as JSON text, its expiry (s). */
export interface EventMarker {
  key: ItemKey;
  feed: ItemKey;
  event: string;
  expires: number;
}

/** A day index entry as stored: `shards` absent on an entry of the layout before the count. */
export type DayEntry = { sk: string; shards: unknown };

/** Only feed items of these types or of these entities (either matches); none given: all. */
export interface FeedFilter {
  types?: readonly string[];
  entities?: readonly string[];
}

export interface FeedKeysRequest {
  /** The sort key the page continues after (a cursor's, or the last one evaluated). */
  after?: string;
  limit: number;
  filter?: FeedFilter;
}

export interface FeedKeysPage {
  /** The sort keys read (those the filter kept), in order. */
  keys: string[];
  /** The last sort key evaluated when the shard has more; absent when it was read to the end. */
  last?: string;
}

export interface MarkerBody {
  /** The event's JSON text. */
  event: string;
  /** The sort key of the feed item the marker names (absent on a marker written before it did). */
  feedSk?: string;
}

/** The feed store over a table context's table. */
export function feedStoreOn(context: TableContext): FeedStore {
  return {
    get tableName() {
      return context.tableName;
    },
    now: () => context.now(),
    async storedMarkers(keys) {
      const lookup = await batchRead(keys, context);
      return (key) => lookup(key) !== undefined;
    },
    raiseDayShards: (key, shards, ttl) =>
      context.client
        .send(
          new UpdateCommand({
            TableName: context.tableName,
            Key: key,
            UpdateExpression: 'SET shards = :shards, #ttl = :ttl',
            ConditionExpression: 'attribute_not_exists(shards) OR shards < :shards',
            ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
            ExpressionAttributeValues: { ':shards': shards, ':ttl': ttl },
          }),
        )
        .then(
          () => undefined,
          (error: unknown) => {
            // As many or more entered already (by another writer).
            if ((error as Error).name === 'ConditionalCheckFailedException') return;
            throw error;
          },
        ),
    putFeedItems: (items) =>
      putItems(
        items.map(({ key, type, entity, expires }) => ({ ...key, type, entity, [TTL_ATTRIBUTE]: expires })),
        context,
      ),
    putMarkers: (markers) =>
      putItems(
        markers.map(({ key, feed, event, expires }) => ({
          ...key,
          feed_pk: feed.pk,
          feed_sk: feed.sk,
          event,
          [TTL_ATTRIBUTE]: expires,
        })),
        context,
      ),
    async dayEntries(pk, first, last) {
      const entries: DayEntry[] = [];
      let start: Record<string, unknown> | undefined;
      do {
        const page = await context.client.send(
          new QueryCommand({
            TableName: context.tableName,
            KeyConditionExpression: 'pk = :pk AND sk BETWEEN :first AND :last',
            ExpressionAttributeValues: { ':pk': pk, ':first': first, ':last': last },
            ConsistentRead: true,
            ExclusiveStartKey: start,
          }),
        );
        for (const item of page.Items ?? []) entries.push({ sk: String(item.sk), shards: item.shards });
        start = page.LastEvaluatedKey;
      } while (start);
      return entries;
    },
    async feedKeys(pk, below, { after, limit, filter }) {
      const expression = filterExpression(filter);
      const page = await context.client.send(
        new QueryCommand({
          TableName: context.tableName,
          KeyConditionExpression: 'pk = :pk AND sk < :horizon',
          ExpressionAttributeValues: { ':pk': pk, ':horizon': below, ...expression?.values },
          ...(expression
            ? { FilterExpression: expression.expression, ExpressionAttributeNames: expression.names }
            : {}),
          ProjectionExpression: 'sk',
          Limit: limit,
          ConsistentRead: true,
          ExclusiveStartKey: after !== undefined ? { pk, sk: after } : undefined,
        }),
      );
      const last = page.LastEvaluatedKey;
      return {
        keys: (page.Items ?? []).map((item) => String(item.sk)),
        ...(last !== undefined ? { last: String(last.sk) } : {}),
      };
    },
    async markerBodies(keys) {
      const bodies = new Map<string, MarkerBody>();
      const tableName = context.tableName;
      let wanted: Array<Record<string, unknown>> | undefined = [...keys];
      while (wanted && wanted.length > 0) {
        const { Responses, UnprocessedKeys }: BatchGetCommandOutput = await context.client.send(
          new BatchGetCommand({
            RequestItems: {
              [tableName]: {
                Keys: wanted,
                ProjectionExpression: 'pk, #event, feed_sk',
                ExpressionAttributeNames: { '#event': 'event' },
                ConsistentRead: true,
              },
            },
          }),
        );
        for (const item of Responses?.[tableName] ?? []) {
          bodies.set(String(item.pk), {
            event: String(item.event),
            feedSk: item.feed_sk === undefined ? undefined : String(item.feed_sk),
          });
        }
        wanted = UnprocessedKeys?.[tableName]?.Keys;
      }
      return bodies;
    },
  };
}

/** A FilterExpression matching feed items of any of the filter's types or entities; undefined when it names none. */
function filterExpression(
  filter: FeedFilter | undefined,
): { expression: string; names: Record<string, string>; values: Record<string, string> } | undefined {
  const parts: string[] = [];
  const values: Record<string, string> = {};
  const names: Record<string, string> = {};
  const anyOf = (attribute: string, list: readonly string[] | undefined) => {
    if (!list || list.length === 0) return;
    names[`#${attribute}`] = attribute;
    const slots = list.map((value, i) => {
      values[`:${attribute}${i}`] = value;
      return `:${attribute}${i}`;
    });
    parts.push(`#${attribute} IN (${slots.join(', ')})`);
  };
  anyOf('type', filter?.types);
  anyOf('entity', filter?.entities);
  if (parts.length === 0) return undefined;
  // `type` and `entity` filters given together: an event matching either (`orders.created` and `products`).
  return { expression: parts.join(' OR '), names, values };
}
