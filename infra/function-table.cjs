/**
 * Every Lambda of the deployment. The entity-method functions (FUNCTIONS: the route key each serves,
 * lib/http/route.ts, its handler, path and method, its stack and the DynamoDB actions it really makes) are
 * derived from the entity definitions by `npm run generate` into functions.generated.json
 * (lib/entities/deployment.ts; never edit it by hand). This file adds the functions that are not entity
 * operations — the documentation, the panel, the dispatchers and catch-alls — and builds each stack's list.
 * serverless.yml builds the functions (functions.cjs) and one least-privilege IAM role per function
 * (iam-roles.cjs) from it; test/deploy/template.test.ts checks the packaged template.
 *
 * `table` / `index`: actions on the table and on its GSI. Every function also
 * authenticates (BatchGetItem of the login item, the failed-login window and the
 * caller's groups) and may count a failed login, take a token of the caller's rate-limit bucket and
 * claim/complete/release an Idempotency-Key (BOOKKEEPING_ACTIONS): confined to THROTTLE#, RATE# and
 * IDEMPOTENCY# partitions by an IAM condition, so a read function still cannot write data.
 * Transactions need the actions of the items they contain (PutItem, UpdateItem,
 * DeleteItem, ConditionCheckItem); there is no separate TransactWriteItems action.
 */
const R = 'dynamodb:';
/** What every API function may do to the middleware's own items (iam-roles.cjs), and which items those are. */
const BOOKKEEPING_ACTIONS = ['UpdateItem', 'PutItem', 'GetItem', 'DeleteItem'];
const BOOKKEEPING_KEYS = ['THROTTLE#*', 'RATE#*', 'IDEMPOTENCY#*'];

/** The entity-method functions, generated from lib/entities/*.ts. */
const FUNCTIONS = require('./functions.generated.json').functions;
const {
  PAGES,
  SCHEDULED,
  STREAM_FUNCTIONS,
  QUEUE_FUNCTIONS,
  pageFunctions,
  scheduledFunctions,
  streamFunctions,
  queueFunctions,
} = require('./background-functions.cjs');

/**
 * The public documentation (no credentials, no DynamoDB): the OpenAPI document under both versions and the
 * rendered reference page with its bundled assets. Not entity routes, so not in FUNCTIONS.
 */
const PUBLIC_FUNCTIONS = [
  {
    domain: 'core',
    name: 'docs-openapi',
    handler: 'functions/docs/openapi.handler',
    // ANY: every method reaches it, and it answers 405 itself (not the catch-all's 401).
    events: [
      { http: { method: 'any', path: 'api/openapi.json' } },
      { http: { method: 'any', path: 'api/2.0/openapi.json' } },
    ],
    table: [],
    index: [],
  },
  {
    domain: 'core',
    name: 'docs-page',
    handler: 'functions/docs/page.handler',
    events: [{ http: { method: 'any', path: 'api/docs' } }, { http: { method: 'any', path: 'api/docs/{asset}' } }],
    table: [],
    index: [],
  },
];

/** Both API versions serve every route (SPEC §1). */
const VERSION_PREFIXES = ['api', 'api/2.0'];

/** Every resource path the given entity-method functions claim, under both versions. */
function resourcePaths(functions) {
  return [...new Set(functions.flatMap((fn) => VERSION_PREFIXES.map((prefix) => `${prefix}/${fn.path}`)))];
}

/** The union of the given functions' actions on the table or the index. */
function union(functions, key) {
  return [...new Set(functions.flatMap((fn) => fn[key]))].sort();
}

/**
 * API Gateway sends a method that a resource does not define to no Lambda at
 * all (it answers 403 "Missing Authentication Token"), so every resource path
 * also gets ANY — and OPTIONS, which serverless-offline needs spelled out — to
 * a catch-all, which answers 405 with `Allow` or the CORS preflight.
 */
function catchAllEvents(paths) {
  return paths.flatMap((path) => [{ http: { method: 'any', path } }, { http: { method: 'options', path } }]);
}

/** The dispatchers call every handler in-process, so they need the union of everyone's access. */
function dispatchers(paths, rows) {
  return [
    {
      name: 'api-php',
      handler: 'functions/legacy/api-php.handler',
      events: catchAllEvents(['api.php']),
      table: union(rows, 'table'),
      index: union(rows, 'index'),
    },
    {
      name: 'fallback',
      handler: 'functions/fallback/any.handler',
      events: catchAllEvents(['api/{proxy+}', 'api', ...paths]),
      table: union(rows, 'table'),
      index: union(rows, 'index'),
    },
    // The MCP server for AI assistants (SPEC §13, lib/mcp/): its tools run the entity handlers in-process, as the
    // dispatchers do, so it needs their access too. At the root of the host beside /api, as MCP clients expect it.
    {
      name: 'mcp',
      handler: 'functions/mcp/handler.handler',
      events: catchAllEvents(['mcp']),
      table: union(rows, 'table'),
      index: union(rows, 'index'),
    },
  ];
}

