/**
 * Every Lambda of the API in one table: the route key it serves (lib/http/route.ts),
 * its handler, its path and method, and
 * the DynamoDB actions it really makes. serverless.yml builds the functions
 * (functions.cjs) and one least-privilege IAM role per function (iam-roles.cjs)
 * from it; test/unit/function-table.test.ts keeps it in step with the route
 * registry, and test/deploy/template.test.ts checks the packaged template.
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
/**
 * The five functions of a plain entity (lib/operations/crud.ts on lib/db/entity-store.ts and
 * entity-list.ts), whose DynamoDB use follows from the generic code alone:
 * - list: Query of an index or sort partition, GetItem of its count (BatchGetItem of the page);
 * - get: GetItem of the record;
 * - create: UpdateItem of the id counter, then one transaction: Put of the record and its index
 *   items, Update of the counts, a ConditionCheck per referenced record;
 * - update: GetItem, then one transaction: Put of the record, Delete/Put of the index items that
 *   changed, Update of the counts, a ConditionCheck per newly referenced record;
 * - delete: GetItem, then one transaction: Delete of the record and its index items, Update of the
 *   counts, a ConditionCheck per kind of dependant (no orphans).
 * `references: false` / `dependents: false` for an entity whose definition (lib/entities) has no
 * `references` / `dependents`: its writes then make no ConditionCheck. `extra` adds what the
 * entity's hooks do on top (a category's parent GetItem, an order status's Query).
 */
const ENTITY_ACCESS = {
  list: ['Query', 'GetItem'],
  get: ['GetItem'],
  create: ['UpdateItem', 'PutItem'],
  update: ['GetItem', 'PutItem', 'DeleteItem', 'UpdateItem'],
  delete: ['GetItem', 'DeleteItem', 'UpdateItem'],
};
const ENTITY_ROUTES = { list: ['get', ''], get: ['get', '/{id}'], create: ['post', ''], update: ['put', '/{id}'], delete: ['delete', '/{id}'] };

function entityAccess(operation, { references, dependents }) {
  const checks = (operation === 'create' || operation === 'update') ? references : operation === 'delete' ? dependents : false;
  return [...ENTITY_ACCESS[operation], ...(checks ? ['ConditionCheckItem'] : [])];
}

function entityFunctions(domain, entity, { operations = Object.keys(ENTITY_ROUTES), access = {}, extra = {}, references = true, dependents = true } = {}) {
  return operations.map((operation) => ({
    domain,
    name: `${entity.replace(/_/g, '-')}-${operation}`,
    key: `${entity}.${operation}`,
    handler: `functions/${entity}/${operation}.handler`,
    method: ENTITY_ROUTES[operation][0],
    path: `${entity}${ENTITY_ROUTES[operation][1]}`,
    table: access[operation] ?? [...new Set([...entityAccess(operation, { references, dependents }), ...(extra[operation] ?? [])])],
    index: [],
  }));
}

const LANGVAR_ACCESS = {
  list: ['Query', 'GetItem'],
  get: ['GetItem'],
  create: ['PutItem', 'ConditionCheckItem'],
  update: ['UpdateItem', 'ConditionCheckItem'],
  delete: ['Query', 'GetItem', 'BatchGetItem', 'BatchWriteItem'],
};

/**
 * The variation groups and the actions (lib/operations/product-variations.ts), domain `variations`.
 * A group is read by id (GetItem) or code (GetItem of its marker); its products are a Query of the
 * variation_group_id partition. Membership changes are one transaction: the group's Put/Delete, its code
 * marker, each product's Put and index items (Put/Delete) and counts (Update).
 */
