/**
 * Shared setup for the e2e and integration suites: unique e-mails, the admin command line as a subprocess,
 * and users, groups, links and privileged administrators created through it and through the API.
 *
 * Every helper that creates something asserts the success status it expects, so a broken setup fails
 * loudly in the test that used it rather than as a puzzling assertion later on.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { expect, inject } from 'vitest';
import { generateApiKey, hashApiKey } from '../../lib/auth/api-keys.js';
import { isKnownPrivilege } from '../../lib/auth/privileges.js';
import { defaultTableContext } from '../../lib/db/table-context.js';
import { setUsergroupPrivileges } from '../../lib/db/usergroups.js';
import { setApiKeyHash, createUser as storeUser } from '../../lib/db/users.js';
import { adminCommand } from './admin-command.js';
import { type ApiResponse, type Auth, api } from './http.js';
import { testStore } from './store.js';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export type Credentials = readonly [email: string, key: string];

/** A short random suffix, so tests never share data. */
export function uid(): string {
  return randomBytes(5).toString('hex');
}

/** A fresh, valid, never-used e-mail address. */
export function uniqueEmail(tag = 'user'): string {
  return `${tag}-${uid()}@e2e.example.com`;
}

// ---------------------------------------------------------------------------------------------------------------
// Assertions on the contract's response shapes (SPEC §3)

/** `{"message": ..., "status": N}` with the exact message. */
export function expectError(response: ApiResponse, status: number, message?: string): void {
  expect(response.status, `${status} expected, got ${response.status}: ${response.body}`).toBe(status);
  expect(response.json).toMatchObject({ status });
  if (message !== undefined) expect(response.json?.message).toBe(message);
  else expect(typeof response.json?.message).toBe('string');
}

/** A 403 `Forbidden...` answer. */
export function expectForbidden(response: ApiResponse): void {
  expectError(response, 403);
  expect(response.json.message).toMatch(/^Forbidden/);
}

/** The exact 401 of SPEC §4, realm included. */
export function expectUnauthorized(response: ApiResponse): void {
  expect(response.status, `401 expected, got ${response.status}: ${response.body}`).toBe(401);
  expect(response.json).toEqual({ message: 'Unauthorized', status: 401 });
  expect(response.headers.get('www-authenticate')).toBe('Basic realm="User email/API key"');
}

export function expectStatus(response: ApiResponse, status: number): void {
  expect(response.status, `${status} expected, got ${response.status}: ${response.body}`).toBe(status);
}

// ---------------------------------------------------------------------------------------------------------------
// The admin command line (SPEC §9), run as a developer would: `npm run admin -- ...` (test/support/admin-command.ts)

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Environment pointing the admin tool at the suite's DynamoDB Local and the table the file's handlers use. */
export function cliEnv(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    AWS_ENDPOINT_URL_DYNAMODB: testStore().dynamoEndpoint,
    // The pool's, or the file's own (onOwnTable, which sets TABLE_NAME).
    TABLE_NAME: process.env.TABLE_NAME || testStore().tableName,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
  };
}

/** Runs the admin tool; never throws, the caller judges the exit code. */
export function adminCli(args: string[]): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      ...adminCommand(args),
      { cwd: REPO_ROOT, env: cliEnv(), timeout: 60_000, maxBuffer: 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout: String(stdout), stderr: String(stderr) });
      },
    );
  });
}

async function adminCliOk(args: string[]): Promise<CliResult> {
  const result = await adminCli(args);
  if (result.code !== 0) {
    throw new Error(
      `admin ${args.join(' ')} exited ${result.code}\nstdout: ${result.stdout}\nstderr: ${result.stderr}`,
    );
  }
  return result;
}

/** `create-user`; returns the new user's id, read from the tool's output. */
export async function cliCreateUser(email: string, type: 'A' | 'C' | 'V', extra: string[] = []): Promise<number> {
  const { stdout } = await adminCliOk(['create-user', '--email', email, '--type', type, ...extra]);
  const match = /created user (\d+)/.exec(stdout);
  if (!match) throw new Error(`create-user printed no user id: ${stdout}`);
  return Number(match[1]);
}

