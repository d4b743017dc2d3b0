import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config.js';
import { db } from './client.js';
import { isConditionalFailure, readItem } from './items.js';
import { keys } from './keys.js';
import { TTL_ATTRIBUTE } from './schema.js';

/**
 * A token bucket per API user, kept as one DynamoDB item in its GCRA form: instead of (tokens, last
 * refill time) the item stores `tat`, the "theoretical arrival time" (epoch ms) at which the bucket
 * will be full again. Each request moves it `interval = 1000 / rate` ms into the future, starting
 * from now if it lies in the past; a request is refused when that would put it more than
 * `burst × interval` ahead of now. That is exactly a bucket of `burst` tokens refilled at `rate`
 * per second (tokens = (now + burst × interval − tat) / interval), but it needs no multiplication
 * in DynamoDB: an update is either `tat = now + interval` (the bucket was full) or
 * `tat = tat + interval` (it was not), each guarded by a condition on `tat`; the two conditions cover
 * complementary ranges, so a request that guessed wrong learns the stored `tat` and is right the next time.
 */
export interface BucketPolicy {
  /** Tokens per second. */
  rate: number;
  /** Bucket size. */
  burst: number;
}

export interface BucketDecision {
  allowed: boolean;
  /** The stored `tat` after this request (unchanged when refused). */
  tat: number;
  /** Whole tokens left after this request. */
  remaining: number;
  /** Seconds until the bucket is full again (RateLimit-Reset). */
  resetSeconds: number;
  /** When refused: seconds until one token is back (Retry-After); 0 when allowed. */
  retryAfterSeconds: number;
  /** Which update this decision needs: `reset` (tat was in the past or absent) or `advance`. */
  update: 'reset' | 'advance' | 'none';
}

const intervalOf = (policy: BucketPolicy) => 1000 / policy.rate;
/**
 * How far in the past a stored `tat` may lie and still be advanced rather than reset: racing requests that all
 * find the bucket full would otherwise each need the one `reset` to win, one after the other. The price is at
 * most a tenth of the burst admitted on top, once after each pause.
 */
const slackOf = (policy: BucketPolicy) => (policy.burst * intervalOf(policy)) / 10;

/**
 * Pure: what taking `cost` tokens at `nowMs` does to a bucket whose stored `tat` is `storedTat` (undefined: no
 * item). A request takes one; an instance taking a lease (below) takes several at once.
 */
export function decide(policy: BucketPolicy, storedTat: number | undefined, nowMs: number, cost = 1): BucketDecision {
  const interval = intervalOf(policy);
  const capacity = policy.burst * interval;
  const reset = storedTat === undefined || storedTat <= nowMs - slackOf(policy);
  const base = reset ? nowMs : storedTat;
  const next = base + cost * interval;
  if (next - nowMs > capacity + 1e-6) {
    return {
      allowed: false,
      tat: base,
      remaining: 0,
      resetSeconds: Math.max(0, Math.ceil((base - nowMs) / 1000)),
      retryAfterSeconds: Math.max(1, Math.ceil((next - nowMs - capacity) / 1000)),
      update: 'none',
    };
  }
  return {
    allowed: true,
    tat: next,
    remaining: Math.min(policy.burst - 1, Math.max(0, Math.floor((nowMs + capacity - next) / interval + 1e-9))),
    resetSeconds: Math.max(0, Math.ceil((next - nowMs) / 1000)),
    retryAfterSeconds: 0,
    update: reset ? 'reset' : 'advance',
  };
}

const MAX_REMEMBERED = 1000;
const MAX_ATTEMPTS = 5;

/**
 * Tokens this instance took from a user's bucket ahead of use (a lease), so that most requests of a busy user
 * need no DynamoDB call of their own — a write each, which on-demand tables bill at five reads. A lease is
 * taken only while the bucket stays at least half full after it, so tokens an instance leaves unused (it
 * keeps them for LEASE_MS at most) can never make a user hit the limit early; near the limit every request
 * takes exactly one token from the shared bucket again. Lease size: a twentieth of the burst.
 */
interface Lease {
  tokens: number;
  /** Epoch ms after which the unused tokens are dropped. */
  until: number;
  /** The stored `tat` after the lease was taken. */
  tat: number;
}

/**
 * What this instance knows of one table's buckets, kept per table as the rest of a table's state is
 * (lib/db/table-context.ts): a test or bench on a table of its own starts with nothing remembered, and nothing needs
 * forgetting.
 */
