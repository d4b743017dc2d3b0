/**
 * The requests test/e2e/hostile-fuzz.test.ts sends: their shape, the fixtures they point at, the target and
 * Authorization headers they are sent with, the route the server will give them (worked out with the server's own
 * parser) and the rewriting that keeps writes from locking the fuzz out of deep code.
 */
import { findEntity } from '../../lib/entities/registry.js';
import { parseApiPath } from '../../lib/http/api-path.js';
import { parseId, resolveRoute } from '../../lib/http/route.js';
import type { Admin, ApiUser } from '../support/fixtures.js';
import { basicAuth } from '../support/http.js';
// ---------------------------------------------------------------------------------------------------------------
// The fixtures the generated requests point at

export interface World {
  fuzzRoot: ApiUser;
  limited: Admin;
  vendor: ApiUser;
  /** Ids worth hitting: fixture users and groups, the reserved groups. */
  userIds: number[];
  groupIds: number[];
  /** Users and groups whose change would cut the fuzz off from deep code (or touch the suite's bootstrap root). */
  protectedUsers: Set<number>;
  protectedGroups: Set<number>;
  /** Targets kept alive (never deleted), so later requests keep reaching real objects. */
  undeletable: Set<string>;
}

/** The fixtures of the running fuzz, set by its beforeAll (useWorld); read by the arbitraries and the oracles. */
export let world: World;

export function useWorld(fixtures: World): void {
  world = fixtures;
}

// ---------------------------------------------------------------------------------------------------------------
// Requests

export type PathForm = 'v1' | 'v2' | 'php';

export interface FuzzRequest {
  method: string;
  form: PathForm;
  segments: string[];
  trailingSlash: boolean;
  query: Array<[string, string]>;
  /** Variations of the api.php form. */
  php: { ajaxCustom: boolean; leading: '' | '/' | '/api/' };
  auth: AuthChoice;
  contentTypes: string[];
  body?: string;
}

export type AuthChoice =
  | { kind: 'root' | 'limited' | 'vendor'; scheme: string; upperEmail: boolean }
  | { kind: 'none' }
  | { kind: 'bad'; header: string }
  | { kind: 'duplicate'; header: string; goodFirst: boolean };

export function authHeaders(auth: AuthChoice): Array<[string, string]> {
  const valid = (kind: 'root' | 'limited' | 'vendor', scheme = 'Basic', upper = false) => {
    const user = kind === 'root' ? world.fuzzRoot : kind === 'limited' ? world.limited : world.vendor;
    return basicAuth(upper ? user.email.toUpperCase() : user.email, user.key).replace(/^Basic/, scheme);
  };
  switch (auth.kind) {
    case 'none':
      return [];
    case 'bad':
      return [['Authorization', auth.header]];
    case 'duplicate':
      return auth.goodFirst
        ? [
            ['Authorization', valid('root')],
            ['authorization', auth.header],
          ]
        : [
            ['Authorization', auth.header],
            ['Authorization', valid('root')],
          ];
    default:
      return [['Authorization', valid(auth.kind, auth.scheme, auth.upperEmail)]];
  }
}

/** The request target, exactly as sent. */
export function target(req: FuzzRequest): string {
  const rest = req.segments.join('/') + (req.trailingSlash ? '/' : '');
  const query = req.query.map(([k, v]) => `${k}=${v}`);
  if (req.form === 'php') {
    const d = `${req.php.leading}${rest}`;
    return `/api.php?${['_d=' + d, ...(req.php.ajaxCustom ? ['ajax_custom=1'] : []), ...query].join('&')}`;
  }
  const prefix = req.form === 'v2' ? '/api/2.0/' : '/api/';
  return `${prefix}${rest}${query.length > 0 ? `?${query.join('&')}` : ''}`;
}

export interface RouteGuess {
  key: string;
  id?: number;
  nestedId?: number;
  /** The object's id as routed (decoded path text), numeric or not. */
  objectText?: string;
}

/** What the server will route the request to, worked out with the server's own parser (undefined: no route). */
export function routeOf(method: string, raw: string): RouteGuess | undefined {
  try {
    // serverless offline (hapi) normalises dot segments, percent-encoded ones included, like WHATWG URL does.
    const url = new URL(raw, 'http://fuzz.invalid');
    const query: Record<string, string> = {};
    for (const [k, v] of url.searchParams) query[k] = v;
    // hapi's router also strips one trailing slash (stripTrailingSlash) before the function sees the path.
    const path = url.pathname.length > 1 && url.pathname.endsWith('/') ? url.pathname.slice(0, -1) : url.pathname;
    const route = resolveRoute(method, parseApiPath(path, query), findEntity);
    const num = (text: string | undefined) => {
      try {
        return parseId(text);
      } catch {
        return /^\d{1,15}$/.test(text ?? '') ? Number(text) : undefined;
      }
    };
    return { key: route.key, id: num(route.id), nestedId: num(route.nestedId), objectText: route.nestedId ?? route.id };
  } catch {
    return undefined;
  }
}

/** Writes that could lock the fuzz out of deep code, or touch the suite's bootstrap root, are sent as GETs. */
export function defuse(req: FuzzRequest): FuzzRequest {
  if (req.form === 'php' && req.method === 'OPTIONS') {
    // Known defect of the local server, tested on its own in hostile-http-surface.test.ts.
    return { ...req, method: 'GET' };
  }
  if (!['PUT', 'DELETE', 'POST'].includes(req.method)) return req;
  const route = routeOf(req.method, target(req));
  if (!route) return req;
  // The data check knows what a success on users and usergroups may change, not on the other entities: a write
  // there is sent only where it can change nothing, on an id holding '%' (the probe's hostile ids).
  if (!/^(users|usergroups|version)\./.test(route.key) && (req.method === 'POST' || !route.objectText?.includes('%'))) {
    return { ...req, method: 'GET' };
  }
  const touchesUser = ['users.update', 'users.delete', 'users.usergroups.update', 'users.usergroups.delete'].includes(
    route.key,
  );
  const touchesGroup = ['usergroups.update', 'usergroups.delete'].includes(route.key);
  if (
    (touchesUser && route.id !== undefined && world.protectedUsers.has(route.id)) ||
    (touchesGroup && route.id !== undefined && world.protectedGroups.has(route.id))
  ) {
    return { ...req, method: 'GET' };
  }
  if (
    (route.key === 'users.delete' || route.key === 'usergroups.delete') &&
    world.undeletable.has(`${route.key}:${route.id}`)
  ) {
    return { ...req, method: 'GET' };
  }
  return req;
}