function VARIATION_FUNCTIONS() {
  const groupOps = {
    list: ['get', '', ['GetItem', 'Query']],
    get: ['get', '/{id}', ['GetItem', 'Query']],
    create: ['post', '', ['PutItem', 'Query', 'UpdateItem']],
    update: ['put', '/{id}', ['DeleteItem', 'GetItem', 'PutItem', 'Query']],
    delete: ['delete', '/{id}', ['DeleteItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem']],
  };
  const memberOps = {
    list: ['get', '', ['GetItem', 'Query']],
    get: ['get', '/{productId}', ['GetItem']],
    create: ['post', '', ['ConditionCheckItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem']],
    update: ['put', '/{productId}', ['ConditionCheckItem', 'DeleteItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem']],
    delete: ['delete', '/{productId}', ['DeleteItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem']],
  };
  const actions = {
    generate_product_variations: ['generate', ['ConditionCheckItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem']],
    detach_product_variation: ['detach', ['DeleteItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem']],
    set_default_product_variation: ['set-default', ['GetItem', 'PutItem']],
  };
  return [
    ...Object.entries(groupOps).map(([op, [method, suffix, table]]) => ({
      domain: 'variations', name: `variation-groups-${op}`, key: `product_variations_groups.${op}`,
      handler: `functions/product_variations_groups/${op}.handler`, method, path: `product_variations_groups${suffix}`, table, index: [],
    })),
    ...Object.entries(memberOps).map(([op, [method, suffix, table]]) => ({
      domain: 'variations', name: `variation-groups-products-${op}`, key: `product_variations_groups.product_variations.${op}`,
      handler: `functions/product_variations_groups/variations-${op}.handler`, method, path: `product_variations_groups/{id}/product_variations${suffix}`, table, index: [],
    })),
    ...Object.entries(actions).flatMap(([action, [short, table]]) => [
      { domain: 'variations', name: `variations-${short}`, key: `${action}.create`, handler: `functions/${action}/create.handler`, method: 'post', path: action, table, index: [] },
      {
        domain: 'variations', name: `product-variations-${short}`, key: `product_variations.${action}.create`,
        handler: `functions/product_variations/${action.replace(/_/g, '-')}.handler`, method: 'post', path: `product_variations/{id}/${action}`, table, index: [],
      },
    ]),
  ];
}

/**
 * GET, PUT and DELETE of a child object through its parent (`categories/{id}/products/{productId}`,
 * lib/operations/nested-objects.ts): the child's own operation, so the child's own function's access,
 * plus the GetItem of the parent. In the parent's domain: the API Gateway resources below the parent's
 * path belong to that stack (a function of the child's domain could not hang a path on them).
 */
function childObjectFunctions(rows, domain, parent, child, childParam) {
  return ['get', 'update', 'delete'].map((operation) => {
    const own = rows.find((fn) => fn.key === `${child}.${operation}`);
    if (!own) throw new Error(`no function serves ${child}.${operation}`);
    return {
      domain,
      name: `${parent}-${child}-${operation}`,
      key: `${parent}.${child}.${operation}`,
      handler: `functions/${parent}/${child}-${operation}.handler`,
      method: ENTITY_ROUTES[operation][0],
      path: `${parent}/{id}/${child}/{${childParam}}`,
      table: [...new Set([...own.table, 'GetItem'])],
      index: own.index,
    };
  });
}

