import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionalFailure } from './items.js';
import { keys } from './keys.js';
import { TTL_ATTRIBUTE } from './schema.js';
import { DEFAULT_TABLE, type TableTarget } from './table-target.js';

/** SPEC §4: 10 failures within 15 minutes lock the (e-mail, source IP) pair until the window ends. */
export const MAX_FAILURES = 10;
export const WINDOW_SECONDS = 15 * 60;

export interface AttemptWindow {
  count: number;
  window_start: number;
}

/** Seconds until the pair may try again, or 0 when it is not locked. */
export function lockedForSeconds(window: AttemptWindow | undefined, nowSeconds: number): number {
  if (!window || window.count < MAX_FAILURES) return 0;
  const ends = window.window_start + WINDOW_SECONDS;
  return ends > nowSeconds ? ends - nowSeconds : 0;
}

/**
 * Counts one failed attempt. The count lives in DynamoDB with a TTL so every
 * Lambda instance sees it; an expired window starts over at 1. On `table` (this instance's unless told: the
 * admission's and the panel's sign-in checks are not handed a table yet).
 */
export async function recordFailure(
  emailLower: string,
  sourceIp: string,
  nowSeconds = Math.floor(Date.now() / 1000),
  table: TableTarget = DEFAULT_TABLE,
): Promise<void> {
  const key = keys.throttle(emailLower, sourceIp);
  try {
    await table.client.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: key,
        UpdateExpression:
          'ADD #count :one SET window_start = if_not_exists(window_start, :now), #ttl = if_not_exists(#ttl, :expires)',
        ConditionExpression: 'attribute_not_exists(pk) OR window_start > :cutoff',
        ExpressionAttributeNames: { '#count': 'count', '#ttl': TTL_ATTRIBUTE },
        ExpressionAttributeValues: {
          ':one': 1,
          ':now': nowSeconds,
          ':expires': nowSeconds + WINDOW_SECONDS,
          ':cutoff': nowSeconds - WINDOW_SECONDS,
        },
      }),
    );
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
    // The old window is over: start a new one.
    await table.client.send(
      new PutCommand({
        TableName: table.tableName,
        Item: { ...key, count: 1, window_start: nowSeconds, [TTL_ATTRIBUTE]: nowSeconds + WINDOW_SECONDS },
      }),
    );
  }
}
