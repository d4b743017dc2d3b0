import { getUser } from '../db/users.js';
import type { UserRecord } from '../db/records.js';
import { NotFoundError } from '../errors.js';
import { parseId } from '../http/route.js';

/** The user named in the path: 404 when there is none. */
export async function requireUser(rawId: string | undefined): Promise<UserRecord> {
  const user = await getUser(parseId(rawId));
  if (!user) throw new NotFoundError('The User not found');
  return user;
}
