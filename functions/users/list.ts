import { listUsers } from '../../lib/db/user-list.js';
import { USER_SORTS, type UserSort, usersEntity } from '../../lib/entities/users.js';
import { readFilters } from '../../lib/entities/validate.js';
import { encodeCursor, listDigest, readCursor } from '../../lib/http/cursor.js';
import { readListPaging, searchEcho } from '../../lib/http/paging.js';
import { ok } from '../../lib/http/response.js';
import { presentUsers, userFilters } from '../../lib/operations/users.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

/**
 * GET /users: paged; filters user_type, status, email (exact, case-insensitive), user_id, user_ids,
 * user_login, name, phone, company_id, is_root (AND); sort_by id (default) or one of the recording's
 * keys (lib/entities/users.ts USER_SORTS). docs/data-model.md gives what each costs.
 */
export const handler = apiHandler('users.list', async ({ query }) => {
  const filters = readFilters(usersEntity, query);
  const { paging, cursorText } = readListPaging(query, USER_SORTS);
  // A cursor belongs to one list: these filters and this sort (docs/api.md §3, "Cursor paging").
  const digest = listDigest(['users', Object.entries(filters).sort(([a], [b]) => a.localeCompare(b))]);
  const cursor = readCursor(cursorText, paging.sortBy, paging.sortOrder, digest);
  const { users, total, nextKey } = await listUsers({
    ...userFilters(filters),
    sortBy: paging.sortBy as UserSort,
    descending: paging.sortOrder === 'desc',
    page: paging.page,
    itemsPerPage: paging.itemsPerPage,
    after: cursor?.k,
  });
  const next = nextKey === null ? null : encodeCursor({ s: paging.sortBy, o: paging.sortOrder, q: digest, k: nextKey });
  const echo = { ...searchEcho(paging, filters, total), next };
  return ok({ users: await presentUsers(users, 'list'), params: echo, search: echo });
});
