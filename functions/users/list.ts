import { listUsers } from '../../lib/db/users.js';
import { usersEntity, type UserStatus, type UserType } from '../../lib/entities/users.js';
import { readFilters } from '../../lib/entities/validate.js';
import { apiHandler } from '../../lib/http/api-handler.js';
import { readPaging, searchEcho } from '../../lib/http/paging.js';
import { ok } from '../../lib/http/response.js';
import { presentUser } from '../../lib/operations/presenters.js';

/** GET /users: paged, filters user_type, status, email (exact, case-insensitive), ordered by id. */
export const handler = apiHandler('users.list', async ({ query }) => {
  const filters = readFilters(usersEntity, query);
  const paging = readPaging(query, ['id']);
  const { users, total } = await listUsers({
    user_type: filters.user_type as UserType | undefined,
    status: filters.status as UserStatus | undefined,
    email: filters.email as string | undefined,
    page: paging.page,
    itemsPerPage: paging.itemsPerPage,
    descending: paging.sortOrder === 'desc',
  });
  const echo = searchEcho(paging, filters, total);
  return ok({ users: users.map(presentUser), params: echo, search: echo });
});