const ENTITY_ROWS = [
  { domain: 'core', name: 'version-get', key: 'version.list', handler: 'functions/version/get.handler', method: 'get', path: 'version', table: [], index: [] },

  // --- events (issue 20) ---
  // The pull feed: Query of the event store's day partitions (lib/events/event-store.ts).
  { domain: 'events', name: 'events-list', key: 'events.list', handler: 'functions/events/list.handler', method: 'get', path: 'events', table: ['Query'], index: [] },
  // --- end events ---

  { domain: 'accounts', name: 'users-list', key: 'users.list', handler: 'functions/users/list.handler', method: 'get', path: 'users', table: ['Query', 'GetItem'], index: ['Query'] },
  { domain: 'accounts', name: 'users-get', key: 'users.get', handler: 'functions/users/get.handler', method: 'get', path: 'users/{id}', table: ['GetItem'], index: [] },
  { domain: 'accounts', name: 'users-create', key: 'users.create', handler: 'functions/users/create.handler', method: 'post', path: 'users', table: ['UpdateItem', 'PutItem', 'ConditionCheckItem'], index: [] },
  { domain: 'accounts', name: 'users-update', key: 'users.update', handler: 'functions/users/update.handler', method: 'put', path: 'users/{id}', table: ['GetItem', 'PutItem', 'DeleteItem', 'UpdateItem', 'ConditionCheckItem'], index: [] },
  { domain: 'accounts', name: 'users-delete', key: 'users.delete', handler: 'functions/users/delete.handler', method: 'delete', path: 'users/{id}', table: ['Query', 'DeleteItem', 'UpdateItem', 'BatchWriteItem'], index: [] },

  { domain: 'accounts', name: 'usergroups-list', key: 'usergroups.list', handler: 'functions/usergroups/list.handler', method: 'get', path: 'usergroups', table: ['Query'], index: [] },
  { domain: 'accounts', name: 'usergroups-get', key: 'usergroups.get', handler: 'functions/usergroups/get.handler', method: 'get', path: 'usergroups/{id}', table: ['GetItem'], index: [] },
  { domain: 'accounts', name: 'usergroups-create', key: 'usergroups.create', handler: 'functions/usergroups/create.handler', method: 'post', path: 'usergroups', table: ['UpdateItem', 'PutItem'], index: [] },
  { domain: 'accounts', name: 'usergroups-update', key: 'usergroups.update', handler: 'functions/usergroups/update.handler', method: 'put', path: 'usergroups/{id}', table: ['GetItem', 'UpdateItem'], index: ['Query'] },
  { domain: 'accounts', name: 'usergroups-delete', key: 'usergroups.delete', handler: 'functions/usergroups/delete.handler', method: 'delete', path: 'usergroups/{id}', table: ['GetItem', 'DeleteItem', 'BatchWriteItem'], index: ['Query'] },

  { domain: 'accounts', name: 'memberships-list', key: 'users.usergroups.list', handler: 'functions/memberships/list.handler', method: 'get', path: 'users/{id}/usergroups', table: ['Query'], index: [] },
  { domain: 'accounts', name: 'memberships-get', key: 'users.usergroups.get', handler: 'functions/memberships/get.handler', method: 'get', path: 'users/{id}/usergroups/{usergroupId}', table: [], index: [] },
  { domain: 'accounts', name: 'memberships-update', key: 'users.usergroups.update', handler: 'functions/memberships/update.handler', method: 'put', path: 'users/{id}/usergroups/{usergroupId}', table: ['UpdateItem', 'PutItem', 'ConditionCheckItem'], index: [] },
  { domain: 'accounts', name: 'memberships-delete', key: 'users.usergroups.delete', handler: 'functions/memberships/delete.handler', method: 'delete', path: 'users/{id}/usergroups/{usergroupId}', table: ['UpdateItem', 'PutItem', 'ConditionCheckItem'], index: [] },

  // A rename rewrites company_name on the company's products: Query of its product partition, then each
  // product's update (GetItem, Put, index Delete/Put, count Update; its references do not change).
  ...entityFunctions('companies', 'stores', { references: false, extra: { update: ['Query'] } }),
  ...entityFunctions('companies', 'vendors', { references: false, extra: { update: ['Query'] } }),

  // A category's create and move read the new parent (GetItem); a move rewrites the subtree (Query); a delete
  // also deletes its discussion posts (lib/operations/discussions.ts deletePostsOf: GetItem of the thread,
  // Query of its posts, their deletes, DeleteItem of the thread items).
  // A category and its product_count are read in one BatchGetItem (every function's base grant): no GetItem.
  ...entityFunctions('catalog', 'categories', { access: { get: [] }, extra: { create: ['GetItem'], update: ['Query'], delete: ['Query'] } }),
  { domain: 'catalog', name: 'categories-products-list', key: 'categories.products.list', handler: 'functions/categories/products.handler', method: 'get', path: 'categories/{id}/products', table: ['GetItem', 'Query'], index: [] },
  // A product's writes read its company's name (GetItem) and its features (BatchGetItem); `cid` lists read the subtree (Query);
  // a delete also deletes its discussion posts (Query).
  ...entityFunctions('catalog', 'products', { dependents: false, extra: { create: ['GetItem'], delete: ['Query', 'PutItem'] } }),
  { domain: 'catalog', name: 'products-features-list', key: 'products.features.list', handler: 'functions/products/features.handler', method: 'get', path: 'products/{id}/features', table: ['GetItem'], index: [] },
  ...entityFunctions('attributes', 'features'),
  // Options: references company and product; a delete (and an update of variants) Queries the product's
  // exceptions and combinations and deletes those that name the option. Exceptions and combinations read the
  // product and its options (GetItem, Query); a repeated exception is found through its combination_key
  // index (Query); a combination is written under its hash with a conditional Put and the counter raised.
  ...entityFunctions('attributes', 'options', { extra: { list: ['GetItem', 'Query'], update: ['Query'], delete: ['Query'] }, dependents: false }),
  ...entityFunctions('attributes', 'exceptions', { references: false, dependents: false, extra: { create: ['GetItem', 'Query'], update: ['Query'] } }),
  ...entityFunctions('attributes', 'combinations', { references: false, dependents: false, extra: { create: ['GetItem', 'Query'] } }),

  // An order reads the customer, the payment and shipping methods and the products, and takes stock in its transaction.
  // Its status changes read the order statuses (Query) and move stock in the same transaction (UpdateItem);
  // a delete also deletes its shipments and discussion posts (Query, then their deletes).
  ...entityFunctions('orders', 'orders', { references: false, dependents: false, extra: { create: ['GetItem'], update: ['Query'], delete: ['Query'] } }),
  { domain: 'orders', name: 'orders-shipments-list', key: 'orders.shipments.list', handler: 'functions/orders/shipments.handler', method: 'get', path: 'orders/{id}/shipments', table: ['GetItem', 'Query'], index: [] },
  ...entityFunctions('orders', 'payments'),
  ...entityFunctions('orders', 'shippings'),
  // A status's create reads the letters its type uses (Query); its delete counts the orders in it (GetItem) and frees the letter (DeleteItem).
  ...entityFunctions('orders', 'statuses', { references: false, dependents: false, extra: { create: ['Query'] } }),

  ...entityFunctions('content', 'call_requests', { dependents: false }),
  // A login key (lib/operations/auth.ts): the user by e-mail (GetItem of the login and the profile), then
  // a conditional PutItem of the key's hash.
  { domain: 'accounts', name: 'auth-create', key: 'auth.create', handler: 'functions/auth/create.handler', method: 'post', path: 'auth', table: ['GetItem', 'PutItem'], index: [] },
  // Carts are views of users (lib/operations/carts.ts): GET reads the user and its company, DELETE the user.
  ...entityFunctions('accounts', 'carts', { operations: ['list', 'get', 'delete'], access: { list: [], get: ['GetItem', 'BatchGetItem'], delete: ['GetItem'] } }),
  // A post's create reads the thread or the object (GetItem), may start a thread (counter UpdateItem, two
  // PutItems) and ConditionChecks the object in its transaction.
  ...entityFunctions('content', 'discussions', { references: false, dependents: false, extra: { create: ['GetItem', 'ConditionCheckItem'] } }),
  { domain: 'catalog', name: 'products-discussions-list', key: 'products.discussions.list', handler: 'functions/products/discussions-list.handler', method: 'get', path: 'products/{id}/discussions', table: ['GetItem', 'Query'], index: [] },
  { domain: 'catalog', name: 'products-discussions-create', key: 'products.discussions.create', handler: 'functions/products/discussions-create.handler', method: 'post', path: 'products/{id}/discussions', table: [...ENTITY_ACCESS.create, 'GetItem', 'ConditionCheckItem'], index: [] },
  // A shipment's create reads the order and the shipping method (GetItem).
  ...entityFunctions('orders', 'shipments', { dependents: false, extra: { create: ['GetItem'] } }),
  ...entityFunctions('content', 'blocks', { dependents: false }),
  ...entityFunctions('settings', 'taxes', { references: false, dependents: false }),

  // Deleting a language deletes its langvars (Query of their partition, BatchWriteItem).
  // A new language first clears stale langvars of its code (the same Query and BatchWriteItem).
  ...entityFunctions('settings', 'languages', {
    access: { create: [...ENTITY_ACCESS.create, 'Query', 'BatchWriteItem'], delete: [...ENTITY_ACCESS.delete, 'Query', 'BatchWriteItem'] },
  }),
  // Langvars are items per (lang_code, name), written with a ConditionCheck of the language's code marker.
  ...entityFunctions('settings', 'langvars', { access: LANGVAR_ACCESS }),
  ...Object.entries(LANGVAR_ACCESS).map(([operation, table]) => ({
    domain: 'settings',
    name: `languages-langvars-${operation}`,
    key: `languages.langvars.${operation}`,
    handler: `functions/languages/langvars-${operation}.handler`,
    method: ENTITY_ROUTES[operation][0],
    path: `languages/{id}/langvars${ENTITY_ROUTES[operation][1].replace('{id}', '{name}')}`,
    // The language of the path is read first.
    table: [...new Set([...table, 'GetItem'])],
    index: [],
  })),
  // Settings are seeded (lib/settings-defaults.ts), never created or deleted; a PUT changes `value` only, which
  // no index item carries: GetItem, then the record's Put.
  ...entityFunctions('settings', 'settings', { operations: ['list', 'get', 'update'], access: { update: ['GetItem', 'PutItem'] } }),
  // A page's parent is read on create and on a move; a move rewrites the subtree (Query of it).
  ...entityFunctions('content', 'pages', { extra: { create: ['GetItem'], update: ['Query'] } }),
  // Product variations (lib/operations/product-variations.ts): products in a variation group. Writes are a
  // product's (references, company name) plus the group: GetItem of it, Query of its members (the
  // variation_group_id partition), and a follow-up Put of the group when its default product changes.
  ...entityFunctions('variations', 'product_variations', {
    access: {
      list: ['Query', 'GetItem'],
      get: ['GetItem'],
      create: ['ConditionCheckItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem'],
      update: ['ConditionCheckItem', 'DeleteItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem'],
      delete: ['DeleteItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem'],
    },
  }),
  ...VARIATION_FUNCTIONS(),
];

