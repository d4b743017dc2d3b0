/**
 * Property-based fuzzing of the whole HTTP surface (serverless offline + DynamoDB Local) with fast-check.
 *
 * Random methods, paths in all three forms (/api/…, /api/2.0/…, /api.php?_d=…&ajax_custom=1) with odd
 * encodings (malformed %-escapes included), dot segments, empty segments, huge/negative/non-numeric ids and
 * unknown entities; Authorization headers good, broken, missing and repeated; odd Content-Types (unparseable
 * ones included); bodies that are malformed, 10,000 levels deep, near and over 1 MiB, full of
 * __proto__/constructor keys or of wrong types for every field.
 *
 * Property, for every request: the answer is a contract answer (SPEC §1-§4) — 2xx or 4xx, never 5xx; for
 * ≥ 400 a JSON body {"message": "<reason>…", "status": <same>} (405 with Allow, 401 exactly as §4 with
 * WWW-Authenticate, 429 with Retry-After); no stack-trace text; JSON Content-Type on every non-empty body;
 * no internal attribute (key_hash, version, pk…) in any body.
 * And a rejected request changes nothing: the whole table (read with the SDK, failed-login counters and id
 * counters aside) is compared every CHUNK requests, and every change must be explained by a request of that
 * chunk that succeeded (e.g. a 201 on POST /users may add that user's profile and login items, nothing else).
 *
 * `npm test` runs a bounded number of requests with a fixed seed; `npm run fuzz` runs many more:
 *   FUZZ_RUNS=5000 FUZZ_SEED=123 npx vitest run test/e2e/hostile-fuzz.test.ts
 * The seed and the number of runs are printed, so any failure can be replayed exactly.
 *
 * Credentials: most requests authenticate as a dedicated second root administrator (so they reach deep
 * code), some as a non-root administrator with a few privileges, some as a vendor. Bad credentials never
 * name any of those e-mails, so the limiter of SPEC §4 (10 failures per e-mail and address, here always
 * 127.0.0.1) can never lock a fixture out. Writes that could disable or re-address a fixture account or its
 * group are turned into GETs before they are sent.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { snapshotTable } from '../integration/hostile-support.js';
import {
  createAdmin,
  createApiUser,
  createCustomer,
  createGroup,
  createRoot,
  createUser,
  rootUserId,
  setLink,
} from '../support/fixtures.js';
import { arbitraries } from './hostile-fuzz-arbitraries.js';
import {
  contractViolations,
  describeRequest,
  type Executed,
  IGNORED,
  massAssignmentViolations,
  unexplainedChanges,
} from './hostile-fuzz-oracles.js';
import { authHeaders, target, useWorld } from './hostile-fuzz-requests.js';
import { type RawResponse, rawRequest } from './hostile-raw-http.js';

const NUM_RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_121);
/** Requests between two table snapshots. */
const CHUNK = Number(process.env.FUZZ_CHUNK ?? 25);

describe(`fuzzing the HTTP surface (fast-check, seed ${SEED}, ${NUM_RUNS} runs)`, () => {
  beforeAll(async () => {
    const [fuzzRoot, limited, vendor, bootstrapRoot] = await Promise.all([
      createRoot(),
      createAdmin(['view_users', 'view_usergroups', 'manage_usergroups']),
      createApiUser('V', ['--company', '4']),
      rootUserId(),
    ]);
    const [c1, c2, c3, adminUser, customerGroup, adminGroup] = await Promise.all([
      createCustomer(),
      createCustomer(),
      createCustomer(),
      createUser({ user_type: 'A' }),
      createGroup({ type: 'C', status: 'A' }),
      createGroup({ type: 'A', status: 'A' }),
    ]);
    await Promise.all([
      setLink(c1, customerGroup, 'A'),
      setLink(c2, customerGroup, 'P'),
      setLink(adminUser, adminGroup, 'A'),
    ]);
    useWorld({
      fuzzRoot,
      limited,
      vendor,
      userIds: [c1, c2, c3, adminUser, limited.userId, vendor.userId, fuzzRoot.userId, bootstrapRoot],
      groupIds: [customerGroup, adminGroup, limited.groupId!],
      protectedUsers: new Set([bootstrapRoot, fuzzRoot.userId, limited.userId, vendor.userId]),
      protectedGroups: new Set([limited.groupId!]),
      undeletable: new Set([
        ...[c1, c2, c3, adminUser].map((id) => `users.delete:${id}`),
        ...[customerGroup, adminGroup].map((id) => `usergroups.delete:${id}`),
      ]),
    });
  }, 180_000);

  it(
    'every answer is a contract answer, and no rejected request changes stored data',
    async () => {
      console.log(
        `fuzz: seed=${SEED} numRuns=${NUM_RUNS} chunk=${CHUNK} (replay: FUZZ_SEED=${SEED} FUZZ_RUNS=${NUM_RUNS} npx vitest run test/e2e/hostile-fuzz.test.ts)`,
      );
      const started = Date.now();
      const histogram = new Map<string, number>();
      const dataProblems: string[] = [];
      let pending: Executed[] = [];
      let last = await snapshotTable(IGNORED);

      const checkData = async () => {
        const now = await snapshotTable(IGNORED);
        const unexplained = unexplainedChanges(last, now, pending);
        if (unexplained.length > 0) {
          dataProblems.push(
            `changes no successful request explains: ${unexplained.slice(0, 10).join('; ')}\n  requests of that chunk:\n    ${pending
              .map((done) => `${done.status} ${describeRequest(done.req)}`)
              .join('\n    ')}`,
          );
        }
        last = now;
        pending = [];
      };

      try {
        await fc.assert(
          fc.asyncProperty(arbitraries(), async (req) => {
            const headers: Array<[string, string]> = [
              ...authHeaders(req.auth),
              ...req.contentTypes.map((type): [string, string] => ['Content-Type', type]),
            ];
            let res: RawResponse;
            try {
              res = await rawRequest({ method: req.method, path: target(req), headers, body: req.body });
            } catch (error) {
              throw new Error(`no answer (${String(error)}) to ${describeRequest(req)}`);
            }
            const key = `${req.method} ${res.status}`;
            histogram.set(key, (histogram.get(key) ?? 0) + 1);
            pending.push({ req, status: res.status, json: res.json });
            const problems = [...contractViolations(req, res), ...(await massAssignmentViolations(req, res))];
            if (pending.length >= CHUNK) await checkData();
            if (problems.length > 0) {
              throw new Error(
                `${problems.join('; ')}\n  request: ${describeRequest(req)}\n  answer: ${res.status} ${JSON.stringify(res.headers)} ${res.body.slice(0, 300)}`,
              );
            }
          }),
          { numRuns: NUM_RUNS, seed: SEED, endOnFailure: true },
        );
      } finally {
        await checkData();
        console.log(
          `fuzz: ${[...histogram.values()].reduce((a, b) => a + b, 0)} requests in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
            [...histogram.entries()]
              .sort()
              .map(([k, v]) => `${k}×${v}`)
              .join(' '),
        );
      }
      expect(dataProblems).toEqual([]);
      // The fixtures are still usable: the fuzz did not lock or re-address them.
      expect(
        (
          await rawRequest({
            method: 'GET',
            path: '/api/version',
            headers: authHeaders({ kind: 'root', scheme: 'Basic', upperEmail: false }),
          })
        ).status,
      ).toBe(200);
    },
    Math.max(240_000, NUM_RUNS * 400),
  );
});
