import { describe, expect, it } from 'vitest';
import { findEntity } from '../../lib/entities/registry.js';
import { ForbiddenError } from '../../lib/errors.js';
import type { ApiPath } from '../../lib/http/api-path.js';
import { HttpError } from '../../lib/http/http-errors.js';
import { parseId, resolveRoute } from '../../lib/http/route.js';
import { thrownBy } from '../support/thrown.js';

const path = (...segments: string[]): ApiPath => ({ version: '2.0', segments });

const httpErrorOf = (act: () => unknown): HttpError => thrownBy(HttpError, act);

describe('resolveRoute: methods and shapes (SPEC §1)', () => {
  it.each(['PUT', 'DELETE'])('%s on a collection path is 405 "Object ID undefined" with Allow', (method) => {
    // Prepare
    const collection = path('usergroups');
    // Act
    const error = httpErrorOf(() => resolveRoute(method, collection, findEntity));
    // Assess
    expect(error.status).toBe(405);
    expect(error.message).toBe('Method Not Allowed: Object ID undefined');
    expect(error.detail).toBe('Object ID undefined');
    expect(error.headers.Allow).toBe('GET, POST');
  });

  it('POST on an object path is 405 "ID must not be defined" with Allow', () => {
    // Prepare
    const object = path('users', '5');
    // Act
    const error = httpErrorOf(() => resolveRoute('POST', object, findEntity));
    // Assess
    expect(error.status).toBe(405);
    expect(error.message).toBe('Method Not Allowed: ID must not be defined');
    expect(error.headers.Allow).toBe('GET, PUT, DELETE');
  });

  it.each(['PATCH', 'HEAD', 'TRACE'])('%s is 405 with an Allow header', (method) => {
    // Prepare
    const object = path('usergroups', '3');
    // Act
    const error = httpErrorOf(() => resolveRoute(method, object, findEntity));
    // Assess
    expect(error.status).toBe(405);
    expect(error.headers.Allow).toBe('GET, PUT, DELETE');
    expect(error.headers.Allow).not.toContain(method);
  });

  it('POST on the nested collection users/5/usergroups is 405, allowing only GET', () => {
    // Prepare
    const nested = path('users', '5', 'usergroups');
    // Act
    const error = httpErrorOf(() => resolveRoute('POST', nested, findEntity));
    // Assess
    expect(error.status).toBe(405);
    expect(error.headers.Allow).toBe('GET');
  });

  it('PUT on the nested collection is 405 "Object ID undefined"', () => {
    // Prepare
    const nested = path('users', '5', 'usergroups');
    // Act
    const error = httpErrorOf(() => resolveRoute('PUT', nested, findEntity));
    // Assess
    expect(error.status).toBe(405);
    expect(error.detail).toBe('Object ID undefined');
  });

  it('an unknown entity is 404 "The Entity nope not found"', () => {
    // Prepare
    const unknown = path('nope');
    // Act
    const error = httpErrorOf(() => resolveRoute('GET', unknown, findEntity));
    // Assess
    expect(error.status).toBe(404);
    expect(error.message).toBe('Not Found: The Entity nope not found');
  });

  it('an unknown entity is 404 before any 405 (route judged by entity first)', () => {
    // Prepare
    const unknown = path('nope', '1');
    // Act
    const error = httpErrorOf(() => resolveRoute('POST', unknown, findEntity));
    // Assess
    expect(error.status).toBe(404);
  });

  it('entity names are case-insensitive', () => {
    // Prepare
    const shouting = path('UserGroups', '4');
    // Act
    const route = resolveRoute('get', shouting, findEntity);
    // Assess
    expect(route.key).toBe('usergroups.get');
    expect(route.id).toBe('4');
  });

  it('an unknown nested resource is 404', () => {
    // Prepare
    const unknownNested = path('users', '5', 'orders');
    // Act
    const error = httpErrorOf(() => resolveRoute('GET', unknownNested, findEntity));
    // Assess
    expect(error.status).toBe(404);
  });

  it('an inherited property name as nested resource is 404, not a crash', () => {
    // Prepare
    const prototypeKey = path('users', '5', 'constructor');
    // Act
    const error = httpErrorOf(() => resolveRoute('GET', prototypeKey, findEntity));
    // Assess
    expect(error.status).toBe(404);
  });

  it('too many segments is 404', () => {
    // Prepare
    const tooLong = path('users', '5', 'usergroups', '3', 'extra');
    // Act
    const error = httpErrorOf(() => resolveRoute('GET', tooLong, findEntity));
    // Assess
    expect(error.status).toBe(404);
  });

  it('no entity at all is 404', () => {
    // Prepare
    const empty = path();
    // Act
    const error = httpErrorOf(() => resolveRoute('GET', empty, findEntity));
    // Assess
    expect(error.status).toBe(404);
  });

  it('an object path under version (which has no objects) is 404', () => {
    // Prepare
    const versionObject = path('version', '1');
    // Act
    const error = httpErrorOf(() => resolveRoute('GET', versionObject, findEntity));
    // Assess
    expect(error.status).toBe(404);
  });
});

