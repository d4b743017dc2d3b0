import { instanceTable } from '../instance-table.js';
import { deleteMembershipOf, getMembershipOf, listMembershipsOf, updateMembershipOf } from './memberships.js';
import { accountStoreOn } from './store.js';
import {
  createUsergroupOf,
  deleteUsergroupOf,
  getUsergroupOf,
  listUsergroupsOf,
  updateUsergroupOf,
} from './usergroups.js';
import { createUserOf, deleteUserOf, getUserOf, listUsersOf, updateUserOf } from './users.js';

/**
 * Accounts — users, usergroups and the memberships between them — as the functions use them, over the DynamoDB
 * store. The pieces: store.ts (the storage the operations receive), users.ts, usergroups.ts, memberships.ts (the
 * operations); the rules they share stay beside the other entities' (../users.ts, ../usergroups.ts,
 * ../memberships.ts, ../user-writes.ts, ../guards.ts).
 */
/** The account store over this instance's table (lib/operations/instance-table.ts). */
export const accountStore = /* @__PURE__ */ accountStoreOn(instanceTable);
const store = accountStore;

export const createUser = createUserOf(store);
export const getUser = getUserOf(store);
export const updateUser = updateUserOf(store);
export const deleteUser = deleteUserOf(store);
export const listUsers = listUsersOf(store);

export const createUsergroup = createUsergroupOf(store);
export const getUsergroup = getUsergroupOf(store);
export const updateUsergroup = updateUsergroupOf(store);
export const deleteUsergroup = deleteUsergroupOf(store);
export const listUsergroups = listUsergroupsOf(store);

export const listMemberships = listMembershipsOf(store);
export const getMembership = getMembershipOf(store);
export const updateMembership = updateMembershipOf(store);
export const deleteMembership = deleteMembershipOf(store);