/** `enable-api`; the key is alone on the last line of stdout. */
export async function cliEnableApi(email: string): Promise<string> {
  const { stdout } = await adminCliOk(['enable-api', '--email', email]);
  const lines = stdout.trim().split('\n');
  const key = lines[lines.length - 1]!.trim();
  if (!/^[A-Za-z0-9]{32}$/.test(key)) throw new Error(`enable-api printed no key on its last line: ${stdout}`);
  return key;
}

export async function cliDisableApi(email: string): Promise<void> {
  await adminCliOk(['disable-api', '--email', email]);
}

export async function cliSetPrivileges(groupId: number, privileges: readonly string[]): Promise<void> {
  await adminCliOk(['set-privileges', '--usergroup', String(groupId), ...privileges]);
}

// ---------------------------------------------------------------------------------------------------------------
// Objects created through the API (as the bootstrap root administrator unless told otherwise)

export interface GroupFields {
  type: 'A' | 'C';
  status: 'A' | 'H' | 'D';
  usergroup?: string;
}

export async function createGroup(fields: GroupFields, auth: Auth = 'admin'): Promise<number> {
  const response = await api('POST', '/api/usergroups', {
    auth,
    body: { usergroup: `group-${uid()}`, ...fields },
  });
  expectStatus(response, 201);
  expect(Number.isInteger(response.json.usergroup_id)).toBe(true);
  return response.json.usergroup_id as number;
}

export interface UserFields {
  email?: string;
  user_type: 'A' | 'C' | 'V';
  status?: 'A' | 'D';
  firstname?: string;
  lastname?: string;
  company_id?: number;
  company?: string;
  phone?: string;
  /** The storefront password (POST /auth_tokens). */
  password?: string;
}

/** A company (POST /stores as the bootstrap root): what a user's company_id names. Returns its company_id. */
export async function createCompany(name = `Company ${uid()}`): Promise<number> {
  const response = await api('POST', '/api/stores', {
    body: { company: name, storefront: `${uid()}.shop.example.com` },
  });
  expectStatus(response, 201);
  expect(Number.isInteger(response.json.store_id)).toBe(true);
  return response.json.store_id as number;
}

/** A vendor created through the API, with a fresh company of its own unless one is given. */
export async function createVendor(fields: Partial<UserFields> = {}, auth: Auth = 'admin'): Promise<number> {
  return createUser({ ...fields, user_type: 'V', company_id: fields.company_id ?? (await createCompany()) }, auth);
}

/** POST /users; returns the new id. */
export async function createUser(fields: UserFields, auth: Auth = 'admin'): Promise<number> {
  const response = await api('POST', '/api/users', { auth, body: { email: uniqueEmail('api'), ...fields } });
  expectStatus(response, 201);
  expect(Number.isInteger(response.json.user_id)).toBe(true);
  return response.json.user_id as number;
}

/** A customer created through the API. */
export const createCustomer = (auth: Auth = 'admin') => createUser({ user_type: 'C' }, auth);

export type LinkStatus = 'A' | 'F' | 'P' | 'D';

/** PUT /users/:uid/usergroups/:gid, expecting the contract's success answer. */
export async function setLink(
  userId: number,
  groupId: number,
  status: LinkStatus,
  auth: Auth = 'admin',
): Promise<void> {
  const response = await api('PUT', `/api/users/${userId}/usergroups/${groupId}`, { auth, body: { status } });
  expectStatus(response, 200);
  expect(response.json).toEqual({ message: 'Status has been changed.' });
}

/** GET /users/:uid/usergroups as the bootstrap root. */
export async function linksOf(
  userId: number,
): Promise<Record<string, { link_id: number; usergroup_id: number; status: string }>> {
  const response = await api('GET', `/api/users/${userId}/usergroups`);
  expectStatus(response, 200);
  return response.json;
}

