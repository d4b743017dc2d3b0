/**
 * The fuzz requests of test/e2e/hostile-fuzz.test.ts as one fast-check arbitrary: paths in all three forms over
 * the fixtures' ids and hostile ones, wild requests built from hostile-fuzz-parts.ts, and requests shaped like
 * real ones so that guards, validation and writes run; every request defused (hostile-fuzz-requests.ts).
 */
import fc from 'fast-check';
import { ENTITIES } from '../../lib/entities/registry.js';
import { auth, body, contentTypes, fresh, method, queryKey, queryValue, withExtras } from './hostile-fuzz-parts.js';
import { defuse, type FuzzRequest, type PathForm, world } from './hostile-fuzz-requests.js';
// Arbitraries

export function arbitraries() {
  const id = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...[...world.userIds, ...world.groupIds, 1, 2].map(String)) },
    { weight: 2, arbitrary: fc.integer({ min: 0, max: 40 }).map(String) },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        '999999999999999',
        '9999999999999999',
        '99999999999999999999999',
        '-1',
        '-0',
        '0',
        '00',
        '01',
        '000000000000001',
        '1e3',
        '0x1F',
        '1.5',
        '1,2',
        '%201',
        '1%00',
        '%00',
        'abc',
        'null',
        'undefined',
        'NaN',
        'Infinity',
        '%2F',
        '1%2F2',
        '..',
        '.',
        '%2e%2e',
        '%EF%BC%91',
        '__proto__',
        'constructor',
        'prototype',
        '1;DROP',
        '%27',
        '*',
        '~',
        '%20',
        '+1',
        // Malformed %-encodings (hapi refused them with its own 400; now they reach the functions).
        '%ZZ',
        '%',
        '1%',
        '%C0%AF',
        '%E2%82',
        '%FF%FE',
        // Valid encodings of '%' and of invalid escapes: decoded twice they were a 500 (issue 18, hostile-entity-probe.test.ts).
        '%25',
        '%25zz',
        '%2525',
        '%25%25',
        '1%25',
        '%25E2%2582',
      ),
    },
    { weight: 1, arbitrary: fc.integer({ min: -(2 ** 31), max: Number.MAX_SAFE_INTEGER }).map(String) },
  );
  const entity = fc.oneof(
    { weight: 10, arbitrary: fc.constantFrom('users', 'usergroups', 'version') },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        'Users',
        'USERGROUPS',
        'uSeRgRoUpS',
        'products',
        'orders',
        'vendors',
        'nope',
        '__proto__',
        'constructor',
        'prototype',
        'toString',
        'hasOwnProperty',
        'valueOf',
        '2.0',
        '1.0',
        'api',
        'api.php',
        '%00',
        '%2F',
        'users%2F1',
        'users%00',
        '%75sers',
        'usergroups;x',
        'users.json',
        'a'.repeat(400),
        '%7E',
        '',
        '%ZZ',
        'users%',
        '%C0%AFusers',
      ),
    },
    // Every entity of the API, so that each one's id handling meets the hostile ids.
    { weight: 3, arbitrary: fc.constantFrom(...Object.keys(ENTITIES)) },
    { weight: 1, arbitrary: fc.stringMatching(/^[a-z0-9_~-]{1,16}$/) },
  );
  const nested = fc.constantFrom(
    'usergroups',
    'UserGroups',
    'USERGROUPS',
    'users',
    'nope',
    '__proto__',
    'constructor',
    'usergroups%2F1',
    '%00',
    '',
  );
  const oddSegments = fc
    .record({
      entity,
      id: fc.option(id, { nil: undefined, freq: 3 }),
      nested: fc.option(nested, { nil: undefined, freq: 2 }),
      nestedId: fc.option(id, { nil: undefined, freq: 2 }),
      extra: fc.option(fc.constantFrom('x', '1', 'usergroups', ''), { nil: undefined, freq: 8 }),
    })
    .map(({ entity: e, id: i, nested: n, nestedId: ni, extra }) => {
      const list = [e];
      if (i !== undefined) {
        list.push(i);
        if (n !== undefined) {
          list.push(n);
          if (ni !== undefined) {
            list.push(ni);
            if (extra !== undefined) list.push(extra);
          }
        }
      }
      return list;
    });
  // Paths that reach the operations: real entities and ids, so bodies and guards get judged.
  const userId = fc.constantFrom(...world.userIds.map(String));
  const groupId = fc.constantFrom(...[...world.groupIds, 1, 2].map(String));
  const deepSegments = fc.oneof(
    fc.constantFrom(['users'], ['usergroups'], ['version']),
    userId.map((u) => ['users', u]),
    groupId.map((g) => ['usergroups', g]),
    userId.map((u) => ['users', u, 'usergroups']),
    fc.tuple(userId, groupId).map(([u, g]) => ['users', u, 'usergroups', g]),
  );
  const segments = fc.oneof({ weight: 3, arbitrary: deepSegments }, { weight: 2, arbitrary: oddSegments });
  const coherent: fc.Arbitrary<[string, string[], string | undefined]> = fc.oneof<
    fc.Arbitrary<[string, string[], string | undefined]>[]
  >(
    fc.tuple(
      fc.constant('POST'),
      fc.constant<string[]>(['users']),
      withExtras(
        fc.record(
          {
            email: fresh,
            user_type: fc.constantFrom('C', 'A', 'V'),
            status: fc.constantFrom('A', 'D'),
            firstname: fc.string({ maxLength: 8 }),
          },
          { requiredKeys: ['email', 'user_type'] },
        ),
      ),
    ),
    fc.tuple(
      fc.constant('POST'),
      fc.constant<string[]>(['usergroups']),
      withExtras(
        fc.record(
          {
            type: fc.constantFrom('A', 'C'),
            status: fc.constantFrom('A', 'H', 'D'),
            usergroup: fc.string({ maxLength: 8 }),
          },
          { requiredKeys: ['type', 'status'] },
        ),
      ),
    ),
    fc.tuple(
      fc.constant('PUT'),
      userId.map((u) => ['users', u]),
      withExtras(
        fc.record(
          {
            firstname: fc.string({ maxLength: 8 }),
            lastname: fc.string({ maxLength: 8 }),
            status: fc.constantFrom('A', 'D'),
            company_id: fc.nat(50),
            email: fresh,
          },
          { requiredKeys: [] },
        ),
      ),
    ),
    fc.tuple(
      fc.constant('PUT'),
      groupId.map((g) => ['usergroups', g]),
      withExtras(
        fc.record(
          {
            type: fc.constantFrom('A', 'C'),
            status: fc.constantFrom('A', 'H', 'D'),
            usergroup: fc.string({ maxLength: 8 }),
          },
          { requiredKeys: ['type', 'status'] },
        ),
      ),
    ),
    fc.tuple(
      fc.constant('PUT'),
      fc.tuple(userId, groupId).map(([u, g]) => ['users', u, 'usergroups', g]),
      withExtras(fc.record({ status: fc.constantFrom('A', 'F', 'P', 'D') })),
    ),
    fc.tuple(
      fc.constant('DELETE'),
      fc.oneof(
        userId.map((u) => ['users', u]),
        groupId.map((g) => ['usergroups', g]),
        fc.tuple(userId, groupId).map(([u, g]) => ['users', u, 'usergroups', g]),
      ),
      fc.constant<string | undefined>(undefined),
    ),
  );

  const common = {
    form: fc.constantFrom<PathForm>('v1', 'v1', 'v2', 'php'),
    emptySegmentAt: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined, freq: 6 }),
    trailingSlash: fc.boolean(),
    query: fc.array(fc.tuple(queryKey, queryValue), { maxLength: 3 }),
    php: fc.record({
      ajaxCustom: fc.oneof(fc.constant(true), fc.constant(true), fc.constant(false)),
      leading: fc.constantFrom<'' | '/' | '/api/'>('', '', '/', '/api/'),
    }),
    auth,
  };
  const wild = fc.record({
    ...common,
    method,
    segments,
    contentTypes,
    body: fc.option(body, { nil: undefined, freq: 6 }),
    bodyOnAnyMethod: fc.boolean(),
  });
  const shaped = fc
    .record({
      ...common,
      shape: coherent,
      json: fc.constantFrom<string[]>(['application/json'], ['application/json; charset=utf-8'], []),
    })
    .map(({ shape: [m, segs, b], json, ...rest }) => ({
      ...rest,
      method: m,
      segments: segs,
      contentTypes: b === undefined ? [] : json.length ? json : ['application/json'],
      body: b,
      bodyOnAnyMethod: false,
      emptySegmentAt: undefined,
    }));

  return fc
    .oneof({ weight: 2, arbitrary: shaped }, { weight: 3, arbitrary: wild })
    .map(({ emptySegmentAt, bodyOnAnyMethod, ...req }): FuzzRequest => {
      const segmentsWithGap = [...req.segments];
      if (emptySegmentAt !== undefined && emptySegmentAt <= segmentsWithGap.length)
        segmentsWithGap.splice(emptySegmentAt, 0, '');
      // A dot segment as the entity would climb out of /api/ (hapi normalises it): nothing of ours would answer.
      if (req.form !== 'php' && ['..', '.', '%2e%2e'].includes(segmentsWithGap[0] ?? '')) segmentsWithGap[0] = 'users';
      const wantsBody = req.method === 'POST' || req.method === 'PUT' || bodyOnAnyMethod;
      return defuse({ ...req, segments: segmentsWithGap, body: wantsBody ? req.body : undefined });
    });
}
