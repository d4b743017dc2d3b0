import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../lib/config.js';
import { db } from '../../lib/db/client.js';
import { keys } from '../../lib/db/keys.js';
import type { RequestSpec } from './events.js';
import { usergroupPath } from './scenario-paths.js';
import { writeAll } from './seed.js';
import type { Caller, World } from './world.js';

/**
 * What the scenarios need in the table before they run, split from bench/lib/scenarios.ts: the group a DELETE
 * removes, and for the HTTP load the requests to rotate over where one repeated request will not do.
 */

/** A usergroup item as createUsergroup writes one, for a DELETE to remove. */
const disposableGroupItem = (id: number) => ({
  ...keys.usergroup(id),
  usergroup_id: id,
  type: 'C',
  status: 'A',
  usergroup: 'Bench disposable',
  members_rev: 0,
});

/** The group DELETE /usergroups/:id removes, written as createUsergroup writes one. */
export async function putDisposableGroup(id: number): Promise<void> {
  await db().send(new PutCommand({ TableName: config().tableName, Item: disposableGroupItem(id) }));
}

/** Groups for DELETE /usergroups/:id under load, one per request, written in bulk as createUsergroup writes them. */
export async function disposableGroups(world: World, caller: Caller, count: number): Promise<RequestSpec[]> {
  const ids = Array.from({ length: count }, (_, i) => world.disposableGroupId + 1 + i);
  await writeAll(config().tableName, ids.map(disposableGroupItem));
  return ids.map((id) => ({ method: 'DELETE', ...usergroupPath(id), authorization: caller.authorization }));
}

/** Language codes for POST /languages under load: every two-letter code but English's and the in-process one's. */
export function languageCodes(_world: World, caller: Caller): Promise<RequestSpec[]> {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const codes = [...letters]
    .flatMap((a) => [...letters].map((b) => a + b))
    .filter((code) => code !== 'en' && code !== 'zz');
  return Promise.resolve(
    codes.map((code) => ({
      method: 'POST',
      path: '/api/languages',
      resource: '/api/languages',
      body: { lang_code: code, name: `Bench ${code}` },
      authorization: caller.authorization,
    })),
  );
}

/**
 * Membership writes under load spread over every member pair: concurrent transactions on one link, login
 * and group would mostly measure DynamoDB's conflict handling and the retries.
 */
export function everyMember(
  world: World,
  request: (userId: number, groupId: number) => RequestSpec,
): Promise<RequestSpec[]> {
  return Promise.resolve(world.members.map(({ userId, groupId }) => request(userId, groupId)));
}