const withEvents = (fn) => ({
  ...fn,
  events: VERSION_PREFIXES.map((prefix) => ({ http: { method: fn.method, path: `${prefix}/${fn.path}` } })),
});

/**
 * Store and vendor context (`/stores/:id/<entity>[/…]`, `/vendors/:id/<entity>[/…]`, SPEC §10): the child
 * entity's own operation run in that company, for every entity, so one dispatcher (in-process, as the
 * catch-alls) on a greedy path below each company path serves them all, with the union of every
 * operation's access. In the stack that owns `stores/{id}` and `vendors/{id}`: API Gateway would
 * otherwise not send these paths anywhere (a request below an existing resource does not fall back to
 * `/api/{proxy+}`), and a stack can only hang paths on resources it owns or imports.
 */
const COMPANY_CONTEXT_PATHS = ['stores/{id}/{proxy+}', 'vendors/{id}/{proxy+}'];

function companyContextFunction(rows) {
  return {
    name: 'company-context',
    handler: 'functions/fallback/any.handler',
    events: catchAllEvents(
      COMPANY_CONTEXT_PATHS.flatMap((path) => VERSION_PREFIXES.map((prefix) => `${prefix}/${path}`)),
    ),
    table: union(rows, 'table'),
    index: union(rows, 'index'),
  };
}

/** The domain whose stack owns the company paths the context dispatcher hangs below. */
const companyDomain = (rows) => rows.find((fn) => fn.key === 'stores.get')?.domain;

/** The domains of the split deployment (docs/deploy.md, "Stacks and domains"): core first, then by name. */
const DOMAINS = [...new Set(FUNCTIONS.map((fn) => fn.domain))].sort((a, b) =>
  a === 'core' ? -1 : b === 'core' ? 1 : a.localeCompare(b),
);

/**
 * The functions of one stack. `all` (the default, and what serverless offline
 * runs): everything in one stack. `core`: the shared pieces — the table, the
 * REST API with the /api and /api/2.0 resources every domain hangs its paths on,
 * the dispatchers and /version. Any other domain: its entity-method functions,
 * plus its own catch-all for the 405s and preflights on its paths (an API
 * Gateway method needs its Lambda in its own stack). `rows`: another function
 * table than FUNCTIONS (the deploy tests size hypothetical domains with it). `api`: the stage's `api` param
 * (`http`: httpFunctions above).
 */
function allFunctions(domain = 'all', rows = FUNCTIONS, api = 'rest') {
  if (checkedApiKind(api) === 'http') return httpFunctions(domain, rows);
  if (domain === 'all')
    return [
      ...rows.map(withEvents),
      ...PUBLIC_FUNCTIONS,
      ...dispatchers(resourcePaths(rows), rows),
      companyContextFunction(rows),
      ...pageFunctions(),
      ...(rows === FUNCTIONS ? scheduledFunctions('all') : []),
      ...streamFunctions(domain, rows),
      ...queueFunctions(domain, rows),
    ];
  const own = rows.filter((fn) => fn.domain === domain);
  if (domain === 'core')
    return [
      ...own.map(withEvents),
      ...PUBLIC_FUNCTIONS,
      ...dispatchers(['api/2.0', ...resourcePaths(own)], rows),
      ...pageFunctions(),
    ];
  if (own.length === 0)
    throw new Error(`unknown domain '${domain}': one of all, ${[...new Set(rows.map((fn) => fn.domain))].join(', ')}`);
  return [
    ...own.map(withEvents),
    ...(domain === companyDomain(rows) ? [companyContextFunction(rows)] : []),
    {
      name: `${domain}-fallback`,
      handler: 'functions/fallback/any.handler',
      events: catchAllEvents(resourcePaths(own)),
      table: union(own, 'table'),
      index: union(own, 'index'),
    },
    ...(rows === FUNCTIONS ? scheduledFunctions(domain) : []),
    ...streamFunctions(domain, rows),
    ...queueFunctions(domain, rows),
  ];
}

/**
 * The stage's kind of API Gateway API, the `api` param: `rest` (a REST API, payload 1.0: one route per operation
 * and version, each to its own function) or `http` (an HTTP API, payload 2.0, where every handler reads the event
 * through lib/http/payload-v2.ts). An HTTP API takes at most 300 routes without a quota increase, and the
 * operations alone are 324 routes per version; so on `http` the routes are per first path segment instead of per
 * operation — `ANY /api/<segment>` and `ANY /api/<segment>/{proxy+}` under both versions — each to its stack's
 * dispatcher (`<domain>-fallback`, the union of its domain's access, which already runs any of its routes
 * in-process), the company context paths to `company-context`, /api.php, the docs and the panel to their own
 * functions, and everything else (unknown paths, `/api` itself, other spellings) to the core's catch-all as the
 * HTTP API's `$default` route. docs/deploy.md, "REST API (v1) or HTTP API (v2)", has the count.
 */