describe('resolveRoute: keys, ids and privileges (SPEC §5)', () => {
  it.each([
    ['GET', ['usergroups'], 'usergroups.list', ['view_usergroups']],
    ['GET', ['usergroups', '3'], 'usergroups.get', ['view_usergroups']],
    ['POST', ['usergroups'], 'usergroups.create', ['manage_usergroups']],
    ['PUT', ['usergroups', '3'], 'usergroups.update', ['manage_usergroups']],
    ['DELETE', ['usergroups', '3'], 'usergroups.delete', ['manage_usergroups']],
    ['GET', ['users'], 'users.list', ['view_users']],
    ['POST', ['users'], 'users.create', ['manage_users']],
    ['DELETE', ['users', '9'], 'users.delete', ['manage_users']],
    ['GET', ['users', '5', 'usergroups'], 'users.usergroups.list', ['view_users', 'view_usergroups']],
    ['GET', ['users', '5', 'usergroups', '3'], 'users.usergroups.get', ['view_users', 'view_usergroups']],
    ['PUT', ['users', '5', 'usergroups', '3'], 'users.usergroups.update', ['view_users', 'manage_usergroups']],
    ['DELETE', ['users', '5', 'usergroups', '3'], 'users.usergroups.delete', ['view_users', 'manage_usergroups']],
    ['GET', ['version'], 'version.list', []],
  ])('%s %j → %s needing %j', (method, segments, key, privileges) => {
    // Prepare
    const apiPath = path(...segments);
    // Act
    const route = resolveRoute(method, apiPath, findEntity);
    // Assess
    expect(route.key).toBe(key);
    expect([...route.privileges].sort()).toEqual([...privileges].sort());
  });

  it('keeps both raw ids of a nested object path', () => {
    // Prepare
    const nested = path('users', '5', 'usergroups', '3');
    // Act
    const route = resolveRoute('PUT', nested, findEntity);
    // Assess
    expect(route.id).toBe('5');
    expect(route.nestedId).toBe('3');
    expect(route.operation).toBe('update');
  });
});

