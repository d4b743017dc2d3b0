import { API_PASSWORD_MIN_LENGTH, hashPassword, passwordProblem } from '../../auth/passwords.js';
import { config } from '../../config.js';
import { setPasswordHash } from '../../db/login-credentials.js';
import type { UserRecord } from '../../db/records.js';
import { DUPLICATE_EMAIL, getUser, updateUser } from '../../db/users.js';
import { writeAnswer } from '../../entities/answers.js';
import { usersEntity } from '../../entities/users.js';
import { ConflictError, invalidField, NotFoundError, ValidationError } from '../../errors.js';
import type { ApiRequest, Operation } from '../../http/operation.js';
import { created, ok } from '../../http/response.js';
import { parseId } from '../../http/route.js';
import { accountStoreOn } from '../accounts/store.js';
import { issueAuthToken } from '../auth-tokens.js';
import { contextCompany } from '../company-scope.js';
import { instanceTable } from '../instance-table.js';
import { firstCompanyId } from '../product-defaults.js';
import { createUserFromBody, userChangesFrom } from '../user-writes.js';
import { presentUsers, profileIdOf } from '../users.js';
import { hydratedForm, profileForm, readFormQuery } from './profile-fields.js';

const accounts = /* @__PURE__ */ accountStoreOn(instanceTable);
// The caller's own reads and writes (ownUser, updateOwnProfile) call lib/db on the same table directly: through the
// account store the update's function would bundle the users' list (17 KB).
/**
 * The shopper's own profile, `/sra_profile` (CS-Cart's `SraProfile`, lib/entities/sra-profile.ts). POST registers a
 * customer through the users entity's own create path (lib/operations/user-writes.ts: same validation, same items,
 * same change event) and signs them in at once; GET and PUT always mean the signed-in caller's own profile, whatever
 * id the path carries. Only the profile form's fields are taken from a body (lib/operations/storefront-account/
 * profile-fields.ts): a shopper can never set `user_type`, `status`, `company_id` or `is_root`.
 */

/** The user fields a shopper writes: the form's contact and essentials fields that users store. */
const SHOPPER_FIELDS = ['email', 'firstname', 'lastname', 'company', 'phone'] as const;

const shopperFields = (body: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(SHOPPER_FIELDS.filter((field) => Object.hasOwn(body, field)).map((f) => [f, body[f]]));

const sent = (body: Record<string, unknown>, field: string) =>
  Object.hasOwn(body, field) && body[field] !== undefined && body[field] !== null && body[field] !== '';

/**
 * The password a body chooses, checked, or undefined when it chooses none: `password1` with an equal `password2`
 * (CS-Cart's form), or `password` alone. Each failure is a 400 naming the field at fault.
 */
export function chosenPassword(body: Record<string, unknown>): string | undefined {
  const field = sent(body, 'password1') ? 'password1' : sent(body, 'password') ? 'password' : undefined;
  if (field === undefined) {
    if (sent(body, 'password2')) throw invalidField('password1', 'The password1 field is required');
    return undefined;
  }
  const password = body[field];
  if (typeof password !== 'string') throw invalidField(field, `The ${field} field must be text`);
  const problem = passwordProblem(password, API_PASSWORD_MIN_LENGTH);
  if (problem) throw invalidField(field, `The ${field} field is not acceptable: ${problem}`);
  if (field === 'password1') {
    if (!sent(body, 'password2')) throw invalidField('password2', 'The password2 field is required');
    if (body.password2 !== password) throw invalidField('password2', 'The password2 field must equal password1');
  }
  return password;
}

/** An e-mail already in use is a 409 on the storefront (the administration API keeps its 400). */
async function conflictOnDuplicate<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof ValidationError && error.detail === DUPLICATE_EMAIL) throw new ConflictError(DUPLICATE_EMAIL);
    throw error;
  }
}

