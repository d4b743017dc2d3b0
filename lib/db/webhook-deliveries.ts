import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config.js';
import { putItems } from './batch-write.js';
import { db } from './client.js';
import { GSI1 } from './keys.js';
import { TTL_ATTRIBUTE } from './schema.js';
import type { TableTarget } from './table-target.js';

/**
 * Webhook deliveries (docs/data-model.md "Webhook deliveries"), in the webhook's partition `WHDELIVERY#<webhook_id>`:
 *
 * - the delivery, sk `AT#<the event's commit time, epoch ms, 15 digits>#<event_id>`: newest first is one Query
 *   backwards; written on condition that it does not exist yet, so an event handed over twice (the stream is
 *   at-least-once) names the same item and is delivered once;
 * - its event marker, sk `EVT#<event_id>`, holding the delivery's sk, so a redelivery finds the delivery by event
 *   id: written in bulk after the deliveries (deliveries recorded before 2026-11-26 have the time they were
 *   recorded in their sort key, and their marker was written with them in one transaction).
 *
 * While the delivery is pending it also carries the due index,
 * gsi1 `WHDUE` / `<next attempt, ms, padded>#<webhook_id>#<event_id>`, which the retry runner Queries for
 * what is due; a claim moves it forward by a lease with a condition on the time it saw, so two runners
 * never send the same attempt. A finished delivery drops the index attributes. Items expire after 30 days.
 *
 * A small health item per webhook (`WHHEALTH#<webhook_id>` / `HEALTH`) remembers the last success, so a
 * delivery that exhausts its retries disables the webhook only if nothing got through meanwhile.
 */
export const DUE_PARTITION = 'WHDUE';
const RETENTION_SECONDS = 30 * 24 * 3600;
const table = () => config().tableName;

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

export interface AttemptRecord {
  /** ISO time the attempt started. */
  at: string;
  /** The receiver's HTTP status, 0 when it did not answer. */
  code: number;
  error?: string;
  duration_ms: number;
}

export interface Delivery {
  webhook_id: number;
  event_id: string;
  event_type: string;
  /** The exact JSON sent on every attempt (the signature covers these bytes). */
  body: string;
  status: DeliveryStatus;
  /** Failed attempts since the delivery was (re)scheduled; decides the next wait. */
  failures: number;
  attempts: AttemptRecord[];
  /** ms since the epoch of the next attempt while pending. */
  next_attempt_at?: number;
  /** ms of the first attempt of the current round. */
  round_started_at?: number;
  created_at: string;
  claim?: string;
}

const partition = (webhookId: number) => `WHDELIVERY#${webhookId}`;
const markerKey = (webhookId: number, eventId: string) => ({ pk: partition(webhookId), sk: `EVT#${eventId}` });
const deliverySortKey = (recordedAtMs: number, eventId: string) =>
  `AT#${String(Math.floor(recordedAtMs)).padStart(15, '0')}#${eventId}`;
/** A delivery's key: its webhook and its sort key (what the due index and the marker hand over). */
export interface DeliveryRef {
  webhookId: number;
  sk: string;
}
const deliveryKey = (ref: DeliveryRef) => ({ pk: partition(ref.webhookId), sk: ref.sk });
const healthKey = (webhookId: number) => ({ pk: `WHHEALTH#${webhookId}`, sk: 'HEALTH' });
const dueSortKey = (atMs: number, ref: DeliveryRef) =>
  `${String(Math.max(0, Math.floor(atMs))).padStart(15, '0')}#${ref.webhookId}#${ref.sk}`;

const failedCondition = (error: unknown) => (error as Error).name === 'ConditionalCheckFailedException';

function toDelivery(item: Record<string, unknown>): Delivery {
  const { pk: _pk, sk: _sk, gsi1pk: _gpk, gsi1sk: _gsk, [TTL_ATTRIBUTE]: _ttl, ...rest } = item;
  return rest as unknown as Delivery;
}

/** Where the due index points: the delivery it was copied from. */
const refOf = (item: Record<string, unknown>): DeliveryRef => ({
  webhookId: Number(item.webhook_id),
  sk: String(item.sk),
});

/** What the webhooks' sink records for one event and one matching webhook. */
export interface DeliveryToRecord {
  webhookId: number;
  event: { id: string; type: string; created_at: string };
  body: string;
}

/**
 * Where a delivery lives: its sort key comes from the event (its commit time and id), not from when it is recorded,
 * so the same event handed over again (the stream is at-least-once) names the same item, and its expiry is fixed.
 */