const FUNCTIONS = [
  ...ENTITY_ROWS,
  ...childObjectFunctions(ENTITY_ROWS, 'catalog', 'categories', 'products', 'productId'),
  ...childObjectFunctions(ENTITY_ROWS, 'catalog', 'products', 'discussions', 'postId'),
  ...childObjectFunctions(ENTITY_ROWS, 'catalog', 'products', 'features', 'featureId'),
];

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
    events: [{ http: { method: 'any', path: 'api/openapi.json' } }, { http: { method: 'any', path: 'api/2.0/openapi.json' } }],
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

// --- events (issue 20) ---
/**
 * Functions triggered by the table's stream rather than HTTP, in their domain's stack. The change feed's
 * consumer (functions/events/consume.ts) reads the stream (infra/iam-roles.cjs grants the stream's read
 * actions on its ARN), reads a user's company name for users events (BatchGetItem) and writes the event
 * store's items with transactions of PutItem (marker and feed item), confined by `keys` to those partitions.
 * Only entity records and memberships reach it: the event source's filter drops every other item
 * (bookkeeping, index items, the event store's own writes) before an invocation is paid for.
 */
const STREAM_FUNCTIONS = [
  {
    domain: 'events',
    name: 'events-consumer',
    handler: 'functions/events/consume.handler',
    stream: {
      batchSize: 100,
      startingPosition: 'TRIM_HORIZON',
      bisectBatchOnFunctionError: true,
      // Retried until it succeeds or the record leaves the stream (24 h): the consumer is idempotent.
      maximumRetryAttempts: -1,
      filterPatterns: [{ dynamodb: { Keys: { sk: { S: ['RECORD', 'PROFILE', { prefix: 'LINK#' }] } } } }, { dynamodb: { Keys: { pk: { S: ['USERGROUPS'] } } } }],
    },
    table: ['PutItem', 'BatchGetItem'],
    keys: ['EVENTS#*', 'EVENTID#*'],
    index: [],
  },
];
// --- end events ---

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
    events: catchAllEvents(COMPANY_CONTEXT_PATHS.flatMap((path) => VERSION_PREFIXES.map((prefix) => `${prefix}/${path}`))),
    table: union(rows, 'table'),
    index: union(rows, 'index'),
  };
}

