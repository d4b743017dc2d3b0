import { describe, expect, it } from 'vitest';
import { deployedMemoryMb, ERP_SYNC_MIX, mixCost, PRICES } from '../../bench/lib/cost.js';
import type { EndpointFigures } from '../../bench/lib/endpoints.js';

/** Figures as bench/lib/endpoints.ts measures them, for the mix's four requests. */
function figures(
  name: string,
  requestMedianMs: number,
  units: { read: number; write: number; rateLimitWrite: number },
): EndpointFigures {
  const trips = { cold: 3, warm: 3, coldAuthCache: 3, warmAuthCache: 2, calls: 'GetItem', steps: 1, units };
  return {
    scenario: { name } as EndpointFigures['scenario'],
    nonRoot: trips,
    root: trips,
    overhead: { ratio: 1.1, requestMedianMs, bareMedianMs: 1, pairs: 40 },
  };
}

describe('the cost of a million requests (bench/lib/cost.ts)', () => {
  const endpoints = [
    figures('GET /api/products/:id', 4.2, { read: 1, write: 1, rateLimitWrite: 1 }),
    figures('GET /api/products', 9.6, { read: 3, write: 1, rateLimitWrite: 1 }),
    figures('PUT /api/usergroups/:id', 12.1, { read: 1.5, write: 6, rateLimitWrite: 1 }),
    figures('POST /api/orders (5 lines)', 30, { read: 5, write: 20, rateLimitWrite: 1 }),
  ];

  it('weights each request by its share of the ERP-sync mix, at the deployed memory size, billed per started ms', () => {
    const cost = mixCost(endpoints, 512);
    expect(ERP_SYNC_MIX.reduce((sum, m) => sum + m.share, 0)).toBeCloseTo(1, 10);
    const get = cost.requests[0]!;
    expect(get.billedMs).toBe(5);
    expect(get.perMillion.lambda).toBeCloseTo(
      0.005 * 0.5 * PRICES.lambdaArmPerGbSecond * 1e6 + PRICES.lambdaPerMillionRequests,
      4,
    );
    expect(get.perMillion.dynamoDb).toBeCloseTo(
      PRICES.dynamoDbPerMillionReadUnits + PRICES.dynamoDbPerMillionWriteUnits,
      4,
    );
    const byHand = cost.requests.reduce(
      (sum, r) => sum + r.share * (PRICES.restApiPerMillionRequests + r.perMillion.lambda + r.perMillion.dynamoDb),
      0,
    );
    expect(cost.perMillion.total).toBeCloseTo(byHand, 3);
    expect(cost.perMillion.total).toBeGreaterThan(cost.floorPerMillion);
    expect(cost.floorPerMillion).toBe(PRICES.restApiPerMillionRequests);
  });

  it("shows the rate limit's writes and what an HTTP API would save", () => {
    const cost = mixCost(endpoints, 512);
    expect(cost.perMillion.rateLimitWrites).toBeCloseTo(PRICES.dynamoDbPerMillionWriteUnits, 4);
    expect(cost.rateLimitShare).toBeCloseTo(cost.perMillion.rateLimitWrites / cost.perMillion.total, 3);
    expect(cost.perMillion.totalHttpApi).toBeCloseTo(
      cost.perMillion.total - (PRICES.restApiPerMillionRequests - PRICES.httpApiPerMillionRequests),
      3,
    );
  });

  it('reads the memory size from serverless.yml and refuses a mix the bench did not measure', () => {
    expect(deployedMemoryMb()).toBe(512);
    expect(() => mixCost(endpoints.slice(1), 512)).toThrow(/GET \/api\/products\/:id/);
  });
});
