/**
 * What a million requests cost, from the bench's own measurements: per endpoint, the DynamoDB read and write
 * request units of the warm request as deployed (bench/lib/endpoints.ts: read units as DynamoDB reported them,
 * write units computed from item sizes as AWS bills them, lib/db/billed-units.ts),
 * the Lambda duration (median in-process request, billed per started ms at the deployed memory size) and the
 * API Gateway request. Weighted by an ERP-sync mix; docs/deploy.md "What a request costs" reads the result.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../../scripts/lib/repo.js';
import type { EndpointFigures } from './endpoints.js';
import { round } from './stats.js';

/**
 * AWS's public on-demand list prices, us-east-1, USD, as published on the services' pricing pages on PRICES_AS_OF
 * (first tier of each; DynamoDB on-demand after its November 2024 reduction). Change them here only.
 */
export const PRICES_AS_OF = '2025-06-01';
export const PRICES = {
  lambdaArmPerGbSecond: 0.0000133334,
  lambdaPerMillionRequests: 0.2,
  restApiPerMillionRequests: 3.5,
  httpApiPerMillionRequests: 1.0,
  dynamoDbPerMillionReadUnits: 0.125,
  dynamoDbPerMillionWriteUnits: 0.625,
  /** Standard table class, per GB-month stored. */
  dynamoDbPerGbMonth: 0.25,
} as const;

/** The ERP-sync mix: an ERP polling and pushing stock, prices and orders. Shares add up to 1. */
export const ERP_SYNC_MIX = [
  { scenario: 'GET /api/products/:id', share: 0.6, role: 'GET of one object' },
  { scenario: 'GET /api/products', share: 0.25, role: 'list page' },
  { scenario: 'PUT /api/usergroups/:id', share: 0.1, role: 'PUT' },
  { scenario: 'POST /api/orders (5 lines)', share: 0.05, role: 'POST /orders' },
] as const;

/** provider.memorySize of serverless.yml: what every function is deployed with. */
export function deployedMemoryMb(): number {
  const found = /^\s+memorySize:\s*(\d+)/m.exec(readFileSync(join(repoRoot, 'serverless.yml'), 'utf8'));
  if (!found) throw new Error('serverless.yml has no provider.memorySize');
  return Number(found[1]);
}

export interface RequestCost {
  scenario: string;
  role: string;
  share: number;
  readUnits: number;
  writeUnits: number;
  rateLimitWriteUnits: number;
  /** Billed Lambda ms: the measured median, rounded up to the next ms as Lambda bills. */
  billedMs: number;
  /** USD per million requests of this kind, by part. */
  perMillion: { apiGateway: number; lambda: number; dynamoDb: number; total: number };
}

export interface MixCost {
  memoryMb: number;
  pricesAsOf: string;
  requests: RequestCost[];
  /** USD per million requests of the mix, REST API (v1, deployed) and HTTP API (v2). */
  perMillion: {
    apiGateway: number;
    lambda: number;
    dynamoDb: number;
    rateLimitWrites: number;
    total: number;
    totalHttpApi: number;
  };
  /** The API Gateway REST price alone: no request costs less. */
  floorPerMillion: number;
  rateLimitShare: number;
  httpApiSaving: number;
}

