import type { UserSort } from '../entities/users.js';
import type { UserRecord } from './records.js';
import { foldedText } from './text-items.js';

const lower = (text: string | undefined) => foldedText(text ?? '');

/**
 * The value each GET /users `sort_by` orders by; ties fall to the id. `username` is the login as shown
 * (`user_<id>`, compared as text, as CS-Cart compares logins), `name` is lastname then firstname
 * (CS-Cart's order), text is compared without case and accents, and `last_login` is "0" for everyone.
 * The list sorted in memory (lib/db/user-list.ts) and the sort items (lib/db/user-sort-items.ts) both order by it.
 */
export const SORT_VALUES: Record<UserSort, (user: UserRecord) => string | number> = {
  id: (user) => user.user_id,
  username: (user) => `user_${user.user_id}`,
  email: (user) => user.email_lc,
  name: (user) => `${lower(user.lastname)}\u0000${lower(user.firstname)}`,
  date: (user) => user.timestamp,
  type: (user) => user.user_type,
  status: (user) => user.status,
  phone: (user) => lower(user.phone),
  last_login: () => 0,
};