/** The domain whose stack owns the company paths the context dispatcher hangs below. */
const companyDomain = (rows) => rows.find((fn) => fn.key === 'stores.get')?.domain;

/** The domains of the split deployment (docs/deploy.md, "Stacks and domains"), in table order. */
const DOMAINS = [...new Set(FUNCTIONS.map((fn) => fn.domain))];

/**
 * The functions of one stack. `all` (the default, and what serverless offline
 * runs): everything in one stack. `core`: the shared pieces — the table, the
 * REST API with the /api and /api/2.0 resources every domain hangs its paths on,
 * the dispatchers and /version. Any other domain: its entity-method functions,
 * plus its own catch-all for the 405s and preflights on its paths (an API
 * Gateway method needs its Lambda in its own stack). `rows`: another function
 * table than FUNCTIONS (the deploy tests size hypothetical domains with it).
 */
function allFunctions(domain = 'all', rows = FUNCTIONS) {
  if (domain === 'all') return [...rows.map(withEvents), ...PUBLIC_FUNCTIONS, ...dispatchers(resourcePaths(rows), rows), companyContextFunction(rows), ...pageFunctions(), ...streamFunctions(domain, rows)];
  const own = rows.filter((fn) => fn.domain === domain);
  if (domain === 'core') return [...own.map(withEvents), ...PUBLIC_FUNCTIONS, ...dispatchers(['api/2.0', ...resourcePaths(own)], rows), ...pageFunctions()];
  if (own.length === 0) throw new Error(`unknown domain '${domain}': one of all, ${[...new Set(rows.map((fn) => fn.domain))].join(', ')}`);
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
    ...streamFunctions(domain, rows),
  ];
}

