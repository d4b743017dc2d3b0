/**
 * DynamoDB throttling the calls every request makes before its operation (docs/architecture.md: throttling →
 * 503 with Retry-After): authentication → 503, not 401, and no failed attempt counted; a non-root caller's privilege
 * lookup → 503, not 403; the api.php dispatcher answers alike.
 * The handlers run in-process; test/integration/faults-dynamodb-fixtures.ts throws on a chosen call of the document
 * client. Every case checks: the contract's error format, `Retry-After`, nothing half-written (a snapshot of the whole
 * table, read with a client of its own), and that the same request succeeds once the fault is gone.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

// The injected failures are logged at warn with their stacks; read before lib/log.ts is loaded.
vi.hoisted(() => {
  process.env.LOG_LEVEL = 'error';
});

import { handler as phpHandler } from '../../functions/legacy/api-php.js';
import { handler as membershipsUpdate } from '../../functions/memberships/update.js';
import { handler as usergroupsCreate } from '../../functions/usergroups/create.js';
import { handler as usergroupsList } from '../../functions/usergroups/list.js';
import { keys } from '../../lib/db/keys.js';
import { defaultTableContext } from '../../lib/db/table-context.js';
import { setUsergroupPrivileges } from '../../lib/db/usergroups.js';
import { expectUnavailable, injectFault, nthOf, removeFault, throttled } from './faults-dynamodb-fixtures.js';
import { event, getItem, invoke, type KeyedUser, keyedUser, uniqueIp } from './hostile-support.js';

afterEach(() => {
  removeFault();
});

describe('DynamoDB throttles (ProvisionedThroughputExceededException)', () => {
  let admin: KeyedUser;
  beforeAll(async () => {
    admin = await keyedUser('A', { root: true });
  });
  const as = () => ({ auth: admin.auth });

  it('authentication itself throttled (the first call of every request) → 503, not 401, and no failed attempt counted; then 200', async () => {
    const ip = uniqueIp();
    injectFault((_command, position) => position === 1, throttled);
    expectUnavailable(await invoke(usergroupsList, event('GET', '/api/usergroups', { ...as(), sourceIp: ip })));
    removeFault();
    expect(await getItem(keys.throttle(admin.email, ip))).toBeUndefined();
    expect((await invoke(usergroupsList, event('GET', '/api/usergroups', { ...as(), sourceIp: ip }))).status).toBe(200);
  });

  it('a non-root caller whose privilege lookup is throttled → 503, not 403; then 200', async () => {
    const plain = await keyedUser('A');
    const group = await invoke(
      usergroupsCreate,
      event('POST', '/api/usergroups', { ...as(), body: { type: 'A', status: 'A' } }),
    );
    await setUsergroupPrivileges(group.json.usergroup_id, ['view_usergroups'], defaultTableContext());
    expect(
      (
        await invoke(
          membershipsUpdate,
          event('PUT', `/api/users/${plain.userId}/usergroups/${group.json.usergroup_id}`, {
            ...as(),
            body: { status: 'A' },
          }),
        )
      ).status,
    ).toBe(200);
    const ip = uniqueIp();
    // The first BatchGetItem authenticates, the second reads the caller's groups (lib/auth/authorize.ts).
    const injection = injectFault(nthOf('BatchGetItemCommand', 2), throttled);
    const answer = await invoke(usergroupsList, event('GET', '/api/usergroups', { auth: plain.auth, sourceIp: ip }));
    removeFault();
    expect(injection.failed).toBe(1);
    expectUnavailable(answer);
    expect(
      (await invoke(usergroupsList, event('GET', '/api/usergroups', { auth: plain.auth, sourceIp: ip }))).status,
    ).toBe(200);
  });

  it('the api.php dispatcher answers a throttle the same way', async () => {
    injectFault(nthOf('QueryCommand'), throttled);
    expectUnavailable(
      await invoke(phpHandler, event('GET', '/api.php', { ...as(), query: { _d: 'usergroups', ajax_custom: '1' } })),
    );
    removeFault();
    expect(
      (await invoke(phpHandler, event('GET', '/api.php', { ...as(), query: { _d: 'usergroups', ajax_custom: '1' } })))
        .status,
    ).toBe(200);
  });
});