function placeOf({ webhookId, event }: DeliveryToRecord, fallbackMs: number): { ref: DeliveryRef; expiresAt: number } {
  const committed = Date.parse(event.created_at);
  const at = Number.isFinite(committed) ? committed : fallbackMs;
  return {
    ref: { webhookId, sk: deliverySortKey(at, event.id) },
    expiresAt: Math.floor(at / 1000) + RETENTION_SECONDS,
  };
}

/**
 * Records a delivery due at `dueAtMs`: one PutItem on condition that the item does not exist, so a repeated event
 * is recorded (and sent) once. Undefined when it existed already. Its marker is written by `recordMarkers`. On
 * `target`, the sink's table (lib/webhooks/sink.ts).
 */
export async function recordDelivery(
  delivery: DeliveryToRecord,
  dueAtMs: number,
  target: TableTarget,
): Promise<DeliveryRef | undefined> {
  const { ref, expiresAt } = placeOf(delivery, dueAtMs);
  try {
    await target.client.send(
      new PutCommand({
        TableName: target.tableName,
        Item: {
          ...deliveryKey(ref),
          gsi1pk: DUE_PARTITION,
          gsi1sk: dueSortKey(dueAtMs, ref),
          webhook_id: delivery.webhookId,
          event_id: delivery.event.id,
          event_type: delivery.event.type,
          body: delivery.body,
          status: 'pending',
          failures: 0,
          attempts: [],
          next_attempt_at: dueAtMs,
          created_at: new Date(dueAtMs).toISOString(),
          [TTL_ATTRIBUTE]: expiresAt,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return ref;
  } catch (error) {
    if (failedCondition(error)) return undefined;
    throw error;
  }
}

/**
 * The event markers of recorded deliveries (event id → delivery), in bulk: BatchWriteItem, 25 a call. A marker's
 * content follows from the event alone, so writing one again (a repeated batch) changes nothing; written after
 * the deliveries, so a batch that failed between the two is completed when the stream hands it over again. On
 * `target`, with the deliveries.
 */
export async function recordMarkers(
  deliveries: readonly DeliveryToRecord[],
  fallbackMs: number,
  target: TableTarget,
): Promise<void> {
  await putItems(
    deliveries.map((delivery) => {
      const { ref, expiresAt } = placeOf(delivery, fallbackMs);
      return { ...markerKey(delivery.webhookId, delivery.event.id), delivery_sk: ref.sk, [TTL_ATTRIBUTE]: expiresAt };
    }),
    target,
  );
}

/** The delivery of one event to one webhook (its marker, then the delivery: two reads; redeliveries only). */
export async function findDelivery(
  webhookId: number,
  eventId: string,
): Promise<{ ref: DeliveryRef; delivery: Delivery } | undefined> {
  const { Item: marker } = await db().send(
    new GetCommand({ TableName: table(), Key: markerKey(webhookId, eventId), ConsistentRead: true }),
  );
  if (!marker) return undefined;
  const ref = { webhookId, sk: String(marker.delivery_sk) };
  const delivery = await getDelivery(ref);
  return delivery ? { ref, delivery } : undefined;
}

export async function getDelivery(ref: DeliveryRef): Promise<Delivery | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: deliveryKey(ref), ConsistentRead: true }));
  return Item ? toDelivery(Item) : undefined;
}

/** The webhook's last `limit` deliveries, newest first: one Query of its partition, backwards. */
export async function listDeliveries(webhookId: number, limit: number): Promise<Delivery[]> {
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :at)',
      ExpressionAttributeValues: { ':pk': partition(webhookId), ':at': 'AT#' },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return Items.map(toDelivery);
}

/** Pending deliveries whose next attempt is at or before `nowMs`, oldest first; `last` continues the walk. */
export async function dueDeliveries(
  nowMs: number,
  limit: number,
  after?: Record<string, unknown>,
): Promise<{ due: Array<{ ref: DeliveryRef; dueAt: number }>; last?: Record<string, unknown> }> {
  const { Items = [], LastEvaluatedKey } = await db().send(
    new QueryCommand({
      TableName: table(),
      IndexName: GSI1,
      KeyConditionExpression: 'gsi1pk = :due AND gsi1sk <= :now',
      ExpressionAttributeValues: { ':due': DUE_PARTITION, ':now': `${String(Math.floor(nowMs)).padStart(15, '0')}#~` },
      Limit: limit,
      ExclusiveStartKey: after,
    }),
  );
  return {
    due: Items.map((item) => ({ ref: refOf(item), dueAt: Number(item.next_attempt_at) })),
    last: LastEvaluatedKey,
  };
}

/**
 * Takes a due attempt for this sender: moves the next attempt `leaseMs` ahead (so a sender that dies
 * mid-attempt is retried then), on condition that the delivery is still pending and due at the time the
 * caller saw. Undefined when another sender took it first.
 */
