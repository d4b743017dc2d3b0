/**
 * The oracles of test/e2e/hostile-fuzz.test.ts: what makes an answer a contract answer, what a successful write may
 * not have stored (mass assignment), and which changes of the table a chunk's successful writes explain.
 * test/e2e/hostile-fuzz-oracles.test.ts proves they flag what they must.
 */
import { padId } from '../../lib/db/keys.js';
import { CHUNK } from '../../lib/db/postings.js';
import { mediaType } from '../../lib/http/body.js';
import { REASONS } from '../../lib/http/http-errors.js';
import { CHANGE_FEED_PREFIXES, diffSnapshots, type Snapshot } from '../integration/hostile-support.js';
import { basicAuth } from '../support/http.js';
import { type FuzzRequest, routeOf, target, world } from './hostile-fuzz-requests.js';
import { type RawResponse, rawRequest } from './hostile-raw-http.js';

// ---------------------------------------------------------------------------------------------------------------
// The contract, per answer

const CONTRACT_STATUSES = new Set([200, 201, 204, 400, 401, 403, 404, 405, 413, 415, 429]);
const STACK_TRACE = /\bat [\w$.<>]+ \(|\.ts:\d|\.c?js:\d|\b\w*Error:|node_modules|\/work\//;
const INTERNAL_KEYS =
  /"(key_hash|api_key|email_lc|active_groups|members_rev|version|pk|sk|gsi1pk|gsi1sk|window_start|expires_at)"\s*:/;

export function contractViolations(req: FuzzRequest, res: RawResponse): string[] {
  const problems: string[] = [];
  const isHead = req.method === 'HEAD';
  if (!CONTRACT_STATUSES.has(res.status)) problems.push(`status ${res.status} is not a contract status`);
  if (res.status >= 500) problems.push(`5xx: ${res.status}`);
  if (res.body !== '' && !/^application\/json/i.test(res.headers['content-type'] ?? '')) {
    problems.push(`non-empty body with Content-Type ${res.headers['content-type']}`);
  }
  if (STACK_TRACE.test(res.body)) problems.push('stack-trace text in the body');
  if (INTERNAL_KEYS.test(res.body)) problems.push('an internal attribute in the body');
  if (res.body !== '' && res.json === undefined) problems.push('a body that is not JSON');
  if (res.status >= 400 && !isHead) {
    const json = res.json;
    if (!json || typeof json !== 'object' || Array.isArray(json)) problems.push('error without a JSON object body');
    else {
      if (typeof json.message !== 'string') problems.push('error body without a string message');
      else if (REASONS[res.status] && !json.message.startsWith(REASONS[res.status]!))
        problems.push(`message "${json.message.slice(0, 80)}" does not start with "${REASONS[res.status]}"`);
      if (json.status !== res.status) problems.push(`body status ${json.status} ≠ HTTP status ${res.status}`);
      const extra = Object.keys(json).filter((key) => !['message', 'status', 'errors'].includes(key));
      if (extra.length > 0) problems.push(`unexpected keys in the error body: ${extra.join(', ')}`);
    }
  }
  if (res.status === 405 && !/^(GET|POST|PUT|DELETE)(, (GET|POST|PUT|DELETE))*$/.test(res.headers.allow ?? '')) {
    problems.push(`405 with Allow "${res.headers.allow}"`);
  }
  if (res.status === 401) {
    if (res.headers['www-authenticate'] !== 'Basic realm="User email/API key"')
      problems.push(`401 with WWW-Authenticate ${res.headers['www-authenticate']}`);
    if (!isHead && res.body !== '{"message":"Unauthorized","status":401}')
      problems.push(`401 body ${res.body.slice(0, 80)}`);
  }
  if (res.status === 429) {
    if (!(Number(res.headers['retry-after']) > 0)) problems.push(`429 with Retry-After ${res.headers['retry-after']}`);
    if (!isHead && res.body !== '{"message":"Too Many Requests","status":429}')
      problems.push(`429 body ${res.body.slice(0, 80)}`);
  }
  if (res.status === 400 && isNonObjectJson(req) && res.json?.message !== 'Bad Request: Syntax error, malformed JSON') {
    // The body is judged before anything else can be a 400 (SPEC §1), and JSON that is not an object is malformed (§2).
    problems.push(`a non-object JSON body answered "${res.json?.message}", not the malformed-JSON 400`);
  }
  if (req.method === 'OPTIONS' && res.status !== 204) problems.push(`OPTIONS answered ${res.status}, not 204`);
  if (res.status === 204 && res.body !== '') problems.push('204 with a body');
  return problems;
}

/** A PUT or POST whose one Content-Type is JSON and whose body is valid JSON but not an object (`null`, `0`, `[]`). */
function isNonObjectJson(req: FuzzRequest): boolean {
  if (
    (req.method !== 'PUT' && req.method !== 'POST') ||
    req.contentTypes.length !== 1 ||
    mediaType(req.contentTypes[0]) !== 'application/json'
  )
    return false;
  try {
    const parsed: unknown = JSON.parse(req.body ?? '');
    return parsed === null || typeof parsed !== 'object' || Array.isArray(parsed);
  } catch {
    return false;
  }
}

const ROOT_AUTH = (): Array<[string, string]> => [
  ['Authorization', basicAuth(world.fuzzRoot.email, world.fuzzRoot.key)],
];

/**
 * Mass assignment (SPEC §2, §5, §8): a write that succeeded must not have stored is_root, privileges or an
 * API key from its body. Checked on the object itself right after the write.
 */
export async function massAssignmentViolations(req: FuzzRequest, res: RawResponse): Promise<string[]> {
  if (res.status !== 200 && res.status !== 201) return [];
  const route = routeOf(req.method, target(req));
  const problems: string[] = [];
  let sent: Record<string, unknown> = {};
  try {
    sent = JSON.parse(req.body ?? '{}') ?? {};
  } catch {
    // form or malformed bodies: nothing to compare
  }
  if (route?.key === 'users.create' || route?.key === 'users.update') {
    const id = route.key === 'users.create' ? res.json?.user_id : route.id;
    if (typeof id !== 'number' || world.protectedUsers.has(id)) return [];
    const read = await rawRequest({ method: 'GET', path: `/api/users/${id}`, headers: ROOT_AUTH() });
    if (read.status === 200 && read.json.is_root !== 'N')
      problems.push(`user ${id} has is_root ${read.json.is_root} after ${req.method}`);
    if (typeof sent.api_key === 'string' && read.status === 200) {
      const login = await rawRequest({
        method: 'GET',
        path: '/api/version',
        headers: [['Authorization', basicAuth(read.json.email, sent.api_key)]],
      });
      if (login.status !== 401 && login.status !== 429)
        problems.push(`the api_key sent in the body authenticates user ${id}: ${login.status}`);
    }
  }
  if (route?.key === 'usergroups.create' && typeof res.json?.usergroup_id === 'number') {
    const read = await rawRequest({
      method: 'GET',
      path: `/api/usergroups/${res.json.usergroup_id}`,
      headers: ROOT_AUTH(),
    });
    if (read.status === 200 && read.json.type === 'A' && JSON.stringify(read.json.privileges) !== '[]') {
      problems.push(`new group ${res.json.usergroup_id} has privileges ${JSON.stringify(read.json.privileges)}`);
    }
  }
  return problems;
}

export function describeRequest(req: FuzzRequest): string {
  const body = req.body === undefined ? '' : ` body(${req.body.length}B)=${JSON.stringify(req.body.slice(0, 120))}`;
  const auth =
    req.auth.kind === 'bad' || req.auth.kind === 'duplicate'
      ? `${req.auth.kind}:${JSON.stringify(req.auth.header.slice(0, 60))}`
      : req.auth.kind;
  return `${req.method} ${target(req).slice(0, 200)} [auth ${auth}] [ct ${JSON.stringify(req.contentTypes)}]${body}`;
}

// ---------------------------------------------------------------------------------------------------------------
// "A rejected request changes nothing": snapshot diffs, explained by the successes

export interface Executed {
  req: FuzzRequest;
  status: number;
  json: any;
}

/**
 * The users' postings (lib/db/user-postings.ts): one item holds the offsets of up to CHUNK users (its chunk in the
 * sort key), so several users' writes may change one item. Each offset added or removed must be the offset of a user
 * a successful request wrote: a write that touched another user's offset, or another chunk, is not explained.
 */
const USER_POSTINGS_PREFIX = 'WP#user#';

function writtenUserId(done: Executed): number | undefined {
  const route = routeOf(done.req.method, target(done.req));
  if (route?.key === 'users.create') return typeof done.json?.user_id === 'number' ? done.json.user_id : undefined;
  if (route?.key === 'users.update' || route?.key === 'users.delete') return route.id;
  return undefined;
}

/** A posting item's offsets from its snapshot: the binary set's one-byte elements (canonical JSON `{"0": n}`). */
function postedOffsets(json: string | undefined): Set<number> {
  if (json === undefined) return new Set();
  const ids = (JSON.parse(json) as { ids?: unknown[] }).ids ?? [];
  return new Set(ids.map((element) => (typeof element === 'number' ? element : Number((element as { 0: number })[0]))));
}

function postingExplained(key: string, before: string | undefined, after: string | undefined, written: Set<number>) {
  const chunk = Number(key.slice(key.lastIndexOf('#') + 1));
  const was = postedOffsets(before);
  const is = postedOffsets(after);
  const moved = [...was].filter((offset) => !is.has(offset)).concat([...is].filter((offset) => !was.has(offset)));
  return moved.length > 0 && moved.every((offset) => written.has(chunk * CHUNK + offset));
}

/** Keys (`pk | sk`) a successful write may change, or predicates over changed items. */
function allowance(done: Executed): ((key: string, item: Record<string, any> | undefined) => boolean) | undefined {
  const route = routeOf(done.req.method, target(done.req));
  if (!route) return undefined;
  const userItems = (userId: number) => (key: string, item?: Record<string, any>) =>
    key.startsWith(`USER#${userId} | `) ||
    (key.startsWith('LOGIN#') && item?.user_id === userId) ||
    key.startsWith('USERSTATS');
  switch (route.key) {
    case 'users.create':
      return typeof done.json?.user_id === 'number' ? userItems(done.json.user_id) : undefined;
    case 'users.update':
    case 'users.delete':
      return route.id !== undefined ? userItems(route.id) : undefined;
    case 'usergroups.create':
      return typeof done.json?.usergroup_id === 'number'
        ? (key) => key === `USERGROUPS | ${padId(done.json.usergroup_id)}`
        : undefined;
    case 'usergroups.update':
      return route.id !== undefined ? (key) => key === `USERGROUPS | ${padId(route.id!)}` : undefined;
    case 'usergroups.delete':
      return route.id !== undefined
        ? (key) => key === `USERGROUPS | ${padId(route.id!)}` || key.endsWith(` | LINK#${padId(route.id!)}`)
        : undefined;
    case 'users.usergroups.update':
    case 'users.usergroups.delete': {
      const { id: uid, nestedId: gid } = route;
      if (uid === undefined || gid === undefined) return undefined;
      return (key, item) =>
        key === `USER#${uid} | LINK#${padId(gid)}` ||
        key === `USERGROUPS | ${padId(gid)}` ||
        (key.startsWith('LOGIN#') && item?.user_id === uid);
    }
    default:
      return undefined;
  }
}

const WRITES = new Set(['POST', 'PUT', 'DELETE']);
// Failed-login windows, id counters and the per-user rate-limit buckets change on rejected requests by design.
export const IGNORED = ['THROTTLE#', 'COUNTER#', 'RATE#', ...CHANGE_FEED_PREFIXES] as const;

export function unexplainedChanges(before: Snapshot, after: Snapshot, executed: Executed[]): string[] {
  const diff = diffSnapshots(before, after);
  const succeeded = executed.filter((done) => WRITES.has(done.req.method) && done.status >= 200 && done.status < 300);
  const rules = succeeded.map(allowance);
  const item = (key: string) =>
    JSON.parse(after.get(key) ?? before.get(key) ?? 'null') as Record<string, any> | undefined;
  const changed = [
    ...diff.added.map((k) => `+ ${k}`),
    ...diff.removed.map((k) => `- ${k}`),
    ...diff.changed.map((k) => `~ ${k}`),
  ];
  const writtenUsers = new Set(succeeded.map(writtenUserId).filter((id) => id !== undefined));
  return changed.filter((entry) => {
    const key = entry.slice(2);
    if (key.startsWith(USER_POSTINGS_PREFIX))
      return !postingExplained(key, before.get(key), after.get(key), writtenUsers);
    const value = item(key);
    const before_ = before.has(key) ? (JSON.parse(before.get(key)!) as Record<string, any>) : undefined;
    return !rules.some((rule) => rule !== undefined && (rule(key, value) || rule(key, before_)));
  });
}
