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
 * caller's groups) and may count a failed login: writes confined to THROTTLE#
 * partitions by an IAM condition, so a read function still cannot write data.
 * Transactions need the actions of the items they contain (PutItem, UpdateItem,
 * DeleteItem, ConditionCheckItem); there is no separate TransactWriteItems action.
 */
const R = 'dynamodb:';
const FUNCTIONS = [
  { name: 'version-get', key: 'version.list', handler: 'functions/version/get.handler', method: 'get', path: 'version', table: [], index: [] },

  { name: 'users-list', key: 'users.list', handler: 'functions/users/list.handler', method: 'get', path: 'users', table: ['Query', 'GetItem'], index: ['Query'] },
  { name: 'users-get', key: 'users.get', handler: 'functions/users/get.handler', method: 'get', path: 'users/{id}', table: ['GetItem'], index: [] },
  { name: 'users-create', key: 'users.create', handler: 'functions/users/create.handler', method: 'post', path: 'users', table: ['UpdateItem', 'PutItem'], index: [] },
  { name: 'users-update', key: 'users.update', handler: 'functions/users/update.handler', method: 'put', path: 'users/{id}', table: ['GetItem', 'PutItem', 'DeleteItem', 'UpdateItem'], index: [] },
  { name: 'users-delete', key: 'users.delete', handler: 'functions/users/delete.handler', method: 'delete', path: 'users/{id}', table: ['Query', 'DeleteItem', 'UpdateItem', 'BatchWriteItem'], index: [] },

  { name: 'usergroups-list', key: 'usergroups.list', handler: 'functions/usergroups/list.handler', method: 'get', path: 'usergroups', table: ['Query'], index: [] },
  { name: 'usergroups-get', key: 'usergroups.get', handler: 'functions/usergroups/get.handler', method: 'get', path: 'usergroups/{id}', table: ['GetItem'], index: [] },
  { name: 'usergroups-create', key: 'usergroups.create', handler: 'functions/usergroups/create.handler', method: 'post', path: 'usergroups', table: ['UpdateItem', 'PutItem'], index: [] },
  { name: 'usergroups-update', key: 'usergroups.update', handler: 'functions/usergroups/update.handler', method: 'put', path: 'usergroups/{id}', table: ['GetItem', 'UpdateItem'], index: ['Query'] },
  { name: 'usergroups-delete', key: 'usergroups.delete', handler: 'functions/usergroups/delete.handler', method: 'delete', path: 'usergroups/{id}', table: ['GetItem', 'DeleteItem', 'BatchWriteItem'], index: ['Query'] },

  { name: 'memberships-list', key: 'users.usergroups.list', handler: 'functions/memberships/list.handler', method: 'get', path: 'users/{id}/usergroups', table: ['Query'], index: [] },
  { name: 'memberships-get', key: 'users.usergroups.get', handler: 'functions/memberships/get.handler', method: 'get', path: 'users/{id}/usergroups/{usergroupId}', table: [], index: [] },
  { name: 'memberships-update', key: 'users.usergroups.update', handler: 'functions/memberships/update.handler', method: 'put', path: 'users/{id}/usergroups/{usergroupId}', table: ['UpdateItem', 'PutItem', 'ConditionCheckItem'], index: [] },
  { name: 'memberships-delete', key: 'users.usergroups.delete', handler: 'functions/memberships/delete.handler', method: 'delete', path: 'users/{id}/usergroups/{usergroupId}', table: ['UpdateItem', 'PutItem', 'ConditionCheckItem'], index: [] },
];

/** The dispatchers call every handler in-process, so they need the union of everyone's access. */
function union(key) {
  return [...new Set(FUNCTIONS.flatMap((fn) => fn[key]))].sort();
}

/** Both API versions serve every route (SPEC §1). */
const VERSION_PREFIXES = ['api', 'api/2.0'];

/** Every resource path the entity-method functions claim, under both versions. */
function resourcePaths() {
  return [...new Set(FUNCTIONS.flatMap((fn) => VERSION_PREFIXES.map((prefix) => `${prefix}/${fn.path}`)))];
}

/**
 * API Gateway sends a method that a resource does not define to no Lambda at
 * all (it answers 403 "Missing Authentication Token"), so every resource path
 * also gets ANY — and OPTIONS, which serverless-offline needs spelled out — to
 * the catch-all, which answers 405 with `Allow` or the CORS preflight.
 */
const DISPATCHERS = [
  {
    name: 'api-php',
    handler: 'functions/legacy/api-php.handler',
    events: [{ http: { method: 'any', path: 'api.php' } }],
    table: union('table'),
    index: union('index'),
  },
  {
    name: 'fallback',
    handler: 'functions/fallback/any.handler',
    events: ['api/{proxy+}', 'api', ...resourcePaths()].flatMap((path) => [
      { http: { method: 'any', path } },
      { http: { method: 'options', path } },
    ]),
    table: union('table'),
    index: union('index'),
  },
];

function allFunctions() {
  return [
    ...FUNCTIONS.map((fn) => ({
      ...fn,
      events: VERSION_PREFIXES.map((prefix) => ({ http: { method: fn.method, path: `${prefix}/${fn.path}` } })),
    })),
    ...DISPATCHERS,
  ];
}

/** `users-get` → `UsersGetRole`: the logical id of the function's IAM role. */
function roleLogicalId(name) {
  return `${name.replace(/(^|-)([a-z0-9])/g, (_m, _sep, c) => c.toUpperCase())}Role`;
}

module.exports = { FUNCTIONS, allFunctions, roleLogicalId, DYNAMODB: R };
