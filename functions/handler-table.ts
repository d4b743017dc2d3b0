import type { LambdaHandler } from '../lib/http/api-handler.js';
import { handler as membershipsDelete } from './memberships/delete.js';
import { handler as membershipsGet } from './memberships/get.js';
import { handler as membershipsList } from './memberships/list.js';
import { handler as membershipsUpdate } from './memberships/update.js';
import { handler as usergroupsCreate } from './usergroups/create.js';
import { handler as usergroupsDelete } from './usergroups/delete.js';
import { handler as usergroupsGet } from './usergroups/get.js';
import { handler as usergroupsList } from './usergroups/list.js';
import { handler as usergroupsUpdate } from './usergroups/update.js';
import { handler as usersCreate } from './users/create.js';
import { handler as usersDelete } from './users/delete.js';
import { handler as usersGet } from './users/get.js';
import { handler as usersList } from './users/list.js';
import { handler as usersUpdate } from './users/update.js';
import { handler as versionGet } from './version/get.js';

/** Every operation's Lambda handler by route key, for the functions that dispatch in-process. */
export const HANDLERS: Readonly<Record<string, LambdaHandler>> = Object.freeze({
  'version.list': versionGet,
  'users.list': usersList,
  'users.get': usersGet,
  'users.create': usersCreate,
  'users.update': usersUpdate,
  'users.delete': usersDelete,
  'usergroups.list': usergroupsList,
  'usergroups.get': usergroupsGet,
  'usergroups.create': usergroupsCreate,
  'usergroups.update': usergroupsUpdate,
  'usergroups.delete': usergroupsDelete,
  'users.usergroups.list': membershipsList,
  'users.usergroups.get': membershipsGet,
  'users.usergroups.update': membershipsUpdate,
  'users.usergroups.delete': membershipsDelete,
});
