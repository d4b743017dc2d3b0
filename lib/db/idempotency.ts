import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config.js';
import { db } from './client.js';
import { isConditionalFailure, readItem } from './items.js';
import { keys } from './keys.js';
import { failedConditionItem } from './rate-limit.js';
import { TTL_ATTRIBUTE } from './schema.js';

/**
 * Idempotency keys (docs/architecture.md, "Retries and idempotency"): one item per (API user, key).
 *
 * - claim: a conditional PutItem of a `pending` marker holding the request's fingerprint, a lock that
 *   ends `idempotencyLockSeconds` later (the function's timeout plus a margin: a request killed by a
 *   timeout leaves a claim that a retry may take over once the lock has ended) and the 24 h TTL;
 * - complete: the answer (status and body) replaces the marker, with the 24 h TTL;
 * - release: a 5xx or a crash deletes the marker (only if it is still ours), so a retry does the work.
 */
export const RETENTION_SECONDS = 24 * 60 * 60;

export interface StoredAnswer {
  status: number;
  /** The JSON body as sent, or undefined for an empty one. */
  body?: string;
}

export type ClaimOutcome =
  | { kind: 'claimed'; token: string }
  | { kind: 'done'; fingerprint: string; answer: StoredAnswer }
  | { kind: 'pending'; fingerprint: string; lockedUntil: number };

interface IdempotencyItem {
  state: 'pending' | 'done';
  fingerprint: string;
  token?: string;
  locked_until?: number;
  status?: number;
  body?: string;
  [TTL_ATTRIBUTE]: number;
}

/** DynamoDB's wire format (what a failed condition hands back) to plain values, for the S and N attributes used here. */
function plain(item: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(item)) {
    const wire = value as { S?: string; N?: string } | undefined;
    out[name] = wire && typeof wire === 'object' ? (wire.S ?? (wire.N !== undefined ? Number(wire.N) : value)) : value;
  }
  return out;
}

/** What a claim item says, read from the item as DynamoDB hands it back (an IdempotencyItem's attributes, untyped). */
function outcomeOf(item: Record<string, unknown>): ClaimOutcome {
  const fingerprint = String(item.fingerprint);
  if (item.state === 'done') {
    const body = item.body === undefined ? undefined : String(item.body);
    return { kind: 'done', fingerprint, answer: { status: Number(item.status), body } };
  }
  return { kind: 'pending', fingerprint, lockedUntil: Number(item.locked_until ?? 0) };
}

/**
 * Claims `key` for a request with `fingerprint`. The claim succeeds when there is no item, when the
 * item's 24 h are over (TTL deletion lags), or when it is a pending claim whose lock has ended.
 * Otherwise it reports what is there: a finished answer, or a request still running.
 */
export async function claimKey(
  userId: number,
  key: string,
  fingerprint: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<ClaimOutcome> {
  const token = `${nowSeconds}-${Math.random().toString(36).slice(2)}`;
  const itemKey = keys.idempotency(userId, key);
  const item: IdempotencyItem = {
    state: 'pending',
    fingerprint,
    token,
    locked_until: nowSeconds + config().idempotencyLockSeconds,
    [TTL_ATTRIBUTE]: nowSeconds + RETENTION_SECONDS,
  };
  try {
    await db().send(
      new PutCommand({
        TableName: config().tableName,
        Item: { ...itemKey, ...item, idempotency_key: key, user_id: userId },
        ConditionExpression: 'attribute_not_exists(pk) OR #ttl <= :now OR (#state = :pending AND locked_until <= :now)',
        ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE, '#state': 'state' },
        ExpressionAttributeValues: { ':now': nowSeconds, ':pending': 'pending' },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return { kind: 'claimed', token };
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
    const returned = failedConditionItem(error);
    if (returned) return outcomeOf(plain(returned));
    // An endpoint that does not return the item on a failed condition: read it.
    const read = await readItem(itemKey);
    if (read) return outcomeOf(read);
    // Released in between: the caller may simply retry.
    return { kind: 'pending', fingerprint, lockedUntil: nowSeconds + 1 };
  }
}

/** Stores the answer of the request that holds the claim `token` (kept 24 h from now). */
export async function completeKey(
  userId: number,
  key: string,
  token: string,
  answer: StoredAnswer,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: config().tableName,
      Key: keys.idempotency(userId, key),
      UpdateExpression:
        'SET #state = :done, #status = :status, body = :body, #ttl = :expires REMOVE locked_until, #token',
      ConditionExpression: '#token = :token',
      ExpressionAttributeNames: { '#state': 'state', '#status': 'status', '#ttl': TTL_ATTRIBUTE, '#token': 'token' },
      ExpressionAttributeValues: {
        ':done': 'done',
        ':status': answer.status,
        ':body': answer.body ?? '',
        ':expires': nowSeconds + RETENTION_SECONDS,
        ':token': token,
      },
    }),
  );
}

/** Gives the claim up (the request failed with a 5xx or crashed), if it is still the one `token` took. */
export async function releaseKey(userId: number, key: string, token: string): Promise<void> {
  try {
    await db().send(
      new DeleteCommand({
        TableName: config().tableName,
        Key: keys.idempotency(userId, key),
        ConditionExpression: '#token = :token',
        ExpressionAttributeNames: { '#token': 'token' },
        ExpressionAttributeValues: { ':token': token },
      }),
    );
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
  }
}
