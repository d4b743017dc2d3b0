/**
 * The oracles of the HTTP fuzz (test/e2e/hostile-fuzz-oracles.ts) flag what they must, so a broken implementation
 * cannot pass the fuzz vacuously: pure checks over made-up requests, answers and table snapshots.
 */
import { describe, expect, it } from 'vitest';
import type { Snapshot } from '../integration/hostile-support.js';
import { contractViolations, unexplainedChanges } from './hostile-fuzz-oracles.js';
import type { AuthChoice, FuzzRequest } from './hostile-fuzz-requests.js';
import type { RawResponse } from './hostile-raw-http.js';

describe('the fuzz oracles themselves (so a broken implementation cannot pass vacuously)', () => {
  const request = (method: string, segments: string[], auth: AuthChoice = { kind: 'none' }): FuzzRequest => ({
    method,
    form: 'v1',
    segments,
    trailingSlash: false,
    query: [],
    php: { ajaxCustom: true, leading: '' },
    auth,
    contentTypes: [],
  });
  const answer = (
    status: number,
    body: string,
    headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' },
  ): RawResponse => {
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      json = undefined;
    }
    return { status, headers, body, json };
  };

  it('the contract check flags 5xx, stack traces, leaked attributes, wrong error bodies, a 401 without realm, a 405 without Allow', () => {
    const get = request('GET', ['users', '1']);
    expect(contractViolations(get, answer(500, '{"message":"Internal Server Error","status":500}'))).not.toEqual([]);
    expect(
      contractViolations(
        get,
        answer(
          400,
          '{"message":"Bad Request: TypeError: x is undefined\\n    at f (/work/main/lib/a.ts:3:1)","status":400}',
        ),
      ),
    ).not.toEqual([]);
    expect(contractViolations(get, answer(200, '{"user_id":1,"key_hash":"ab"}'))).not.toEqual([]);
    expect(contractViolations(get, answer(404, '{"statusCode":404,"error":"Not Found"}'))).not.toEqual([]);
    expect(contractViolations(get, answer(404, '{"message":"Not Found","status":400}'))).not.toEqual([]);
    expect(contractViolations(get, answer(401, '{"message":"Unauthorized","status":401}'))).not.toEqual([]);
    expect(contractViolations(get, answer(405, '{"message":"Method Not Allowed","status":405}'))).not.toEqual([]);
    expect(contractViolations(get, answer(200, 'plain text', { 'content-type': 'text/plain' }))).not.toEqual([]);
    const putNull = { ...request('PUT', ['users', '1']), contentTypes: ['application/json'], body: 'null' };
    expect(
      contractViolations(putNull, answer(400, '{"message":"Bad Request: Missing parameters","status":400}')),
    ).not.toEqual([]);
    expect(
      contractViolations(putNull, answer(400, '{"message":"Bad Request: Syntax error, malformed JSON","status":400}')),
    ).toEqual([]);
    // and accepts the contract's own answers
    expect(contractViolations(get, answer(404, '{"message":"Not Found: The User not found","status":404}'))).toEqual(
      [],
    );
    expect(
      contractViolations(
        get,
        answer(401, '{"message":"Unauthorized","status":401}', {
          'content-type': 'application/json; charset=utf-8',
          'www-authenticate': 'Basic realm="User email/API key"',
        }),
      ),
    ).toEqual([]);
  });

  it('the data check flags a change made by a rejected request, and accepts exactly what a success may change', () => {
    const before: Snapshot = new Map([
      ['USER#5 | PROFILE', '{"user_id":5,"firstname":"a"}'],
      ['LOGIN#x@y.z | LOGIN', '{"user_id":5}'],
      ['USER#6 | PROFILE', '{"user_id":6,"firstname":"b"}'],
    ]);
    const after: Snapshot = new Map([
      ['USER#5 | PROFILE', '{"user_id":5,"firstname":"changed"}'],
      ['LOGIN#x@y.z | LOGIN', '{"user_id":5}'],
      ['USER#6 | PROFILE', '{"user_id":6,"firstname":"b"}'],
    ]);
    const put5 = request('PUT', ['users', '5']);
    const put6 = request('PUT', ['users', '6']);
    expect(unexplainedChanges(before, after, [{ req: put5, status: 400, json: {} }])).toEqual(['~ USER#5 | PROFILE']);
    expect(unexplainedChanges(before, after, [{ req: put6, status: 200, json: {} }])).toEqual(['~ USER#5 | PROFILE']);
    expect(unexplainedChanges(before, after, [{ req: put5, status: 200, json: {} }])).toEqual([]);
    // A user's write moves its own offset in its postings: not another chunk's, nor another user's of its chunk.
    const posted: Snapshot = new Map([
      ...before,
      ['WP#user#name#a | ada#0000000000', '{"ids":[{"0":5}]}'],
      ['WP#user#name#a | ada#0000000001', '{"ids":[{"0":5}]}'],
      ['WP#user#name#b | bob#0000000000', '{"ids":[{"0":5},{"0":6}]}'],
    ]);
    expect(unexplainedChanges(before, posted, [{ req: put5, status: 200, json: {} }])).toEqual([
      '+ WP#user#name#a | ada#0000000001',
      '+ WP#user#name#b | bob#0000000000',
    ]);
    expect(
      unexplainedChanges(before, posted, [
        { req: put5, status: 200, json: {} },
        { req: put6, status: 200, json: {} },
      ]),
    ).toEqual(['+ WP#user#name#a | ada#0000000001']);
    const added: Snapshot = new Map([...before, ['USERGROUPS | 000000000000009', '{"usergroup_id":9}']]);
    expect(
      unexplainedChanges(before, added, [{ req: request('POST', ['usergroups']), status: 400, json: {} }]),
    ).toEqual(['+ USERGROUPS | 000000000000009']);
    expect(
      unexplainedChanges(before, added, [
        { req: request('POST', ['usergroups']), status: 201, json: { usergroup_id: 9 } },
      ]),
    ).toEqual([]);
  });
});