describe('resolveRoute: child objects through their parent and company context (SPEC §10)', () => {
  it.each([
    [['categories', '4', 'products', '9'], 'GET', 'categories.products.get', ['view_catalog']],
    [['categories', '4', 'products', '9'], 'PUT', 'categories.products.update', ['view_catalog', 'manage_catalog']],
    [
      ['products', '4', 'discussions', '9'],
      'DELETE',
      'products.discussions.delete',
      ['view_catalog', 'manage_discussions'],
    ],
    [['products', '4', 'discussions'], 'POST', 'products.discussions.create', ['view_catalog', 'manage_discussions']],
    [['products', '4', 'features', '9'], 'GET', 'products.features.get', ['view_catalog']],
  ] as const)('%j %s → %s, needing the parent’s read privilege too', (segments, method, key, privileges) => {
    // Act
    const route = resolveRoute(method, path(...segments), findEntity);
    // Assess
    expect(route.key).toBe(key);
    expect([...route.privileges].sort()).toEqual([...privileges].sort());
    expect(route.company).toBeUndefined();
  });

  it.each([
    [['stores', '1', 'products'], 'GET', 'products.list', undefined, ['view_catalog', 'view_stores']],
    [['stores', '1', 'orders'], 'POST', 'orders.create', undefined, ['create_order', 'view_stores']],
    [['Vendors', '3', 'products', '12'], 'PUT', 'products.update', '12', ['manage_catalog', 'view_vendors']],
    [
      ['stores', '1', 'categories', '5', 'products', '7'],
      'DELETE',
      'categories.products.delete',
      '5',
      ['manage_catalog', 'view_catalog', 'view_stores'],
    ],
  ] as const)(
    '%j %s is the child’s own route %s in that company, needing the company’s read privilege too',
    (segments, method, key, id, privileges) => {
      // Act
      const route = resolveRoute(method, path(...segments), findEntity);
      // Assess
      expect(route.key).toBe(key);
      expect(route.id).toBe(id);
      expect(route.company?.entity.name).toBe(segments[0].toLowerCase());
      expect(route.company?.id).toBe(segments[1]);
      expect([...route.privileges].sort()).toEqual([...privileges].sort());
    },
  );

  it('an unknown child entity in a context is the usual 404, and a company path alone is the company’s own route', () => {
    // Act
    const error = httpErrorOf(() => resolveRoute('GET', path('stores', '1', 'nope'), findEntity));
    const own = resolveRoute('GET', path('stores', '1'), findEntity);
    // Assess
    expect(error.status).toBe(404);
    expect(error.message).toBe('Not Found: The Entity nope not found');
    expect(own.key).toBe('stores.get');
    expect(own.company).toBeUndefined();
  });

  it('POST on a child object through its parent is 405 "ID must not be defined"', () => {
    // Act
    const error = httpErrorOf(() => resolveRoute('POST', path('categories', '4', 'products', '9'), findEntity));
    // Assess
    expect(error.status).toBe(405);
    expect(error.message).toBe('Method Not Allowed: ID must not be defined');
  });
});

describe('parseId', () => {
  it('accepts a positive integer', () => {
    // Prepare
    const raw = '42';
    // Act
    const id = parseId(raw);
    // Assess
    expect(id).toBe(42);
  });

  it.each(['abc', '4a', '1.5', '1e3', '', ' 5', '0', '-1', '+3', '1234567890123456', '99999999999999999999'])(
    'rejects %j with 404',
    (raw) => {
      // Prepare (the raw id)
      // Act
      const error = httpErrorOf(() => parseId(raw));
      // Assess
      expect(error.status).toBe(404);
    },
  );

  it('rejects a missing id with 404', () => {
    // Act
    const error = httpErrorOf(() => parseId(undefined));
    // Assess
    expect(error.status).toBe(404);
  });
});

describe('resolveRoute: operations routed with the privilege false (deniedOperations, /auth)', () => {
  it.each([
    ['GET', ['auth']],
    ['GET', ['auth', '1']],
    ['PUT', ['auth', '1']],
    ['DELETE', ['auth', '1']],
  ] as const)('%s %s is a 403 for everyone', (method, segments) => {
    const error = thrownBy(ForbiddenError, () => resolveRoute(method, path(...segments), findEntity));
    expect(error).toBeInstanceOf(ForbiddenError);
  });

  it('POST /auth routes to auth.create; the shape errors stay 405', () => {
    expect(resolveRoute('POST', path('auth'), findEntity).key).toBe('auth.create');
    expect(httpErrorOf(() => resolveRoute('POST', path('auth', '1'), findEntity)).status).toBe(405);
    expect(httpErrorOf(() => resolveRoute('PUT', path('auth'), findEntity)).status).toBe(405);
    // Allow names what the OpenAPI document lists for the path: the always-403 GET too (test/unit/allow-methods.test.ts).
    expect(httpErrorOf(() => resolveRoute('PATCH', path('auth'), findEntity)).headers.Allow).toBe('GET, POST');
    expect(httpErrorOf(() => resolveRoute('POST', path('auth', '1'), findEntity)).headers.Allow).toBe(
      'GET, PUT, DELETE',
    );
  });
});
