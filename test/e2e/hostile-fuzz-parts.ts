/**
 * The parts of a fuzz request (test/e2e/hostile-fuzz.test.ts) that do not depend on its fixtures: query keys and
 * values, Authorization choices (good, broken, missing, repeated), Content-Types, bodies (malformed, deep, huge,
 * hostile keys, wrong types for every field) and methods. hostile-fuzz-arbitraries.ts puts them together.
 */
import fc from 'fast-check';
import type { AuthChoice } from './hostile-fuzz-requests.js';

const MIB = 1024 * 1024;
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

export const queryKey = fc.constantFrom(
  'page',
  'items_per_page',
  'sort_by',
  'sort_order',
  'email',
  'user_type',
  'status',
  'type',
  '_d',
  'ajax_custom',
  '__proto__',
  'constructor',
  'type[]',
  'status[x]',
  'email[]',
  'a',
  '%ZZ',
  '%00',
);
export const queryValue = fc.oneof(
  fc.constantFrom(
    '',
    '0',
    '1',
    '-1',
    '250',
    '251',
    '1e3',
    '99999999999999999999',
    'abc',
    'A',
    'C',
    'V',
    'D',
    'H',
    'P',
    'F',
    'x',
    'desc',
    'ASC',
    'id',
    '__proto__',
    '%ZZ',
    '%C0%AF',
    '%00',
    '%E2%82',
    'root%40example.com',
    'nobody%40example.com',
    'A%00',
    'a'.repeat(3000),
    '%2Fusers',
  ),
  fc.stringMatching(/^[A-Za-z0-9._~-]{0,12}$/),
);
const scheme = fc.constantFrom('Basic', 'basic', 'BASIC', 'bAsIc');
const badHeader = fc.oneof(
  // Decodable but wrong: fresh or recurring e-mails that belong to nobody (recurring ones end up locked: 429).
  fc
    .tuple(fc.integer({ min: 0, max: 30 }), fc.stringMatching(/^[A-Za-z0-9]{0,40}$/))
    .map(([n, key]) => `Basic ${b64(`fuzz-${n}@nobody.example:${key}`)}`),
  fc.stringMatching(/^[A-Za-z0-9+/=]{0,60}$/).map((text) => `Basic ${text}`),
  fc.constantFrom(
    'Basic',
    'Basic ',
    'Basic !!!',
    'Basic ====',
    `Basic ${b64('no-colon')}`,
    `Basic ${b64(':key-only')}`,
    `Basic ${b64(' :blank')}`,
    `Basic ${b64('\u0000:\u0000')}`,
    `Basic ${b64(`${'a'.repeat(300)}@x.example:k`)}`,
    `Basic ${b64('ü@nobody.example:ü')}`,
    'Bearer abc.def.ghi',
    'Digest username="x", realm="y"',
    'Negotiate YII=',
    '',
    ' ',
    'Basic\tZm9vOmJhcg==',
    'BasicZm9vOmJhcg==',
    `Basic ${b64('fuzz-x@nobody.example:')}`,
    `Basic ${'A'.repeat(3000)}`,
  ),
);
export const auth: fc.Arbitrary<AuthChoice> = fc.oneof(
  { weight: 16, arbitrary: fc.record({ kind: fc.constant('root' as const), scheme, upperEmail: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('limited' as const), scheme, upperEmail: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('vendor' as const), scheme, upperEmail: fc.boolean() }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'none' as const }) },
  { weight: 3, arbitrary: badHeader.map((header) => ({ kind: 'bad' as const, header })) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('duplicate' as const), header: badHeader, goodFirst: fc.boolean() }),
  },
);
const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json;charset=latin1',
  'application/json; charset=utf-16',
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'text/html',
  'application/octet-stream',
  'application/vnd.api+json',
  '*/*',
  '',
  'application/json; foo',
  'application/json;;',
  'TEXT/PLAIN',
  // Syntactically invalid types: hapi used to refuse them in its own format before any function ran; now they
  // reach the functions as behind API Gateway (infra/plugins/offline-contract.cjs).
  ';',
  'garbage',
  'application/json, text/plain',
  'text/plain, application/json',
  'multipart/form-data',
  'application/json; charset',
);
export const contentTypes = fc.oneof(
  { weight: 1, arbitrary: fc.constant<string[]>([]) },
  { weight: 6, arbitrary: contentType.map((type) => [type]) },
  { weight: 1, arbitrary: fc.tuple(contentType, contentType).map(([a, b]) => [a, b]) },
);

// Field values of every wrong (and some right) type.
const fieldValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    'A',
    'C',
    'V',
    'D',
    'H',
    'P',
    'F',
    'Y',
    'N',
    ' A ',
    'a',
    '',
    'AA',
    'root',
    'true',
    '0',
    '-1',
    '1.5',
    '2147483648',
  ),
  fc.integer({ min: 0, max: 30 }).map((n) => `fz-${n}@fuzz.example`),
  fc.constantFrom(
    'not-an-email',
    '@x.y',
    'a@b',
    `${'a'.repeat(130)}@x.example`,
    'A@FUZZ.EXAMPLE',
    ' spaced@fuzz.example ',
  ),
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.string({ maxLength: 5 }), fc.integer()), { maxLength: 3 }),
  fc.object({ maxDepth: 2, maxKeys: 3 }),
  fc.constant('x'.repeat(300)),
  fc.constant({ __proto__: null, is_root: 'Y' }),
);
const fieldKey = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      'email',
      'user_type',
      'status',
      'firstname',
      'lastname',
      'company_id',
      'is_root',
      'api_key',
      'key_hash',
      'api_enabled',
      'password',
      'user_id',
      'usergroup_id',
      'link_id',
      'type',
      'usergroup',
      'privileges',
      'version',
      'email_lc',
      'active_groups',
      'members_rev',
      'timestamp',
      '__proto__',
      'constructor',
      'prototype',
      'toString',
      'hasOwnProperty',
    ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 10 }) },
);
// JSON text built by hand: "__proto__" stays an own key, duplicate keys survive.
const jsonObject = fc
  .array(fc.tuple(fieldKey, fieldValue), { maxLength: 8 })
  .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'}`).join(',')}}`);