/** The stream-triggered functions of a stack (none for a hypothetical function table of the deploy tests). */
function streamFunctions(domain, rows) {
  if (rows !== FUNCTIONS) return [];
  return STREAM_FUNCTIONS.filter((fn) => domain === 'all' || fn.domain === domain);
}

/** `users-get` → `UsersGetRole`: the logical id of the function's IAM role. */
function roleLogicalId(name) {
  return `${name.replace(/(^|-)([a-z0-9])/g, (_m, _sep, c) => c.toUpperCase())}Role`;
}

/**
 * Functions that serve pages rather than API operations, in the core stack (they sit beside /api on the
 * same REST API, under their own root path, with ANY so that every method reaches them and they answer
 * 405 themselves). The administration panel (lib/panel/): sign-in sessions (PutItem, GetItem, DeleteItem),
 * the administrators list (Query of the user counts, Query of the index), accounts (GetItem) and the API
 * key switch (a conditional PutItem of the login item).
 */
const PAGES = [
  { domain: 'core', name: 'panel', handler: 'functions/panel/handler.handler', paths: ['admin', 'admin/{proxy+}'], table: ['GetItem', 'PutItem', 'DeleteItem', 'Query'], index: ['Query'] },
];

function pageFunctions() {
  return PAGES.map(({ paths, ...fn }) => ({ ...fn, events: paths.map((path) => ({ http: { method: 'any', path } })) }));
}

module.exports = { FUNCTIONS, STREAM_FUNCTIONS, PUBLIC_FUNCTIONS, PAGES, DOMAINS, COMPANY_CONTEXT_PATHS, allFunctions, entityFunctions, roleLogicalId, DYNAMODB: R, BOOKKEEPING_ACTIONS, BOOKKEEPING_KEYS };
