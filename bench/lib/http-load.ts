import autocannon from 'autocannon';
import type { RequestSpec } from './events.js';
import type { Scenario } from './scenarios.js';
import { round } from './stats.js';
import type { World } from './world.js';

export interface HttpFigures {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Responses other than 2xx: should be 0, else the figure measured error answers. */
  non2xx: number;
  /** Connection errors and timeouts. */
  errors: number;
}

export interface HttpPlan {
  connections: number;
  durationSeconds: number;
}

export const DEFAULT_HTTP_PLAN: HttpPlan = { connections: 4, durationSeconds: 5 };

function rawRequest(spec: RequestSpec) {
  const query = spec.query ? `?${new URLSearchParams(spec.query).toString()}` : '';
  const headers: Record<string, string> = { authorization: spec.authorization };
  if (spec.body !== undefined) headers['content-type'] = 'application/json';
  return {
    method: spec.method,
    path: `${spec.path}${query}`,
    headers,
    ...(spec.body === undefined ? {} : { body: JSON.stringify(spec.body) }),
  };
}

type Raw = ReturnType<typeof rawRequest>;

/**
 * serverless offline, like Lambda, starts one more instance of a function (a cold start: bundle load, first
 * client) whenever a request finds all its instances busy. Two rounds of `connections` concurrent requests
 * first bring up the instances the measured run will use, so its p99 is not a cold start.
 */
async function warmUp(url: string, raws: readonly Raw[], take: () => Raw, connections: number): Promise<void> {
  if (raws.length === 0) return;
  for (let round = 0; round < 2; round++) {
    await Promise.all(
      Array.from({ length: connections }, async () => {
        const raw = take();
        const response = await fetch(`${url}${raw.path}`, { method: raw.method, headers: raw.headers, body: raw.body });
        await response.arrayBuffer();
      }),
    );
  }
}

/**
 * Requests per second and latency through serverless offline (informative: offline runs every handler in a
 * worker of one Node process, on the same two cores as DynamoDB Local's JVM and this load generator).
 * The connections share one rotation over the scenario's targets, so a DELETE never hits an id twice.
 */
async function loadEndpoint(
  url: string,
  scenario: Scenario,
  world: World,
  plan: HttpPlan,
  expectedRequests: number,
): Promise<HttpFigures> {
  const specs = scenario.loadTargets
    ? await scenario.loadTargets(world, world.staff, expectedRequests)
    : [scenario.request(world, world.staff)];
  const raws = specs.map(rawRequest);
  // One rotation shared by the warm-up and every connection: a target used up (a deleted id) is never sent again.
  let next = 0;
  const take = (): Raw => ({ ...(raws[next++ % raws.length] as Raw) });
  await warmUp(url, raws, take, plan.connections);
  const result = await autocannon({
    url,
    connections: plan.connections,
    duration: plan.durationSeconds,
    timeout: 10,
    requests: [{ setupRequest: take }],
  });
  return {
    name: scenario.name,
    requestsPerSecond: round(result.requests.average, 1),
    p50Ms: round(result.latency.p50, 1),
    p99Ms: round(result.latency.p99, 1),
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

export async function loadEndpoints(
  url: string,
  scenarios: readonly Scenario[],
  world: World,
  progress: (line: string) => void,
  plan: HttpPlan = DEFAULT_HTTP_PLAN,
): Promise<HttpFigures[]> {
  const figures: HttpFigures[] = [];
  // Targets that are used up (ids to DELETE) are sized from the fastest endpoint so far, with room to spare.
  let fastest = 200;
  // In SCENARIOS order, which puts the usergroup list before the requests that add and remove groups.
  for (const scenario of scenarios) {
    const expected = Math.ceil(fastest * plan.durationSeconds * 1.5) + 2 * plan.connections + 100;
    const figure = await loadEndpoint(url, scenario, world, plan, expected);
    fastest = Math.max(fastest, figure.requestsPerSecond);
    progress(
      `  ${figure.name}: ${figure.requestsPerSecond} req/s, p50 ${figure.p50Ms} ms, p99 ${figure.p99Ms} ms, non-2xx ${figure.non2xx}`,
    );
    figures.push(figure);
  }
  return figures;
}
