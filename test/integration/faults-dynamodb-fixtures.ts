/**
 * The fault injection of the DynamoDB fault tests (test/integration/faults-dynamodb-*.test.ts): a middleware on the
 * singleton document client (lib/db/client.ts) that throws on a chosen call the way the SDK reports a throttle or a
 * refused connection, and the checks every case makes (the 503 of the contract, nothing but the named items changed).
 */
import { expect } from 'vitest';
import { db } from '../../lib/db/client.js';
import { type Answer, expectContractError, type SnapshotDiff } from './hostile-support.js';

const INJECTOR = 'faultInjector';

/** What the SDK throws when DynamoDB keeps throttling after its own retries. */
export function throttled(): Error {
  return Object.assign(new Error('The level of configured provisioned throughput for the table was exceeded.'), {
    name: 'ProvisionedThroughputExceededException',
    $fault: 'client',
    $metadata: { httpStatusCode: 400, attempts: 3 },
  });
}

/** What Node's HTTP stack throws when nothing listens on the endpoint. */
export function refused(): Error {
  return Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8000'), {
    code: 'ECONNREFUSED',
    errno: -111,
    syscall: 'connect',
  });
}

export interface Injection {
  /** Command names seen by the client while the injector was installed, in order ('TransactWriteItemsCommand', ...). */
  seen: string[];
  /** How many calls were failed. */
  failed: number;
}

/**
 * Fails the calls `shouldFail` picks (by command name and 1-based position among all calls) with `error()`.
 * Installed on the handlers' singleton client at the initialize step, so the SDK's retries never see the call.
 */
export function injectFault(shouldFail: (command: string, position: number) => boolean, error: () => Error): Injection {
  const injection: Injection = { seen: [], failed: 0 };
  db().middlewareStack.add(
    (next, context) => async (args) => {
      const command = String((context as { commandName?: string }).commandName);
      injection.seen.push(command);
      if (shouldFail(command, injection.seen.length)) {
        injection.failed++;
        throw error();
      }
      return next(args);
    },
    { step: 'initialize', name: INJECTOR, override: true },
  );
  return injection;
}

/** Fails the n-th call of one command (1-based), every other call goes through. */
export const nthOf = (name: string, n = 1) => {
  let count = 0;
  return (command: string) => command === name && ++count === n;
};

export function removeFault(): void {
  db().middlewareStack.remove(INJECTOR);
}

/** SPEC §3 + README: 503, the contract's body, Retry-After, nothing of the internals. */
export function expectUnavailable(answer: Answer): void {
  expectContractError(answer, 503, 'Service Unavailable');
  expect(Object.keys(answer.json).sort()).toEqual(['message', 'status']);
  const retryAfter = Number(answer.headers['retry-after']);
  expect(Number.isInteger(retryAfter) && retryAfter > 0, `Retry-After: ${answer.headers['retry-after']}`).toBe(true);
  expect(answer.body).not.toMatch(/Provisioned|ECONNREFUSED|127\.0\.0\.1|throughput/i);
}

/** No item changed except the ones named (id counters move on a failed create: ids are never reused). */
export function expectOnlyChanged(diff: SnapshotDiff, allowed: (key: string) => boolean = () => false): void {
  const unexpected = [...diff.added, ...diff.removed, ...diff.changed].filter((key) => !allowed(key));
  expect(unexpected, `half-written: ${JSON.stringify(diff)}`).toEqual([]);
}

export const counters = (key: string) => key.startsWith('COUNTER#');