/**
 * The company a new customer belongs to, as CS-Cart's `fn_get_runtime_company_id()`: a store context path's
 * (`/stores/:id/sra_profile`); else, in CS-Cart Ultimate (customers per storefront), the first store; else none (0:
 * a customer of the whole marketplace, as in Multi-Vendor and plain CS-Cart).
 */
async function registrationCompany(request: ApiRequest): Promise<number> {
  const context = contextCompany(request);
  if (context !== undefined) return context;
  return config().storeEdition === 'cs-cart-ultimate' ? ((await firstCompanyId()) ?? 0) : 0;
}

/**
 * POST /sra_profile: `email` (required, an address not in use: else 409), a password (`password1` + `password2`, or
 * `password`: required), names, company and phone → 201 `{"user_id", "profile_id", "auth": {"token", "ttl"}}`: a
 * customer (type C, active), signed in at once with a token as POST /auth_tokens issues it.
 */
export const registerCustomer: Operation = async (request) => {
  const body = request.body ?? {};
  const companyId = await registrationCompany(request);
  const { user, passwordHash } = await conflictOnDuplicate(() =>
    createUserFromBody(
      accounts,
      { ...shopperFields(body), user_type: 'C', status: 'A', company_id: companyId },
      async () => {
        const password = chosenPassword(body);
        if (password === undefined) throw invalidField('password1', 'The password1 field is required');
        return hashPassword(password);
      },
    ),
  );
  const auth = await issueAuthToken({ ...user, password_hash: passwordHash as string }, instanceTable);
  const answer = writeAnswer(usersEntity, 'create', { user_id: user.user_id, profile_id: profileIdOf(user) });
  return created({ ...answer, auth });
};

/**
 * The signed-in caller's own user (a customer's token, or an administrator's key acting as their own account). A path
 * id is not whose profile (CS-Cart's apps send `/sra_profile/1`), but it must still be an id: else a 404.
 */
async function ownUser(request: ApiRequest): Promise<UserRecord> {
  if (request.route.id !== undefined) parseId(request.route.id);
  const user = await getUser(request.caller.userId, instanceTable);
  if (!user) throw new NotFoundError('The User not found');
  return user;
}

/**
 * GET /sra_profile[/:id]: the caller's own profile as GET /users/:id shows it (never a password or its hash), plus
 * CS-Cart's `fields`: the profile form (`location`, `action`: profile, update) with this profile's values.
 */
export const readOwnProfile: Operation = async (request) => {
  const { location, action } = readFormQuery(request.query);
  const [shown] = await presentUsers(accounts, [await ownUser(request)], 'single');
  return ok({ ...shown, fields: hydratedForm(profileForm(location, action), shown ?? {}) });
};

/**
 * PUT /sra_profile[/:id]: the caller's own names, company, phone, e-mail (409 when another user has it) and
 * password (`password1` + `password2`). A new password ends every token issued before it, this request's included;
 * so that the app goes on signed in, the answer then carries a fresh `auth` `{token, ttl}` beside CS-Cart's
 * `{"user_id", "profile_id"}`.
 */
export const updateOwnProfile: Operation = async (request) => {
  const body = request.body ?? {};
  const userId = request.caller.userId;
  if (request.route.id !== undefined) parseId(request.route.id);
  const password = chosenPassword(body);
  const passwordHash = password === undefined ? undefined : await hashPassword(password);
  const fields = shopperFields(body);
  const user =
    Object.keys(fields).length === 0 && passwordHash !== undefined
      ? await ownUser(request)
      : await conflictOnDuplicate(() =>
          updateUser(
            userId,
            (current) => userChangesFrom(fields, current, passwordHash !== undefined),
            { companyMustExist: true },
            instanceTable,
          ),
        );
  const answer = writeAnswer(usersEntity, 'update', { user_id: userId, profile_id: profileIdOf(user) });
  if (passwordHash === undefined) return ok(answer);
  const changed = await setPasswordHash(userId, passwordHash, instanceTable);
  return ok({ ...answer, auth: await issueAuthToken({ ...changed, password_hash: passwordHash }, instanceTable) });
};
