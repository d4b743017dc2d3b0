/**
 * Shared helpers of the in-process hostile suites (test/integration/faults-*, bruteforce-*, timing-*,
 * hostile-*): API Gateway REST (v1) proxy events built by hand (so the source IP can vary), handler
 * invocation, users with API keys written straight through lib/, and a raw view of the table that does not
 * go through the handlers' client (so a fault injected into that client never blinds the test).
 * Not a test file (no `.test.ts`).
 */

import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { DeleteCommand, type DynamoDBDocumentClient, GetCommand, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { expect, inject, vi } from 'vitest';
import { generateApiKey, hashApiKey } from '../../lib/auth/api-keys.js';
import { config } from '../../lib/config.js';
import { createDocumentClient, db } from '../../lib/db/client.js';
import { keys } from '../../lib/db/keys.js';
import { defaultTableContext } from '../../lib/db/table-context.js';
import { createUser } from '../../lib/db/users.js';
import type { UserType } from '../../lib/entities/users.js';
import { basicAuth } from '../support/http.js';
import {
  type Answer,
  invokeHandler,
  type LambdaHandler,
  type ProxyEventOptions,
  proxyEvent,
} from '../support/lambda-event.js';

export type { Answer, LambdaHandler as Handler } from '../support/lambda-event.js';

export interface EventOptions extends Omit<ProxyEventOptions, 'resource' | 'pathParameters'> {
  /** Default: the bootstrap root administrator; null sends no Authorization. */
  auth?: readonly [string, string] | null;
}

export function rootAuth(): readonly [string, string] {
  return [inject('adminEmail'), inject('adminKey')];
}

/** An API Gateway REST (v1) proxy event, as API Gateway builds it, authenticated as `auth`. */
export function event(httpMethod: string, path: string, options: EventOptions = {}): APIGatewayProxyEvent {
  const { auth = rootAuth(), sourceIp = '198.51.100.1', ...rest } = options;
  const headers = { ...(rest.headers ?? {}), ...(auth ? { Authorization: basicAuth(auth[0], auth[1]) } : {}) };
  return proxyEvent(httpMethod, path, { ...rest, headers, sourceIp });
}

export { invokeHandler as invoke, lambdaContext } from '../support/lambda-event.js';

/** The contract's error answer (SPEC §3): `{"message": "<reason>[: detail]", "status": N}`, JSON, no internals. */
export function expectContractError(answer: Answer, status: number, reason?: string): void {
  expect(answer.status, `${status} expected, got ${answer.status}: ${answer.body}`).toBe(status);
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(typeof answer.json?.message).toBe('string');
  expect(answer.json.status).toBe(status);
  if (reason !== undefined) expect(answer.json.message.startsWith(reason)).toBe(true);
  expect(answer.body).not.toMatch(/\bat .*\(|\.ts:\d|\.js:\d|Error:|node_modules/);
}

/** A unique address in a documentation range (198.18.0.0/15), so no two tests share a limiter pair. */
export function uniqueIp(): string {
  const bytes = randomBytes(2);
  return `198.${18 + (bytes[0]! & 1)}.${bytes[1]}.${1 + Math.floor(Math.random() * 254)}`;
}

export function uniqueAddress(tag = 'hostile'): string {
  return `${tag}-${randomBytes(5).toString('hex')}@inproc.example.com`;
}

export interface KeyedUser {
  userId: number;
  email: string;
  key: string;
  auth: readonly [string, string];
}

/**
 * A user with API access written straight through lib/ (what the admin command line does, minus the
 * subprocess): a dedicated administrator per test, so no test ever locks or changes the bootstrap root.
 */
export async function keyedUser(
  userType: UserType = 'A',
  options: { root?: boolean; companyId?: number } = {},
): Promise<KeyedUser> {
  const email = uniqueAddress(userType === 'A' ? 'admin' : 'user');
  const key = generateApiKey();
  const user = await createUser(
    {
      email,
      user_type: userType,
      status: 'A',
      firstname: '',
      lastname: '',
      company_id: options.companyId ?? 0,
      is_root: options.root ? 'Y' : 'N',
      key_hash: hashApiKey(key),
    },
    undefined,
    defaultTableContext(),
  );
  return { userId: user.user_id, email, key, auth: [email, key] };
}

// ---------------------------------------------------------------------------------------------------------------
// The table as it really is, read with a client of our own

let rawClient: DynamoDBDocumentClient | undefined;

/** A document client independent of lib/db/client.ts's singleton (faults are injected into that one). */
export function raw(): DynamoDBDocumentClient {
  rawClient ??= createDocumentClient();
  return rawClient;
}

/** The table the handlers use (TABLE_NAME, read at each use): the pool's, or a file's own (onOwnTable). */
export const tableName = () => config().tableName;

export async function getItem(key: { pk: string; sk: string }): Promise<Record<string, any> | undefined> {
  const { Item } = await raw().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  return Item;
}

export async function putItem(item: Record<string, unknown>): Promise<void> {
  await raw().send(new PutCommand({ TableName: tableName(), Item: item }));
}

export async function deleteItem(key: { pk: string; sk: string }): Promise<void> {
  await raw().send(new DeleteCommand({ TableName: tableName(), Key: key }));
}

export type Snapshot = Map<string, string>;

/**
 * What the stream consumer writes in the background for changes committed earlier: the event store and webhook
 * deliveries (with their health items), and the events' day index (its day's item appears with the first event a
 * consumer process stores that day, whenever that is). A snapshot taken to prove "a rejected request changed
 * nothing" ignores them.
 */
export const CHANGE_FEED_PREFIXES = ['EVENTS#', 'EVENTDAYS', 'EVENTID#', 'WHDELIVERY#', 'WHHEALTH#'] as const;

/**
 * Every item of the table, keyed `pk | sk`, values as canonical JSON (sets as sorted arrays).
 * `ignore` drops items by pk prefix (the failed-login counters, which are expected to change, and the change
 * feed's items).
 */
export async function snapshotTable(
  ignorePrefixes: readonly string[] = ['THROTTLE#', 'RATE#', ...CHANGE_FEED_PREFIXES],
): Promise<Snapshot> {
  const items: Snapshot = new Map();
  let start: Record<string, unknown> | undefined;
  do {
    const page = await raw().send(
      new ScanCommand({ TableName: tableName(), ExclusiveStartKey: start, ConsistentRead: true }),
    );
    for (const item of page.Items ?? []) {
      const pk = String(item.pk);
      if (ignorePrefixes.some((prefix) => pk.startsWith(prefix))) continue;
      items.set(`${pk} | ${String(item.sk)}`, canonical(item));
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof Set) return [...v].sort();
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      return Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)));
    }
    return v;
  });
}

