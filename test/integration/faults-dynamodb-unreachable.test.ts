/**
 * DynamoDB unreachable under the handlers (docs/architecture.md: unreachability → 503 with Retry-After): a refused
 * connection on one call or on every call, and a client pointed at a closed port, answer 503 quickly and recover.
 * The handlers run in-process; test/integration/faults-dynamodb-fixtures.ts throws on a chosen call of the document
 * client. Every case checks: the contract's error format, `Retry-After`, nothing half-written (a snapshot of the whole
 * table, read with a client of its own), and that the same request succeeds once the fault is gone.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

// The injected failures are logged at warn with their stacks; read before lib/log.ts is loaded.
vi.hoisted(() => {
  process.env.LOG_LEVEL = 'error';
});

import { handler as usergroupsCreate } from '../../functions/usergroups/create.js';
import { handler as usergroupsList } from '../../functions/usergroups/list.js';
import { handler as usersCreate } from '../../functions/users/create.js';
import { handler as usersList } from '../../functions/users/list.js';
import { handler as versionGet } from '../../functions/version/get.js';
import { createDocumentClient, db, setDocumentClientForTests } from '../../lib/db/client.js';
import { onOwnTable } from '../support/table-of-its-own.js';
import {
  counters,
  expectOnlyChanged,
  expectUnavailable,
  injectFault,
  nthOf,
  refused,
  removeFault,
} from './faults-dynamodb-fixtures.js';
import {
  diffSnapshots,
  event,
  invoke,
  type KeyedUser,
  keyedUser,
  snapshotTable,
  uniqueAddress,
  uniqueIp,
} from './hostile-support.js';

// The snapshots before and after each fault read the whole table: on a table of its own, this file's items alone.
onOwnTable('faults-unreachable', { bootstrapped: true });

afterEach(() => {
  removeFault();
});

describe('DynamoDB unreachable (ECONNREFUSED)', () => {
  let admin: KeyedUser;
  beforeAll(async () => {
    admin = await keyedUser('A', { root: true });
  });

  it('on the first TransactWriteItems of POST /users → 503, nothing written; then 201', async () => {
    const email = uniqueAddress('refused');
    const before = await snapshotTable();
    injectFault(nthOf('TransactWriteItemsCommand'), refused);
    expectUnavailable(
      await invoke(usersCreate, event('POST', '/api/users', { auth: admin.auth, body: { email, user_type: 'C' } })),
    );
    removeFault();
    expectOnlyChanged(diffSnapshots(before, await snapshotTable()), counters);
    expect(
      (await invoke(usersCreate, event('POST', '/api/users', { auth: admin.auth, body: { email, user_type: 'C' } })))
        .status,
    ).toBe(201);
  });

  it('on every call → 503 for reads and writes alike; then everything works again', async () => {
    const before = await snapshotTable();
    injectFault(() => true, refused);
    expectUnavailable(await invoke(usersList, event('GET', '/api/users', { auth: admin.auth })));
    expectUnavailable(
      await invoke(
        usergroupsCreate,
        event('POST', '/api/usergroups', { auth: admin.auth, body: { type: 'C', status: 'A' } }),
      ),
    );
    // Even a request with bad credentials cannot be judged: 503, not 401.
    expectUnavailable(
      await invoke(
        versionGet,
        event('GET', '/api/version', { auth: [uniqueAddress('nobody'), 'x'], sourceIp: uniqueIp() }),
      ),
    );
    removeFault();
    expectOnlyChanged(diffSnapshots(before, await snapshotTable()));
    expect((await invoke(usersList, event('GET', '/api/users', { auth: admin.auth }))).status).toBe(200);
  });

  it('a client pointed at a closed port → 503 quickly (the SDK retries included); restoring the client recovers', async () => {
    const original = db();
    const savedEndpoint = process.env.AWS_ENDPOINT_URL_DYNAMODB;
    const { createServer } = await import('node:net');
    // A port that was free a moment ago and now is closed: connect() is refused at once.
    const port = await new Promise<number>((resolve) => {
      const server = createServer();
      server.listen(0, '127.0.0.1', () => {
        const { port: p } = server.address() as { port: number };
        server.close(() => resolve(p));
      });
    });
    process.env.AWS_ENDPOINT_URL_DYNAMODB = `http://127.0.0.1:${port}`;
    const unreachable = createDocumentClient();
    setDocumentClientForTests(unreachable);
    try {
      const started = Date.now();
      expectUnavailable(await invoke(usergroupsList, event('GET', '/api/usergroups', { auth: admin.auth })));
      expectUnavailable(
        await invoke(
          usersCreate,
          event('POST', '/api/users', { auth: admin.auth, body: { email: uniqueAddress('closed'), user_type: 'C' } }),
        ),
      );
      const elapsed = Date.now() - started;
      console.log(`closed port: two 503s in ${elapsed} ms (SDK maxAttempts 3 each)`);
      expect(elapsed).toBeLessThan(10_000);
    } finally {
      process.env.AWS_ENDPOINT_URL_DYNAMODB = savedEndpoint;
      setDocumentClientForTests(original);
      unreachable.destroy();
    }
    expect((await invoke(usergroupsList, event('GET', '/api/usergroups', { auth: admin.auth }))).status).toBe(200);
  });
});