interface BucketMemory {
  /** What this instance last saw of each user's bucket: only a guess of which update to send. */
  lastSeen: Map<string, number>;
  leases: Map<string, Lease>;
  /** Buckets this instance is taking a lease of right now: concurrent requests (in-process servers) take one token each meanwhile. */
  leasing: Set<string>;
}
const memories = new Map<string, BucketMemory>();

function memoryOf(tableName: string): BucketMemory {
  let memory = memories.get(tableName);
  if (!memory) {
    memory = { lastSeen: new Map(), leases: new Map(), leasing: new Set() };
    memories.set(tableName, memory);
  }
  return memory;
}

const LEASE_MS = 1000;
export const leaseSizeOf = (policy: BucketPolicy) => Math.max(1, Math.floor(policy.burst / 20));

function remembered<T>(map: Map<string, T>, userId: string, value: T): void {
  if (map.size >= MAX_REMEMBERED && !map.has(userId)) {
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }
  map.set(userId, value);
}

/**
 * What authentication's BatchGetItem read of the caller's bucket (lib/auth/authenticate.ts): the stored `tat`,
 * or nothing — then the bucket has no item, which a stored time of 0 (long past: a reset) stands for. With it
 * the first request of an instance sends the right update at once.
 */
export function noteBucket(bucketId: string, item: Record<string, unknown> | undefined): void {
  const { lastSeen } = memoryOf(config().tableName);
  // `tat` only moves forward: a newer value this instance learned meanwhile (a concurrent request) wins.
  remembered(lastSeen, bucketId, Math.max(lastSeen.get(bucketId) ?? 0, numberAttribute(item?.tat) ?? 0));
}

/** Whole tokens left: the shared bucket's (`tat`) plus what this instance still holds of its lease. */
function tokensLeft(policy: BucketPolicy, tat: number, held: number, nowMs: number): number {
  const interval = intervalOf(policy);
  const shared = Math.floor((nowMs + policy.burst * interval - tat) / interval + 1e-9);
  return Math.min(policy.burst - 1, Math.max(0, shared + held));
}

/** One token of the instance's lease, if it holds one: no DynamoDB call. */
function fromLease(
  leases: Map<string, Lease>,
  policy: BucketPolicy,
  userId: string,
  nowMs: number,
): BucketDecision | undefined {
  const lease = leases.get(userId);
  if (!lease || lease.tokens <= 0 || nowMs >= lease.until) return undefined;
  lease.tokens -= 1;
  return {
    allowed: true,
    tat: lease.tat,
    remaining: tokensLeft(policy, lease.tat, lease.tokens, nowMs),
    resetSeconds: Math.max(0, Math.ceil((lease.tat - nowMs) / 1000)),
    retryAfterSeconds: 0,
    update: 'none',
  };
}

/** How many tokens to take now: a lease while the bucket stays at least half full after it, else one. */
function costOf(policy: BucketPolicy, known: number | undefined, nowMs: number): number {
  const size = leaseSizeOf(policy);
  if (size <= 1) return 1;
  const leased = decide(policy, known, nowMs, size);
  return leased.allowed && leased.remaining + 1 >= policy.burst / 2 ? size : 1;
}

export function rateLimitPolicy(): BucketPolicy | undefined {
  const { rateLimitPerSecond: rate, rateLimitBurst: burst } = config();
  return rate > 0 ? { rate, burst } : undefined;
}

/**
 * Takes one token (`tokens` of them for a batch's items) of the bucket `bucketId` (the caller's login e-mail): one conditional UpdateItem. Which of the two updates to send is
 * guessed from what this instance saw last or what authentication read (noteBucket; knowing nothing, the
 * advance, which also creates a missing bucket); a wrong guess (another instance moved the bucket) fails its
 * condition, returns the stored item (ReturnValuesOnConditionCheckFailure) and is sent once more, right.
 * A refusal writes nothing.
 */
