import type { UserRecord } from '../../db/records.js';
import { writeAnswer } from '../../entities/answers.js';
import { USER_SORTS, type UserQuery, type UserSort, usersEntity } from '../../entities/users.js';
import { readFilters } from '../../entities/validate.js';
import { listDigest, nextCursor, readCursor } from '../../http/cursor.js';
import type { Operation } from '../../http/operation.js';
import { readListPaging, searchEcho } from '../../http/paging.js';
import { conditionalGet } from '../../http/preconditions.js';
import { created, noContent, ok } from '../../http/response.js';
import { parseId } from '../../http/route.js';
import { guardPrivilegedUser, guardSelfRemoval, sentText } from '../guards.js';
import { passwordHashOf } from '../user-passwords.js';
import { createUserFromBody, userChangesFrom } from '../user-writes.js';
import {
  assertJudgedVersion,
  judgeUserIfMatch,
  presentUsers,
  profileIdOf,
  requireUser,
  userFilters,
} from '../users.js';
import type { AccountStore } from './store.js';

/**
 * POST /users → 201 {"user_id": N, "profile_id": "N"} (the recording's types: lib/entities/users.ts `answers`). Never
 * root, never with API access: those are the admin tool's. company_id defaults to 0 (no company); a vendor needs one;
 * a company_id must name an existing company (400 naming the field). A `password` is stored as its slow hash only:
 * the user's storefront sign-in (POST /auth_tokens); API keys stay the admin tool's. The rules: ../user-writes.ts.
 */
export const createUserOf =
  (store: AccountStore): Operation =>
  async ({ caller, body = {} }) => {
    guardPrivilegedUser(caller, sentText(body, 'user_type') ?? '');
    const { user } = await createUserFromBody(store, body);
    return created(writeAnswer(usersEntity, 'create', { user_id: user.user_id, profile_id: profileIdOf(user) }));
  };

/** GET /users/:id: the recording's fields and JSON types; 404 when unknown. The API key and its hash never appear. */
export const getUserOf =
  (store: AccountStore): Operation =>
  async (request) => {
    const [shown] = await presentUsers(store, [await requireUser(store, request.route.id)], 'single');
    return conditionalGet(request, ok(shown));
  };

/**
 * PUT /users/:id → 200 {"user_id": "N", "profile_id": "N"} (the recording's strings): partial, only the fields sent
 * change (SPEC §8). A new company_id must name an existing company; a vendor cannot be left without one.
 */
export const updateUserOf =
  (store: AccountStore): Operation =>
  async (request) => {
    const { route, caller, body = {} } = request;
    const userId = parseId(route.id);
    const guard = (current: UserRecord) => {
      guardPrivilegedUser(caller, current.user_type, current.user_id);
      guardSelfRemoval(caller, current.user_id, sentText(body, 'status') === 'D');
    };
    const judged = await judgeUserIfMatch(store, request, guard);
    // Hashed before anything is written (a bad one is a 400 with nothing changed); set after the profile, under the same guard.
    const passwordHash = await passwordHashOf(body);
    const user = await store.updateUser(
      userId,
      (current) => {
        guard(current);
        assertJudgedVersion(judged, current);
        return userChangesFrom(body, current, passwordHash !== undefined);
      },
      { companyMustExist: true },
    );
    // A new password ends the user's storefront tokens (they carry the old one's tag).
    if (passwordHash !== undefined) await store.setPasswordHash(userId, passwordHash);
    return ok(writeAnswer(usersEntity, 'update', { user_id: userId, profile_id: profileIdOf(user) }));
  };

/** DELETE /users/:id → 204; the user's group links go with it. */
export const deleteUserOf =
  (store: AccountStore): Operation =>
  async (request) => {
    const { route, caller } = request;
    const guard = (current: UserRecord) => {
      guardSelfRemoval(caller, current.user_id, true);
      guardPrivilegedUser(caller, current.user_type, current.user_id);
    };
    const judged = await judgeUserIfMatch(store, request, guard);
    await store.deleteUser(parseId(route.id), (current) => {
      guard(current);
      assertJudgedVersion(judged, current);
    });
    return noContent();
  };

/**
 * GET /users: paged; filters user_type, status, email (exact, case-insensitive), user_id, user_ids, user_login, name,
 * phone, company_id, is_root (AND); sort_by id (default) or one of the recording's keys (lib/entities/users.ts
 * USER_SORTS). docs/data-model.md gives what each costs.
 */
export const listUsersOf =
  (store: AccountStore): Operation =>
  async ({ query }) => {
    // readFilters normalises each value to its filter's type (lib/http/typed-input.ts says why).
    const filters = readFilters(usersEntity, query) as UserQuery;
    const { paging, cursorText } = readListPaging(query, USER_SORTS);
    // A cursor belongs to one list: these filters and this sort (docs/api.md §3, "Cursor paging").
    const digest = listDigest(['users', Object.entries(filters).sort(([a], [b]) => a.localeCompare(b))]);
    const cursor = readCursor(cursorText, paging.sortBy, paging.sortOrder, digest);
    const { users, total, nextKey } = await store.listUsers({
      ...userFilters(filters),
      sortBy: paging.sortBy as UserSort,
      descending: paging.sortOrder === 'desc',
      page: paging.page,
      itemsPerPage: paging.itemsPerPage,
      after: cursor?.k,
    });
    const echo = { ...searchEcho(paging, filters, total), next: nextCursor(paging, digest, nextKey) };
    return ok({ users: await presentUsers(store, users, 'list'), params: echo, search: echo });
  };
