import { generateApiKey, hashApiKey } from '../../lib/auth/api-keys.js';
import { effectivePrivileges } from '../../lib/auth/authorize.js';
import { generatePassword, hashPassword, passwordProblem } from '../../lib/auth/passwords.js';
import { isKnownPrivilege, KNOWN_PRIVILEGES } from '../../lib/auth/privileges.js';
import { ensureStorefrontKey } from '../../lib/auth/storefront-auth.js';
import { setPasswordHash } from '../../lib/db/login-credentials.js';
import { DEFAULT_RECORDS_PER_SECOND, runMigrations } from '../../lib/db/migrations/runner.js';
import { DEFAULT_SETTLE_MS, sweepOrphanItems } from '../../lib/db/orphan-items.js';
import type { UserRecord } from '../../lib/db/records.js';
import { defaultTableContext } from '../../lib/db/table-context.js';
import { getUsergroup, setUsergroupPrivileges } from '../../lib/db/usergroups.js';
import { createUser, getLogin, getUserByEmail, getUserWithLinks, setApiKeyHash } from '../../lib/db/users.js';
import { USER_TYPES, type UserType, usersEntity } from '../../lib/entities/users.js';
import { checkValue } from '../../lib/entities/validate.js';

/** This instance's table: every command reads and writes there. */
const instance = defaultTableContext();

async function requireUserByEmail(email: string): Promise<UserRecord> {
  const user = await getUserByEmail(email, instance);
  if (!user) throw new Error(`no user with e-mail ${email}`);
  return user;
}

export async function createUserCommand(options: {
  email: string;
  type: string;
  root: boolean;
  company?: string;
  firstname?: string;
  lastname?: string;
}): Promise<void> {
  const email = checkValue('email', usersEntity.schema.fields.email!, options.email);
  if ('error' in email) throw new Error(email.error.message);
  const type = options.type.toUpperCase();
  if (!(USER_TYPES as readonly string[]).includes(type)) throw new Error('--type must be A, C or V');
  if (options.root && type !== 'A') throw new Error('--root is for administrators (--type A) only');
  const company = Number(options.company ?? 0);
  if (!Number.isInteger(company) || company < 0) throw new Error('--company must be a non-negative integer');
  const user = await createUser(
    {
      email: String(email.value),
      user_type: type as UserType,
      status: 'A',
      firstname: options.firstname ?? '',
      lastname: options.lastname ?? '',
      company_id: company,
      is_root: options.root ? 'Y' : 'N',
    },
    undefined,
    instance,
  );
  console.log(`created user ${user.user_id} (${user.email}, type ${user.user_type}${options.root ? ', root' : ''})`);
}

export async function enableApiCommand(email: string): Promise<void> {
  const user = await requireUserByEmail(email);
  if (user.user_type === 'C') throw new Error('customers never hold API access (docs/api.md §4)');
  const key = generateApiKey();
  await setApiKeyHash(user.user_id, hashApiKey(key), instance);
  console.log(`API access enabled for ${user.email}; the key is shown once, only its hash is stored:`);
  console.log(key);
}

export async function disableApiCommand(email: string): Promise<void> {
  const user = await requireUserByEmail(email);
  await setApiKeyHash(user.user_id, undefined, instance);
  console.log(`API access disabled for ${user.email}`);
}

export async function setPrivilegesCommand(groupText: string, privileges: string[]): Promise<void> {
  const groupId = Number(groupText);
  if (!Number.isInteger(groupId) || groupId < 1) throw new Error('--usergroup must be a usergroup id');
  const unknown = privileges.filter((name) => !isKnownPrivilege(name));
  if (unknown.length > 0) {
    throw new Error(`unknown privilege(s): ${unknown.join(', ')}\nknown: ${KNOWN_PRIVILEGES.join(' ')}`);
  }
  const group = await getUsergroup(groupId, instance);
  if (!group) throw new Error(`no usergroup ${groupId}`);
  if (group.usergroup_id <= 2) throw new Error(`usergroup ${groupId} is reserved`);
  if (group.type !== 'A')
    throw new Error(`usergroup ${groupId} is a customer group; privileges apply to administrator groups only`);
  const unique = [...new Set(privileges)];
  await setUsergroupPrivileges(groupId, unique, instance);
  console.log(`usergroup ${groupId} privileges: ${unique.join(' ') || '(none)'}`);
}