export async function takeToken(
  bucketId: string,
  policy: BucketPolicy,
  now: () => number = Date.now,
  tokens = 1,
): Promise<BucketDecision> {
  const key = keys.rateLimit(bucketId);
  const tableName = config().tableName;
  const { lastSeen, leases, leasing } = memoryOf(tableName);
  const remember = (tat: number) => remembered(lastSeen, bucketId, tat);
  const interval = intervalOf(policy);
  const capacity = policy.burst * interval;
  let known = lastSeen.get(bucketId);
  // The request's arrival time for every attempt: racing requests then agree on which update is right.
  const nowMs = now();
  // Several tokens at once (a batch's items) come from the shared bucket, never from or with a lease.
  const leased = tokens === 1 ? fromLease(leases, policy, bucketId, nowMs) : undefined;
  if (leased) return leased;
  for (let attempt = 1; ; attempt++) {
    // A lease only on the first attempt, one at a time per bucket: a lost race means others are busy on it.
    const cost = tokens > 1 ? tokens : attempt === 1 && !leasing.has(bucketId) ? costOf(policy, known, nowMs) : 1;
    const takesLease = tokens === 1 && cost > 1;
    if (takesLease) leasing.add(bucketId);
    const decision = decide(policy, known, nowMs, cost);
    if (!decision.allowed) return decision;
    const expires = Math.ceil((nowMs + capacity) / 1000) + 60;
    const lowest = nowMs - slackOf(policy);
    // Knowing nothing of the bucket (a new instance), advance it: that also creates a missing one, and only a
    // bucket idle for a while (full, to be reset) costs a second call.
    const update = known === undefined ? 'advance' : decision.update;
    const input =
      update === 'reset'
        ? {
            UpdateExpression: 'SET tat = :next, #ttl = :expires',
            ConditionExpression: 'attribute_not_exists(tat) OR tat <= :lowest',
            ExpressionAttributeValues: { ':next': decision.tat, ':lowest': lowest, ':expires': expires },
          }
        : {
            UpdateExpression: 'SET tat = if_not_exists(tat, :now) + :step, #ttl = :expires',
            ConditionExpression: 'attribute_not_exists(tat) OR (tat > :lowest AND tat <= :highest)',
            ExpressionAttributeValues: {
              ':now': nowMs,
              ':step': cost * interval,
              ':lowest': lowest,
              ':highest': nowMs + capacity - cost * interval,
              ':expires': expires,
            },
          };
    try {
      const result = await db().send(
        new UpdateCommand({
          TableName: tableName,
          Key: key,
          ...input,
          ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
          ReturnValues: 'UPDATED_NEW',
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      );
      const tat = Number(result.Attributes?.tat ?? decision.tat);
      remember(tat);
      // This request uses one of the tokens taken; the instance keeps the others for the user's next requests.
      if (takesLease) remembered(leases, bucketId, { tokens: cost - 1, until: nowMs + LEASE_MS, tat });
      const remaining = tokensLeft(policy, tat, takesLease ? cost - 1 : 0, nowMs);
      return { ...decision, tat, remaining, resetSeconds: Math.max(0, Math.ceil((tat - nowMs) / 1000)) };
    } catch (error) {
      if (!isConditionalFailure(error)) throw error;
      const returned = failedConditionItem(error);
      if (returned) known = numberAttribute(returned.tat);
      else {
        // An endpoint that does not hand the item back on a failed condition: read it.
        known = numberAttribute((await readItem(key))?.tat);
      }
      if (known !== undefined) remember(known);
      else lastSeen.delete(bucketId);
      if (attempt >= MAX_ATTEMPTS) {
        // Lost the race for the bucket five times in a row: treat it as empty for a moment.
        return {
          allowed: false,
          tat: known ?? nowMs,
          remaining: 0,
          resetSeconds: 1,
          retryAfterSeconds: 1,
          update: 'none',
        };
      }
    } finally {
      if (takesLease) leasing.delete(bucketId);
    }
  }
}

/**
 * The item a failed condition returned (ReturnValuesOnConditionCheckFailure): the document client does not
 * unmarshall it, so its attributes are still in DynamoDB's wire format.
 */
export function failedConditionItem(error: unknown): Record<string, unknown> | undefined {
  const item = (error as { Item?: Record<string, unknown> }).Item;
  return item && typeof item === 'object' ? item : undefined;
}

/** A number attribute, marshalled (`{ N: "12" }`) or not. */
export function numberAttribute(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  const wire = (value as { N?: unknown } | undefined)?.N;
  const n = typeof wire === 'string' ? Number(wire) : NaN;
  return Number.isFinite(n) ? n : undefined;
}

/**
 * The bench's cold request (bench/lib/in-process.ts setAuthCacheTtl): this instance forgets every table's buckets, as
 * a new instance starts. Tests need it no more: a new user's bucket, or a table of their own, starts with nothing.
 */
export function forgetBucketMemory(): void {
  memories.clear();
}