const API_KINDS = ['rest', 'http'];

/** The `api` param checked; unset (a resolver that knows no such param) is `rest`, what every stage had before it. */
function checkedApiKind(api) {
  if (api === '' || api === undefined) return 'rest';
  if (!API_KINDS.includes(api)) throw new Error(`param api must be one of ${API_KINDS.join(', ')}, not '${api}'`);
  return api;
}

/** An http event of this table as the HTTP API route of the same method and path (`ANY` is `*` there). */
const asHttpApiEvent = (event) =>
  event.http
    ? {
        httpApi: {
          method: event.http.method === 'any' ? '*' : event.http.method.toUpperCase(),
          path: `/${event.http.path}`,
        },
      }
    : event;

const withHttpApiEvents = (fn) => ({ ...fn, events: fn.events.map(asHttpApiEvent) });

/** The first path segments (`users`, `sra_products`, …) of the given entity-method functions. */
const firstSegments = (rows) => [...new Set(rows.map((fn) => fn.path.split('/')[0]))].sort();

/** The four routes of a segment: itself and everything below it, under both versions. */
const segmentRoutes = (segments) =>
  segments.flatMap((segment) =>
    VERSION_PREFIXES.flatMap((prefix) => [`/${prefix}/${segment}`, `/${prefix}/${segment}/{proxy+}`]),
  );

const anyRoute = (path) => ({ httpApi: { method: '*', path } });

/** The functions of one stack of an `http` stage: dispatchers only, on the routes described above. */
function httpFunctions(domain, rows) {
  const [apiPhp, fallback, mcp] = dispatchers([], rows);
  const core = [
    ...PUBLIC_FUNCTIONS.map(withHttpApiEvents),
    { ...apiPhp, events: [anyRoute('/api.php')] },
    { ...mcp, events: [anyRoute('/mcp')] },
    // `$default`: whatever no other route takes, with the union of every operation's access, as on REST.
    { ...fallback, events: [{ httpApi: '*' }] },
    ...pageFunctions().map(withHttpApiEvents),
  ];
  const ofDomain = (name) => {
    const own = rows.filter((fn) => fn.domain === name);
    const context = companyContextFunction(rows);
    return [
      {
        name: `${name}-fallback`,
        handler: 'functions/fallback/any.handler',
        events: segmentRoutes(firstSegments(own)).map(anyRoute),
        table: union(own, 'table'),
        index: union(own, 'index'),
      },
      ...(name === companyDomain(rows)
        ? [
            {
              ...context,
              events: COMPANY_CONTEXT_PATHS.flatMap((path) =>
                VERSION_PREFIXES.map((prefix) => anyRoute(`/${prefix}/${path}`)),
              ),
            },
          ]
        : []),
      ...(rows === FUNCTIONS ? scheduledFunctions(name) : []),
      ...streamFunctions(name, rows),
      ...queueFunctions(name, rows),
    ];
  };
  const domains = [...new Set(rows.map((fn) => fn.domain))].filter((name) => name !== 'core');
  if (domain === 'all') return [...core, ...domains.flatMap(ofDomain)];
  if (domain === 'core') return core;
  if (!domains.includes(domain))
    throw new Error(`unknown domain '${domain}': one of all, ${[...new Set(rows.map((fn) => fn.domain))].join(', ')}`);
  return ofDomain(domain);
}

/** Every HTTP API route key (`ANY /api/users/{proxy+}`, `$default`) the given functions declare. */
function httpRouteKeys(functions) {
  return functions.flatMap((fn) =>
    (fn.events ?? [])
      .filter((event) => event.httpApi)
      .map((event) =>
        event.httpApi === '*'
          ? '$default'
          : `${event.httpApi.method === '*' ? 'ANY' : event.httpApi.method} ${event.httpApi.path}`,
      ),
  );
}

/** `users-get` → `UsersGetRole`: the logical id of the function's IAM role. */
function roleLogicalId(name) {
  return `${name.replace(/(^|-)([a-z0-9])/g, (_m, _sep, c) => c.toUpperCase())}Role`;
}

module.exports = {
  FUNCTIONS,
  STREAM_FUNCTIONS,
  QUEUE_FUNCTIONS,
  PUBLIC_FUNCTIONS,
  PAGES,
  SCHEDULED,
  DOMAINS,
  COMPANY_CONTEXT_PATHS,
  allFunctions,
  API_KINDS,
  checkedApiKind,
  httpRouteKeys,
  roleLogicalId,
  DYNAMODB: R,
  BOOKKEEPING_ACTIONS,
  BOOKKEEPING_KEYS,
};
