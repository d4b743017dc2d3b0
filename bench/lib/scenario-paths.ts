import type { RequestSpec } from './events.js';
import type { World } from './world.js';

/**
 * Where the measured requests go, split from bench/lib/scenarios.ts: each endpoint's path, resource and path
 * parameters as API Gateway hands them over, and the world's member pairs the requests name.
 */

type PathParts = Pick<RequestSpec, 'path' | 'resource' | 'pathParameters'>;

/** The world's member pair `index` (a user and a group it belongs to). */
export const member = (world: World, index: number) => {
  const found = world.members[index];
  if (!found) throw new Error(`the world has no member pair ${index}`);
  return found;
};

export const usergroupPath = (id: number): PathParts => ({
  path: `/api/usergroups/${id}`,
  resource: '/api/usergroups/{id}',
  pathParameters: { id: String(id) },
});

export const membershipPath = (userId: number, groupId: number): PathParts => ({
  path: `/api/users/${userId}/usergroups/${groupId}`,
  resource: '/api/users/{id}/usergroups/{usergroupId}',
  pathParameters: { id: String(userId), usergroupId: String(groupId) },
});

/** `/api/<entity>/<id>` as API Gateway hands it over. */
export const objectPath = (entity: string, id: number): PathParts => ({
  path: `/api/${entity}/${id}`,
  resource: `/api/${entity}/{id}`,
  pathParameters: { id: String(id) },
});

export const langvarPath = (langId: number, name: string): PathParts => ({
  path: `/api/languages/${langId}/langvars/${name}`,
  resource: '/api/languages/{id}/langvars/{name}',
  pathParameters: { id: String(langId), name },
});
