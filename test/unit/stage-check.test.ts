import { describe, expect, it } from 'vitest';
import type { DeployedStage } from '../../scripts/lib/deployed-stage.js';
import { checkNothingLeft, checkRoles, checkRouteKeys, checkRoutes } from '../../scripts/lib/stage-check.js';
import { expectedFunctions, expectedPolicies, expectedRoutes } from '../../scripts/lib/stage-expectations.js';

const STAGE = 'unit';
const TABLE_ARN = `arn:aws:dynamodb:us-east-1:123456789012:table/store-api-${STAGE}`;

/** A stage exactly as the code describes it, as deployed-stage.ts would read it back. */
async function asTheCodeSays(): Promise<DeployedStage> {
  const policies = await expectedPolicies(STAGE, TABLE_ARN);
  const names = [...expectedFunctions().keys()];
  return {
    stage: STAGE,
    stacks: [],
    restApiIds: ['api1'],
    routes: expectedRoutes().map((route) => ({ ...route, integrationType: 'AWS_PROXY' })),
    functions: names.map((name) => ({ name, architectures: ['arm64'], environment: {}, roleName: `${name}-role` })),
    roles: names.map((name) => ({
      name: `${name}-role`,
      attachedPolicies: [],
      policies: Object.fromEntries(Object.entries(policies.get(name)!).map(([k, v]) => [k, { Statement: v }])),
    })),
    logGroups: [],
    buckets: [],
  };
}

/**
 * The comparisons of scripts/lib/stage-check.ts (what `npm run deploy:check` and test/emulator run on a deployed
 * stage) find nothing in a stage built from the code, and name each kind of difference.
 */
describe('scripts/lib/stage-check.ts', () => {
  it('finds nothing wrong with a stage that is what the code says', async () => {
    const stage = await asTheCodeSays();
    expect(checkRoutes(stage)).toEqual([]);
    expect(checkRouteKeys(stage)).toEqual([]);
    expect(checkRoles(stage, await expectedPolicies(STAGE, TABLE_ARN))).toEqual([]);
  });

  it('names a route that is missing, one that is extra, and one served by another function', async () => {
    const stage = await asTheCodeSays();
    const users = stage.routes.findIndex((r) => r.method === 'GET' && r.path === 'api/users/{id}');
    expect(users).toBeGreaterThanOrEqual(0);
    stage.routes[users] = { ...stage.routes[users]!, fn: 'users-list' };
    stage.routes.splice(
      stage.routes.findIndex((r) => r.method === 'POST' && r.path === 'api/2.0/users'),
      1,
    );
    stage.routes.push({ method: 'DELETE', path: 'api/version', fn: 'version-get', integrationType: 'AWS_PROXY' });
    const problems = checkRoutes(stage).join('\n');
    expect(problems).toContain('route missing: GET /api/users/{id} → users-get');
    expect(problems).toContain('route missing: POST /api/2.0/users → users-create');
    expect(problems).toContain('route not in the code: DELETE /api/version → version-get');
    expect(checkRouteKeys(stage)).toContain('DELETE /api/version → version-get resolves to no route key');
    expect(checkRouteKeys(stage).join('\n')).toMatch(
      /users\.get: served by users-get and users-list|users\.get: served by users-list and users-get/,
    );
  });

  it('names a shared role, a broader grant and a managed policy', async () => {
    const stage = await asTheCodeSays();
    const expected = await expectedPolicies(STAGE, TABLE_ARN);
    stage.functions.find((fn) => fn.name === 'users-list')!.roleName = 'users-get-role';
    const get = stage.roles.find((r) => r.name === 'users-get-role')!;
    get.policies['users-get-access']!.Statement.push({ Effect: 'Allow', Action: 'dynamodb:Scan', Resource: TABLE_ARN });
    get.attachedPolicies.push('arn:aws:iam::aws:policy/AdministratorAccess');
    const problems = checkRoles(stage, expected).join('\n');
    expect(problems).toMatch(/role users-get-role is shared by (users-get, users-list|users-list, users-get)/);
    expect(problems).toContain('role users-list-role belongs to no function');
    expect(problems).toMatch(/users-get: policy users-get-access grants .*dynamodb:Scan/);
    expect(problems).toContain('AdministratorAccess');
  });

  it('lists whatever a removal left behind', async () => {
    const stage = await asTheCodeSays();
    const left = checkNothingLeft({
      ...stage,
      routes: [],
      roles: stage.roles.slice(0, 1),
      functions: [],
      buckets: ['store-api-unit-core-bucket'],
    });
    expect(left).toEqual([
      'left behind: REST API api1',
      `left behind: role ${stage.roles[0]!.name}`,
      'left behind: bucket store-api-unit-core-bucket',
    ]);
    expect(checkNothingLeft({ ...stage, restApiIds: [], functions: [], roles: [] })).toEqual([]);
  });
});