const plausible = fc
  .oneof(
    fc.record({ type: fieldValue, status: fieldValue, usergroup: fieldValue }, { requiredKeys: [] }),
    fc.record(
      {
        email: fieldValue,
        user_type: fieldValue,
        status: fieldValue,
        firstname: fieldValue,
        company_id: fieldValue,
        is_root: fieldValue,
        api_key: fieldValue,
      },
      { requiredKeys: [] },
    ),
    fc.record({ status: fieldValue, link_id: fieldValue, usergroup_id: fieldValue }, { requiredKeys: [] }),
    fc.constantFrom(
      { type: 'C', status: 'A' },
      { status: 'A' },
      { status: 'F' },
      { email: 'fz-valid@fuzz.example', user_type: 'C' },
      { firstname: 'Fuzz' },
    ),
  )
  .map((object) => JSON.stringify(object));
const formBody = fc
  .array(
    fc.tuple(
      fc.constantFrom(
        'type',
        'status',
        'usergroup',
        'email',
        'user_type',
        'firstname',
        'is_root',
        '__proto__',
        'constructor[prototype][x]',
        'type[]',
        'status[]',
        'a%5B%5D',
        '%ZZ',
        '',
      ),
      fc.constantFrom('A', 'C', 'H', 'D', 'x', '', '%ZZ', '%C0%AF', '+', 'a+b%20c', '%00', 'fz-form%40fuzz.example'),
    ),
    { maxLength: 6 },
  )
  .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'));
const deep = fc.constantFrom(
  '['.repeat(10_000) + ']'.repeat(10_000),
  '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000),
  `{"type":"C","status":"A","usergroup":${'['.repeat(5_000)}${']'.repeat(5_000)}}`,
  '['.repeat(100_000),
);
const huge = fc.constantFrom(
  JSON.stringify({ type: 'C', status: 'A', usergroup: 'x'.repeat(MIB - 200) }),
  JSON.stringify({ type: 'C', status: 'A', usergroup: 'x'.repeat(MIB + 200) }),
  JSON.stringify({ email: 'fz-huge@fuzz.example', user_type: 'C', firstname: 'é'.repeat(MIB / 2 - 100) }),
  'type=C&status=A&usergroup=' + 'y'.repeat(MIB + 10),
);
const malformed = fc.constantFrom(
  '{',
  '}',
  '{"a":}',
  '[',
  '{"type":"C",}',
  "{'type':'C'}",
  'nul',
  'NaN',
  '\uFEFF{"type":"C","status":"A"}',
  '{"type":"C"}garbage',
  '"str"',
  '123',
  'true',
  'null',
  'false',
  '0',
  '""',
  '[]',
  '[{"type":"C","status":"A"}]',
  '{"type":"C","type":"A","status":"A"}',
  '{"__proto__":{"is_root":"Y"},"status":"A"}',
  '{"constructor":{"prototype":{"is_root":"Y"}},"firstname":"x"}',
  '\u0000',
  '{"status":"A"}\u0000',
);
export const body = fc.oneof(
  { weight: 5, arbitrary: jsonObject },
  { weight: 6, arbitrary: plausible },
  { weight: 3, arbitrary: malformed },
  { weight: 2, arbitrary: formBody },
  { weight: 1, arbitrary: deep },
  { weight: 1, arbitrary: huge },
  { weight: 1, arbitrary: fc.constant('') },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
);
export const method = fc.oneof(
  { weight: 6, arbitrary: fc.constant('GET') },
  { weight: 5, arbitrary: fc.constant('POST') },
  { weight: 6, arbitrary: fc.constant('PUT') },
  { weight: 3, arbitrary: fc.constant('DELETE') },
  { weight: 1, arbitrary: fc.constantFrom('PATCH', 'HEAD', 'OPTIONS') },
);

// Requests shaped like real ones (right method for the path, a mostly valid body laced with hostile keys),
// so that guards, validation and the writes themselves run, and successes feed the data check.
const hostileExtras = fc.dictionary(
  fc.constantFrom(
    'is_root',
    'api_key',
    'key_hash',
    'api_enabled',
    'privileges',
    'user_id',
    'usergroup_id',
    'link_id',
    'version',
    'email_lc',
    'active_groups',
    'members_rev',
    'timestamp',
  ),
  fieldValue,
  { maxKeys: 3 },
);
export const fresh = fc
  .integer({ min: 0, max: 1_000_000 })
  .map((n) => `fz-${n}-${Date.now().toString(36)}@fuzz.example`);
export const withExtras = <T extends object>(arb: fc.Arbitrary<T>) =>
  fc.tuple(arb, hostileExtras).map(([fields, extras]) => JSON.stringify({ ...extras, ...fields }));