export async function showUserCommand(email: string): Promise<void> {
  const found = await requireUserByEmail(email);
  const { user, links } = await getUserWithLinks(found.user_id, instance);
  const login = await getLogin(found.email_lc, instance);
  const activeGroupIds = [...(login?.active_groups ?? [])].map(Number);
  const isRoot = found.is_root === 'Y' && found.user_type === 'A';
  const privileges = isRoot
    ? ['(root: every privilege)']
    : found.user_type === 'A'
      ? [
          ...(await effectivePrivileges({
            userId: found.user_id,
            email: found.email_lc,
            userType: found.user_type,
            isRoot,
            companyId: found.company_id,
            activeGroupIds,
          })),
        ].sort()
      : [];
  console.log(
    JSON.stringify(
      {
        user: { ...user, version: undefined },
        api_access: Boolean(login?.key_hash),
        usergroups: links.map((link) => ({
          usergroup_id: link.usergroup_id,
          link_id: link.link_id,
          status: link.status,
        })),
        effective_privileges: privileges,
      },
      null,
      2,
    ),
  );
}

/**
 * The password of an administrator (the administration panel) or a customer (the storefront's POST /auth_tokens): read from `readPassword` (the terminal, without
 * echo, or the first line of stdin), or generated with --generate and printed alone on the last line.
 * Stored only as a slow scrypt hash; setting one ends the account's open panel sessions.
 */
export async function setPasswordCommand(
  email: string,
  options: { generate: boolean; readPassword: () => Promise<string> },
): Promise<void> {
  const user = await requireUserByEmail(email);
  if (user.user_type === 'V')
    throw new Error(
      'only administrators (the panel) and customers (the storefront) have a password; vendors use neither',
    );
  const password = options.generate ? generatePassword() : await options.readPassword();
  const problem = passwordProblem(password);
  if (problem) throw new Error(problem);
  await setPasswordHash(user.user_id, await hashPassword(password), instance);
  if (options.generate) {
    console.log(`panel password set for ${user.email}; it is shown once, only its hash is stored:`);
    console.log(password);
  } else {
    console.log(`panel password set for ${user.email}`);
  }
}

/** Upgrades the table's items to the current layout (docs/data-model.md "Layout versions and migrations"). */
export async function migrateCommand(rateText: string | undefined): Promise<void> {
  const rate = rateText === undefined ? DEFAULT_RECORDS_PER_SECOND : Number(rateText);
  if (!Number.isFinite(rate) || rate <= 0) throw new Error('--rate must be a positive number of records per second');
  const ran = await runMigrations({ recordsPerSecond: rate, log: (line) => console.log(line) });
  console.log(ran.length ? `migrated: ${ran.join(', ')}` : 'nothing to migrate: the table is on the current layout');
}

/**
 * Deletes the index, sort and text items left without their record by a create that stopped between its two writes
 * (lib/db/orphan-items.ts); `settleText` seconds pass between finding them and reading their records again.
 */
export async function sweepOrphansCommand(settleText: string | undefined): Promise<void> {
  const settleMs = settleText === undefined ? DEFAULT_SETTLE_MS : Number(settleText) * 1000;
  if (!Number.isFinite(settleMs) || settleMs < 0) throw new Error('--settle must be a number of seconds');
  const swept = await sweepOrphanItems({ settleMs, log: (line) => console.log(line) });
  console.log(`swept: ${swept.deleted} of ${swept.scanned} index, sort and text items had no record`);
}

/** Prints the store's Storefront-Api-Access-Key alone on the last line, making it first if the store has none. */
export async function storefrontKeyCommand(): Promise<void> {
  console.log(await ensureStorefrontKey());
}