export interface SnapshotDiff {
  added: string[];
  removed: string[];
  changed: string[];
}

export function diffSnapshots(before: Snapshot, after: Snapshot): SnapshotDiff {
  const added = [...after.keys()].filter((key) => !before.has(key));
  const removed = [...before.keys()].filter((key) => !after.has(key));
  const changed = [...after.keys()].filter((key) => before.has(key) && before.get(key) !== after.get(key));
  return { added, removed, changed };
}

export const isEmptyDiff = (diff: SnapshotDiff) => diff.added.length + diff.removed.length + diff.changed.length === 0;

/** The failed-login window of (e-mail, source IP), read straight from the table. */
export function throttleItem(email: string, sourceIp: string) {
  return getItem(keys.throttle(email.toLowerCase(), sourceIp));
}

/** Whether a DynamoDB command is the rate limit's UpdateItem on a caller's bucket (lib/db/rate-limit.ts takeToken). */
function isRateLimitTake(command: unknown): boolean {
  const key = (command as { input?: { Key?: { pk?: unknown } } }).input?.Key;
  return typeof key?.pk === 'string' && key.pk.startsWith('RATE#');
}

/**
 * A handler's answer to one request and the DynamoDB calls it made (its round trips), counted on lib's client:
 * - only calls sent from within the request's own async context: a worker runs file after file in one process, and
 *   work another file left running (a write it did not wait for) would otherwise be counted too;
 * - not the rate limit's UpdateItem, which depends on the clock, not on what the request reads (an instance's lease
 *   of tokens holds for a second: on a loaded machine two consecutive requests counted one call apart).
 */
export async function roundTrips(
  handler: LambdaHandler,
  request: APIGatewayProxyEvent,
): Promise<{ answer: Answer; calls: number }> {
  const client = db();
  const original = client.send.bind(client);
  const mine = new AsyncLocalStorage<true>();
  let calls = 0;
  const send = vi.spyOn(client, 'send').mockImplementation(((...args: Parameters<typeof client.send>) => {
    if (mine.getStore() && !isRateLimitTake(args[0])) calls++;
    return original(...args);
  }) as typeof client.send);
  try {
    const answer = await mine.run(true, () => invokeHandler(handler, request));
    return { answer, calls };
  } finally {
    send.mockRestore();
  }
}
