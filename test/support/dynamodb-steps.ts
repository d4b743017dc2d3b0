import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * Counts the DynamoDB calls a piece of code makes on a client, and how many of them had to wait for one another:
 * the sequential steps. A call's step is one more than the deepest call that had finished before it started
 * (calls in flight together share a step), so the answer is the length of the longest chain of waits.
 */
export interface CallTrace {
  calls: string[];
  steps: number;
}

interface Timed {
  command: string;
  start: number;
  end: number;
}

let sink: Timed[] | undefined;
const installed = new WeakSet<DynamoDBDocumentClient>();

function install(client: DynamoDBDocumentClient): void {
  if (installed.has(client)) return;
  installed.add(client);
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const calls = sink;
      if (!calls) return next(args);
      const call: Timed = {
        command: String(context.commandName ?? 'Unknown').replace(/Command$/, ''),
        start: performance.now(),
        end: Infinity,
      };
      calls.push(call);
      try {
        return await next(args);
      } finally {
        call.end = performance.now();
      }
    },
    { step: 'initialize', name: 'testStepCounter', priority: 'high' },
  );
}

/** The sequential steps of timed calls (exported for its own unit test). */
export function sequentialSteps(calls: ReadonlyArray<{ start: number; end: number }>): number {
  const ordered = [...calls].sort((a, b) => a.start - b.start);
  const depth: number[] = [];
  ordered.forEach((call, i) => {
    const before = ordered.slice(0, i).flatMap((earlier, j) => (earlier.end <= call.start ? [depth[j]!] : []));
    depth[i] = 1 + Math.max(0, ...before);
  });
  return Math.max(0, ...depth);
}

/** Runs `work` and reports the DynamoDB calls it made on `client` and their sequential steps. */
export async function traceCalls<T>(
  client: DynamoDBDocumentClient,
  work: () => Promise<T>,
): Promise<{ result: T; trace: CallTrace }> {
  install(client);
  const calls: Timed[] = [];
  sink = calls;
  try {
    const result = await work();
    return { result, trace: { calls: calls.map((call) => call.command), steps: sequentialSteps(calls) } };
  } finally {
    sink = undefined;
  }
}
