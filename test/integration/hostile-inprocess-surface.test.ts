/**
 * Hostile input that serverless offline's HTTP layer (hapi) used to refuse on its own before any function ran,
 * and that API Gateway passes through: malformed %-encodings in the path (%C0%AF, %ZZ, a lone %, a cut UTF-8
 * sequence) and syntactically invalid Content-Types. The local server now hands them over too
 * (infra/plugins/offline-contract.cjs; over HTTP in test/e2e/hostile-local-server.test.ts and the fuzz), but
 * escapes a malformed path segment's `%` as `%25` on the way; here the handlers get the events exactly as API
 * Gateway would build them, and must answer in the contract's format (SPEC §1-§3) without changing anything.
 */
import { describe, expect, it, vi } from 'vitest';
import { handler as fallback } from '../../functions/fallback/any.js';
import { handler as phpHandler } from '../../functions/legacy/api-php.js';
import { handler as usergroupsCreate } from '../../functions/usergroups/create.js';
import { handler as usersGet } from '../../functions/users/get.js';
import { handler as usersUpdate } from '../../functions/users/update.js';
import { onOwnTable } from '../support/table-of-its-own.js';
import {
  CHANGE_FEED_PREFIXES,
  diffSnapshots,
  event,
  expectContractError,
  invoke,
  isEmptyDiff,
  snapshotTable,
} from './hostile-support.js';

// The snapshots before and after each fault read the whole table: on a table of its own, this file's items alone.
onOwnTable('hostile-surface', { bootstrapped: true });

vi.hoisted(() => {
  process.env.LOG_LEVEL = 'error';
});

describe('malformed %-encodings in the path → 404 in the contract format', () => {
  it.each(['%C0%AF', '%ZZ', '%', '%E2%82', '%C0%AF..%C0%AF', '%00', '..%2F..%2Fetc%2Fpasswd', '%FF%FE'])(
    '/api/users/%s',
    async (segment) => {
      for (const [handler, path] of [
        [usersGet, `/api/users/${segment}`],
        [fallback, `/api/users/${segment}`],
        [fallback, `/api/${segment}`],
        [fallback, `/api/2.0/users/1/usergroups/${segment}`],
      ] as const) {
        expectContractError(await invoke(handler, event('GET', path)), 404, 'Not Found');
      }
      const php = await invoke(
        phpHandler,
        event('GET', '/api.php', { query: { _d: `users/${segment}`, ajax_custom: '1' } }),
      );
      expectContractError(php, 404, 'Not Found');
    },
  );

  it('a PUT to a malformed path changes nothing', async () => {
    const before = await snapshotTable(['THROTTLE#', 'RATE#', 'COUNTER#', ...CHANGE_FEED_PREFIXES]);
    expectContractError(
      await invoke(usersUpdate, event('PUT', '/api/users/1%C0%AF', { body: { firstname: 'x' } })),
      404,
    );
    expectContractError(await invoke(fallback, event('PUT', '/api/users/%ZZ', { body: { firstname: 'x' } })), 404);
    expect(
      isEmptyDiff(
        diffSnapshots(before, await snapshotTable(['THROTTLE#', 'RATE#', 'COUNTER#', ...CHANGE_FEED_PREFIXES])),
      ),
    ).toBe(true);
  });
});

describe('syntactically invalid Content-Types → 415 in the contract format (SPEC §2: any other type)', () => {
  it.each([
    ';',
    'garbage',
    'application/json, text/plain',
    'a/b/c',
    '/',
    'application/',
    'multipart/form-data',
    ' ; charset=utf-8',
    'application/json\u0000',
  ])('Content-Type %j', async (contentType) => {
    const answer = await invoke(
      usergroupsCreate,
      event('POST', '/api/usergroups', { body: '{"type":"C","status":"A"}', headers: { 'Content-Type': contentType } }),
    );
    if (contentType.trim().startsWith(';')) {
      // Nothing before the ';': the media type is empty, which SPEC §2 reads as no Content-Type → text/plain.
      expectContractError(answer, 400, 'Bad Request');
    } else {
      expectContractError(answer, 415, 'Unsupported Media Type');
    }
  });
});