export function mixCost(endpoints: readonly EndpointFigures[], memoryMb = deployedMemoryMb()): MixCost {
  const gb = memoryMb / 1024;
  const requests = ERP_SYNC_MIX.map(({ scenario, share, role }): RequestCost => {
    const figures = endpoints.find((e) => e.scenario.name === scenario);
    if (!figures) throw new Error(`the cost mix needs the bench scenario "${scenario}"`);
    const { read, write, rateLimitWrite } = figures.nonRoot.units;
    const billedMs = Math.ceil(figures.overhead.requestMedianMs);
    const lambda = (billedMs / 1000) * gb * PRICES.lambdaArmPerGbSecond * 1e6 + PRICES.lambdaPerMillionRequests;
    const dynamoDb = read * PRICES.dynamoDbPerMillionReadUnits + write * PRICES.dynamoDbPerMillionWriteUnits;
    const apiGateway = PRICES.restApiPerMillionRequests;
    return {
      scenario,
      role,
      share,
      readUnits: read,
      writeUnits: write,
      rateLimitWriteUnits: rateLimitWrite,
      billedMs,
      perMillion: {
        apiGateway,
        lambda: round(lambda, 4),
        dynamoDb: round(dynamoDb, 4),
        total: round(apiGateway + lambda + dynamoDb, 4),
      },
    };
  });
  const weighted = (pick: (r: RequestCost) => number) => requests.reduce((sum, r) => sum + r.share * pick(r), 0);
  const total = weighted((r) => r.perMillion.total);
  const rateLimitWrites = weighted((r) => r.rateLimitWriteUnits * PRICES.dynamoDbPerMillionWriteUnits);
  const httpApiSaving = PRICES.restApiPerMillionRequests - PRICES.httpApiPerMillionRequests;
  return {
    memoryMb,
    pricesAsOf: PRICES_AS_OF,
    requests,
    perMillion: {
      apiGateway: round(
        weighted((r) => r.perMillion.apiGateway),
        4,
      ),
      lambda: round(
        weighted((r) => r.perMillion.lambda),
        4,
      ),
      dynamoDb: round(
        weighted((r) => r.perMillion.dynamoDb),
        4,
      ),
      rateLimitWrites: round(rateLimitWrites, 4),
      total: round(total, 4),
      totalHttpApi: round(total - httpApiSaving, 4),
    },
    floorPerMillion: PRICES.restApiPerMillionRequests,
    rateLimitShare: round(rateLimitWrites / total, 4),
    httpApiSaving,
  };
}

const usd = (n: number) => `$${n.toFixed(2)}`;
const pct = (n: number) => `${(n * 100).toFixed(1)} %`;

/** The cost section of the human report. */
export function costReport(cost: MixCost): string[] {
  const lines = [
    `Cost per million requests (AWS us-east-1 list prices as of ${cost.pricesAsOf}, bench/lib/cost.ts): Lambda arm64 ` +
      `$${PRICES.lambdaArmPerGbSecond}/GB-s + $${PRICES.lambdaPerMillionRequests}/M requests at ${cost.memoryMb} MB, billed ms = the`,
    `median in-process request above rounded up; DynamoDB on-demand $${PRICES.dynamoDbPerMillionReadUnits}/M read units, ` +
      `$${PRICES.dynamoDbPerMillionWriteUnits}/M write units, for the warm request (non-root, auth cache on): read units as DynamoDB Local`,
    `reported them, write units computed from item sizes as AWS bills them (lib/db/billed-units.ts: a transaction 2 per started KB of`,
    `each item, an index write 1 per KB); API Gateway REST API $${PRICES.restApiPerMillionRequests}/M (HTTP API $${PRICES.httpApiPerMillionRequests}/M). CloudWatch Logs ingestion is not counted.`,
    '',
    '| request | share | read units | write units (rate limit) | billed ms | API Gateway | Lambda | DynamoDB | total /M |',
    '|---|---|---|---|---|---|---|---|---|',
    ...cost.requests.map(
      (r) =>
        `| \`${r.scenario}\` (${r.role}) | ${pct(r.share)} | ${r.readUnits} | ${r.writeUnits} (${r.rateLimitWriteUnits}) | ${r.billedMs} | ` +
        `${usd(r.perMillion.apiGateway)} | ${usd(r.perMillion.lambda)} | ${usd(r.perMillion.dynamoDb)} | ${usd(r.perMillion.total)} |`,
    ),
    '',
    `ERP-sync mix: ${usd(cost.perMillion.total)} per million requests on the REST API (API Gateway ${usd(cost.perMillion.apiGateway)}, ` +
      `Lambda ${usd(cost.perMillion.lambda)}, DynamoDB ${usd(cost.perMillion.dynamoDb)}); floor (API Gateway REST alone) ${usd(cost.floorPerMillion)}.`,
    `Per-user rate limit's bucket writes: ${usd(cost.perMillion.rateLimitWrites)} per million, ${pct(cost.rateLimitShare)} of the total.`,
    `On an HTTP API (v2): ${usd(cost.perMillion.totalHttpApi)} per million (${usd(cost.httpApiSaving)} less, ` +
      `${pct(cost.httpApiSaving / cost.perMillion.total)}); latency not measured here (no API Gateway locally).`,
  ];
  return lines;
}
