import { performance } from 'node:perf_hooks';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { clearAuthCache } from '../../lib/auth/auth-cache.js';
import { db } from '../../lib/db/client.js';
import { forgetBucketMemory } from '../../lib/db/rate-limit.js';
import type { LambdaHandler } from '../../lib/stack/api-handler.js';
import { v2Twin } from '../../test/support/lambda-event-v2.js';
import { lambdaContext, proxyEvent } from './events.js';
import { requestBytes, responseBytes } from './http-api-bytes.js';
import { capturedTail } from './output.js';
import { type RecordedCall, replay, startRecording } from './round-trips.js';
import type { Scenario } from './scenarios.js';
import { type Caller, useTable, type World } from './world.js';

/**
 * Runs a Lambda handler in this process with an API Gateway REST v1 proxy event, through its whole middy
 * stack, exactly as the Lambda runtime would call it, and the same request's DynamoDB calls bare.
 */

export interface Run {
  ms: number;
  calls: RecordedCall[];
  /** What API Gateway meters an HTTP API request by (bench/lib/http-api-bytes.ts): the request's and the answer's bytes. */
  bytes?: { request: number; response: number };
}

/** Which event the handler gets: a REST API's (payload 1.0) or an HTTP API's (payload 2.0, the same request). */
export type Payload = 'v1' | 'v2';

/** How many alternating pairs of runs to time: a slow endpoint gets fewer pairs, a fast one more. */
export interface PairPlan {
  /** Not counted: JIT, connection pool and DynamoDB Local's caches settle first. */
  warmupPairs: number;
  minPairs: number;
  maxPairs: number;
  /** Keep going until this much time went into counted pairs. */
  minMeasuredMs: number;
}

export function enoughPairs(plan: PairPlan, pairs: number, measuredMs: number): boolean {
  return pairs >= plan.maxPairs || (pairs >= plan.minPairs && measuredMs >= plan.minMeasuredMs);
}

export interface PairSamples {
  /** Counted timings of the first and second run of each pair. */
  firstMs: number[];
  secondMs: number[];
  /** The runs of the last pair (for figures that do not vary, such as round trips). */
  last: readonly [Run, Run];
}

/**
 * Two measurements taken side by side, pair after pair, until the plan has enough: `runPair(i)` returns
 * [first, second] and is expected to alternate which one it actually runs first, so slow drifts (JIT, GC,
 * the JVM behind DynamoDB Local, a neighbour's load) hit both alike. Warm-up pairs are not counted.
 */
export async function samplePairs(
  plan: PairPlan,
  runPair: (i: number) => Promise<readonly [Run, Run]>,
): Promise<PairSamples> {
  const firstMs: number[] = [];
  const secondMs: number[] = [];
  let measuredMs = 0;
  let last: readonly [Run, Run] | undefined;
  for (let i = 0; !enoughPairs(plan, firstMs.length, measuredMs); i++) {
    last = await runPair(i);
    if (i < plan.warmupPairs) continue;
    firstMs.push(last[0].ms);
    secondMs.push(last[1].ms);
    measuredMs += last[0].ms + last[1].ms;
  }
  if (!last) throw new Error('the plan asks for no pairs');
  return { firstMs, secondMs, last };
}

export class Invoker {
  readonly #handlers = new Map<string, LambdaHandler>();

  /** Handlers are shared (one module per function); the table they use is switched per request. */
  constructor(
    private readonly world: World,
    private readonly tableName: string,
  ) {}

  async #handler(scenario: Scenario): Promise<LambdaHandler> {
    let handler = this.#handlers.get(scenario.functionName);
    if (!handler) {
      handler = (await scenario.load()).handler;
      this.#handlers.set(scenario.functionName, handler);
    }
    return handler;
  }

  /** One full request; `before`/`after` (unmeasured) keep the table in the same state for every run. */
  async request(scenario: Scenario, caller: Caller, payload: Payload = 'v1'): Promise<Run> {
    const handler = await this.#handler(scenario);
    useTable(this.tableName);
    await scenario.before?.(this.world);
    const restEvent = proxyEvent(scenario.request(this.world, caller));
    const event = payload === 'v2' ? v2Twin(restEvent) : restEvent;
    const context = lambdaContext(scenario.functionName);
    const stop = startRecording();
    const started = performance.now();
    // A 2.0 event gets a 2.0 answer (lib/http/payload-v2.ts): statusCode and body are where a 1.0 answer has them.
    const invoke = handler as (e: typeof event, c: typeof context) => Promise<APIGatewayProxyResult>;
    const response: APIGatewayProxyResult = await invoke(event, context).catch((error: unknown) => {
      stop();
      throw error;
    });
    const ms = performance.now() - started;
    const calls = stop();
    if (response.statusCode !== scenario.expectStatus) {
      throw new Error(
        `${scenario.name} as ${caller.label}: expected ${scenario.expectStatus}, got ${response.statusCode} ${response.body}\n` +
          `handler output:\n${capturedTail()}`,
      );
    }
    await scenario.after?.(this.world, calls);
    return { ms, calls, bytes: { request: requestBytes(restEvent), response: responseBytes(response) } };
  }

  /** The same DynamoDB calls, sent directly with the same client, in the same order and concurrency. */
  async bare(scenario: Scenario, calls: readonly RecordedCall[]): Promise<Run> {
    useTable(this.tableName);
    await scenario.before?.(this.world);
    // Recording stays on so that the recorder's own small cost is on both sides of the ratio.
    const stop = startRecording();
    const started = performance.now();
    await replay(db(), calls).catch((error: unknown) => {
      stop();
      throw error;
    });
    const ms = performance.now() - started;
    const replayed = stop();
    if (replayed.length !== calls.length) {
      throw new Error(`${scenario.name}: the replay made ${replayed.length} calls, the request ${calls.length}`);
    }
    await scenario.after?.(this.world, replayed);
    return { ms, calls: replayed };
  }
}

/** AUTH_CACHE_TTL_MS for the next requests (lib/config.ts reads it lazily); the cache starts empty. */
export function setAuthCacheTtl(ttlMs: number): void {
  process.env.AUTH_CACHE_TTL_MS = String(ttlMs);
  clearAuthCache();
  // A cold request also finds no rate-limit lease (lib/db/rate-limit.ts) left by an earlier request.
  forgetBucketMemory();
}
