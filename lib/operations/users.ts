import type { UserRecord } from '../db/records.js';
import type { UserFilters } from '../db/user-list.js';
import { present, type View } from '../entities/present.js';
import { USER_WIRE_FIELDS, type UserQuery, usersEntity } from '../entities/users.js';
import { NotFoundError, ValidationError } from '../errors.js';
import { digitsOf } from '../http/digits.js';
import type { ApiRequest } from '../http/operation.js';
import { checkIfMatch, preconditionFailed, specificIfMatch } from '../http/preconditions.js';
import { parseId } from '../http/route.js';
import type { AccountStore } from './accounts/store.js';

/** The user named in the path: 404 when there is none. */
export async function requireUser(store: AccountStore, rawId: string | undefined): Promise<UserRecord> {
  const user = await store.user(parseId(rawId));
  if (!user) throw new NotFoundError('The User not found');
  return user;
}

/** One profile per user, so the profile's id is the user's id (POST and PUT answers carry it). */
export const profileIdOf = (user: Pick<UserRecord, 'user_id'>) => user.user_id;

/** A user's login: CS-Cart names a user created without one `user_<id>`; ours are never set otherwise. */
export const loginOf = (userId: number) => `user_${userId}`;

// ------------------------------------------------------------------------------------------ answers

/** The users definition with its fields in the recording's order, for answers (its record and wire types kept). */
const wireDefinition = { ...usersEntity, schema: { ...usersEntity.schema, fields: USER_WIRE_FIELDS } };

/**
 * Users as GET answers show them (SPEC §10): every field of the recording, in its order, as JSON
 * strings (`"3"`), `anonymized` null. `company_name` is the name of the user's company ("" when it
 * does not exist); `company` is the user's own free text, or that name while they have none.
 * The API key, its hash and the bookkeeping attributes are not fields, so they never appear.
 */
export async function presentUsers(
  store: Pick<AccountStore, 'companyNames'>,
  users: readonly UserRecord[],
  view: View,
): Promise<Array<Record<string, unknown>>> {
  // One BatchGetItem for the companies the users belong to.
  const names = await store.companyNames(users.map((user) => user.company_id).filter((id) => id > 0));
  return users.map((user) => {
    const companyName = names.get(user.company_id) ?? '';
    const shown = {
      ...user,
      user_login: loginOf(user.user_id),
      company: user.company ?? companyName,
      company_name: companyName,
    };
    return present(wireDefinition, shown, view);
  });
}

// ------------------------------------------------------------------------------------------ filters

/**
 * The list filters as the storage takes them. `user_id`, `user_ids` and `user_login` all name ids;
 * given together, a user must satisfy each. A `user_login` that is not some `user_<id>` names nobody.
 */
export function userFilters(filters: UserQuery): UserFilters {
  const idSets: number[][] = [];
  if (filters.user_id !== undefined) idSets.push([filters.user_id]);
  if (filters.user_ids !== undefined) idSets.push([...filters.user_ids]);
  if (filters.user_login !== undefined) {
    const login = filters.user_login.trim().toLowerCase();
    // The login's text names an id (`user_12`): its digits are read here, the only place they are text.
    const digits = /^user_(\d{1,10})$/.exec(login)?.[1];
    const id = digitsOf(digits);
    idSets.push(id !== undefined && loginOf(id) === login ? [id] : []);
  }
  const ids = idSets.length > 0 ? idSets.reduce((kept, set) => kept.filter((id) => set.includes(id))) : undefined;
  return {
    user_type: filters.user_type,
    status: filters.status,
    email: filters.email,
    ids: ids && [...new Set(ids)],
    name: filters.name,
    phone: filters.phone,
    company_id: filters.company_id,
    is_root: filters.is_root,
  };
}

// ------------------------------------------------------------------------------------------- writes

const COMPANY_REQUIRED = 'The company_id field is required';
const VENDOR_COMPANY = 'A vendor must belong to a company: company_id cannot be 0';

/** A vendor belongs to a company (vendors see only their company's objects, SPEC §5): POST needs one. */
export function requireVendorCompany(userType: string, companyId: number | undefined): void {
  if (userType === 'V' && !companyId) {
    throw new ValidationError(COMPANY_REQUIRED, [{ field: 'company_id', message: COMPANY_REQUIRED }]);
  }
}

/** …and a PUT cannot take it away. */
export function keepVendorCompany(userType: string, companyId: number | undefined): void {
  if (userType === 'V' && companyId === 0) {
    throw new ValidationError(VENDOR_COMPANY, [{ field: 'company_id', message: VENDOR_COMPANY }]);
  }
}

/**
 * A user write's If-Match (specific tags), judged on the user as a GET shows it (`guard` first, so a 403
 * comes before a 412): the version judged, which the write must then find unchanged (else 412); undefined
 * without If-Match.
 */
export async function judgeUserIfMatch(
  store: AccountStore,
  request: ApiRequest,
  guard: (user: UserRecord) => void,
): Promise<number | undefined> {
  if (!specificIfMatch(request)) return undefined;
  const user = await requireUser(store, request.route.id);
  guard(user);
  await checkIfMatch(request, async () => (await presentUsers(store, [user], 'single'))[0]);
  return user.version;
}

/** The decide step of a write bound to a judged version (see judgeUserIfMatch). */
export function assertJudgedVersion(judged: number | undefined, current: UserRecord): void {
  if (judged !== undefined && current.version !== judged) throw preconditionFailed();
}