export async function claimDelivery(
  ref: DeliveryRef,
  seenDueAt: number,
  nowMs: number,
  leaseMs: number,
  token: string,
): Promise<Delivery | undefined> {
  const leaseEnd = nowMs + leaseMs;
  try {
    const { Attributes } = await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: deliveryKey(ref),
        UpdateExpression:
          'SET next_attempt_at = :lease, gsi1sk = :sk, claim = :token, round_started_at = if_not_exists(round_started_at, :now)',
        ConditionExpression: '#status = :pending AND next_attempt_at = :seen AND next_attempt_at <= :now',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':lease': leaseEnd,
          ':sk': dueSortKey(leaseEnd, ref),
          ':token': token,
          ':pending': 'pending',
          ':seen': seenDueAt,
          ':now': nowMs,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? toDelivery(Attributes) : undefined;
  } catch (error) {
    if (failedCondition(error)) return undefined;
    throw error;
  }
}

/**
 * Writes the outcome of a claimed attempt: `next` is the time of the next attempt (still pending), or the
 * final status. Conditioned on the claim, so a sender whose lease ran out cannot overwrite a newer attempt.
 */
export async function finishAttempt(
  ref: DeliveryRef,
  token: string,
  attempt: AttemptRecord,
  next: { status: 'pending'; at: number; failures: number } | { status: 'succeeded' | 'failed'; failures: number },
): Promise<boolean> {
  const pending = next.status === 'pending';
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: deliveryKey(ref),
        UpdateExpression: pending
          ? 'SET #status = :status, failures = :failures, attempts = list_append(attempts, :attempt), next_attempt_at = :next, gsi1sk = :sk REMOVE claim'
          : 'SET #status = :status, failures = :failures, attempts = list_append(attempts, :attempt) REMOVE claim, next_attempt_at, gsi1pk, gsi1sk, round_started_at',
        ConditionExpression: 'claim = :token',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':status': next.status,
          ':failures': next.failures,
          ':attempt': [attempt],
          ':token': token,
          ...(pending ? { ':next': next.at, ':sk': dueSortKey(next.at, ref) } : {}),
        },
      }),
    );
    return true;
  } catch (error) {
    if (failedCondition(error)) return false;
    throw error;
  }
}

/** Marks a pending delivery failed without an attempt (its webhook was disabled or deleted meanwhile). */
export async function abandonDelivery(ref: DeliveryRef, token: string, reason: string, nowMs: number): Promise<void> {
  await finishAttempt(
    ref,
    token,
    { at: new Date(nowMs).toISOString(), code: 0, error: reason, duration_ms: 0 },
    { status: 'failed', failures: 0 },
  ).catch(() => undefined);
}

/**
 * Schedules a finished delivery again, due now (a redelivery): a new round of attempts. False when it is
 * still pending (its attempts are under way already).
 */
export async function rescheduleDelivery(ref: DeliveryRef, nowMs: number): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: deliveryKey(ref),
        UpdateExpression:
          'SET #status = :pending, failures = :zero, next_attempt_at = :now, gsi1pk = :due, gsi1sk = :sk, #ttl = :ttl REMOVE round_started_at',
        ConditionExpression: 'attribute_exists(pk) AND #status <> :pending',
        ExpressionAttributeNames: { '#status': 'status', '#ttl': TTL_ATTRIBUTE },
        ExpressionAttributeValues: {
          ':pending': 'pending',
          ':zero': 0,
          ':now': nowMs,
          ':due': DUE_PARTITION,
          ':sk': dueSortKey(nowMs, ref),
          ':ttl': Math.floor(nowMs / 1000) + RETENTION_SECONDS,
        },
      }),
    );
    return true;
  } catch (error) {
    if (failedCondition(error)) return false;
    throw error;
  }
}

export async function recordSuccess(webhookId: number, nowMs: number): Promise<void> {
  await db()
    .send(
      new UpdateCommand({
        TableName: table(),
        Key: healthKey(webhookId),
        UpdateExpression: 'SET last_success_at = :now',
        ConditionExpression: 'attribute_not_exists(last_success_at) OR last_success_at < :now',
        ExpressionAttributeValues: { ':now': nowMs },
      }),
    )
    .catch((error: unknown) => {
      if (!failedCondition(error)) throw error;
    });
}

/** ms of the webhook's last successful delivery, 0 if none. */
export async function lastSuccessAt(webhookId: number): Promise<number> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: healthKey(webhookId) }));
  return Number(Item?.last_success_at ?? 0);
}