/** An administrator group whose privileges were set with the admin command line. */
export async function privilegedGroup(privileges: readonly string[], status: 'A' | 'H' | 'D' = 'A'): Promise<number> {
  const unknown = privileges.filter((name) => !isKnownPrivilege(name));
  if (unknown.length > 0) throw new Error(`privilegedGroup: unknown privilege(s) ${unknown.join(', ')}`);
  const groupId = await createGroup({ type: 'A', status });
  // What `admin set-privileges` writes, in this worker, like createApiUser below: a CLI run is a cold Node and tsx
  // (a second or more of CPU), and fixtures make a privileged group for most administrators. The command itself is
  // proven where tests call cliSetPrivileges (permissions-groups, usergroups, the panel's suites).
  await setUsergroupPrivileges(groupId, [...new Set(privileges)], defaultTableContext());
  return groupId;
}

export interface ApiUser {
  userId: number;
  email: string;
  key: string;
  auth: Credentials;
}

/**
 * A user stored as `admin create-user` stores one (`extra`: its `--root` and `--company N` options), in this worker:
 * a CLI run (a cold Node loading the SDK) costs 0.2-0.3 s of CPU and fixtures make hundreds of users. The CLI itself
 * is proven where tests call cli*().
 */
export async function storeFixtureUser(email: string, type: 'A' | 'C' | 'V', extra: string[] = []): Promise<number> {
  const companyAt = extra.indexOf('--company');
  const user = await storeUser(
    {
      email,
      user_type: type,
      status: 'A',
      firstname: '',
      lastname: '',
      company_id: companyAt >= 0 ? Number(extra[companyAt + 1]) : 0,
      is_root: extra.includes('--root') ? 'Y' : 'N',
    },
    undefined,
    defaultTableContext(),
  );
  return user.user_id;
}

/** A user with API access, stored as `admin create-user` and `enable-api` store one (storeFixtureUser). */
export async function createApiUser(type: 'A' | 'V', extra: string[] = []): Promise<ApiUser> {
  const email = uniqueEmail(type === 'A' ? 'admin' : 'vendor');
  const userId = await storeFixtureUser(email, type, extra);
  const key = generateApiKey();
  await setApiKeyHash(userId, hashApiKey(key), defaultTableContext());
  return { userId, email, key, auth: [email, key] };
}

export interface Admin extends ApiUser {
  /** The administrator group holding the privileges (absent when none were asked for). */
  groupId?: number;
}

/**
 * A non-root administrator with API access who is an active member (link A) of one fresh administrator group
 * holding exactly `privileges`. With no privileges, the administrator is in no group at all.
 */
export async function createAdmin(privileges: readonly string[] = []): Promise<Admin> {
  if (privileges.length === 0) return createApiUser('A');
  const [user, groupId] = await Promise.all([createApiUser('A'), privilegedGroup(privileges)]);
  await setLink(user.userId, groupId, 'A');
  return { ...user, groupId };
}

/** A second root administrator (the bootstrap one must survive every test). */
export async function createRoot(): Promise<ApiUser> {
  return createApiUser('A', ['--root']);
}

/** The bootstrap root administrator's user id. */
export async function rootUserId(): Promise<number> {
  const response = await api('GET', `/api/users?email=${encodeURIComponent(inject('adminEmail'))}`);
  expectStatus(response, 200);
  expect(response.json.users).toHaveLength(1);
  return Number(response.json.users[0].user_id);
}

/** Runs `tasks` with at most `limit` in flight. */
export async function inBatches<T>(count: number, limit: number, task: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, count) }, async () => {
    while (next < count) {
      const index = next++;
      results[index] = await task(index);
    }
  });
  await Promise.all(workers);
  return results;
}

/** POSTs a body that must be created (201) and answers the new object's id from `key` of the answer. */
export async function created(path: string, body: object, key: string): Promise<number> {
  const response = await api('POST', path, { body });
  expect(response.status, response.body).toBe(201);
  return response.json[key] as number;
}
