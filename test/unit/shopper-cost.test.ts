import { describe, expect, it } from 'vitest';
import { ERP_SYNC_MIX, PRICES } from '../../bench/lib/cost.js';
import {
  HTTP_API_METERING_BYTES,
  meteredHttpApiRequests,
  requestBytes,
  responseBytes,
} from '../../bench/lib/http-api-bytes.js';
import {
  CLOUDFRONT_PRICES,
  type PayloadFigures,
  priceMix,
  priceRequest,
  SHOPPER_MIX,
} from '../../bench/lib/shopper-cost.js';
import { proxyEvent } from '../support/lambda-event.js';

/** The cost table per API kind and the shopper mix (bench/lib/shopper-cost.ts, `npm run bench -- --cost`). */
const figure = (scenario: string, fields: Partial<PayloadFigures> = {}): PayloadFigures => ({
  scenario,
  readUnits: 2,
  writeUnits: 0.2,
  restMs: 9.2,
  httpMs: 9.6,
  requestBytes: 300,
  responseBytes: 1_700,
  cacheable: false,
  ...fields,
});

describe('what an HTTP API request is metered by (bench/lib/http-api-bytes.ts)', () => {
  it('counts the request line, headers and body of the request and of the answer', () => {
    const event = proxyEvent('POST', '/api/usergroups', { body: { usergroup: 'é' }, headers: { 'X-A': 'b' } });
    const bytes = requestBytes(event);
    expect(bytes).toBeGreaterThan(
      Buffer.byteLength('POST /api/usergroups HTTP/1.1\r\nX-A: b\r\n\r\n{"usergroup":"é"}'),
    );
    expect(responseBytes({ statusCode: 200, headers: { A: 'b' }, body: 'ü' })).toBe(
      Buffer.byteLength('HTTP/1.1 200\r\nA: b\r\n\r\nü'),
    );
    expect(responseBytes({ statusCode: 200, cookies: ['s=1'], body: '' })).toBe(
      Buffer.byteLength('HTTP/1.1 200\r\nSet-Cookie: s=1\r\n\r\n'),
    );
  });

  it('bills one request per started 512 KB, at least one', () => {
    expect(meteredHttpApiRequests(0)).toBe(1);
    expect(meteredHttpApiRequests(HTTP_API_METERING_BYTES)).toBe(1);
    expect(meteredHttpApiRequests(HTTP_API_METERING_BYTES + 1)).toBe(2);
  });
});

describe('a request priced on a REST and an HTTP API, and behind CloudFront (bench/lib/shopper-cost.ts)', () => {
  it('prices each API kind with its own measured milliseconds and the HTTP API by metered size', () => {
    const priced = priceRequest(figure('x', { responseBytes: 600_000 }), { share: 1, role: 'r' }, 512);
    const lambda = (ms: number) =>
      (ms / 1000) * 0.5 * PRICES.lambdaArmPerGbSecond * 1e6 + PRICES.lambdaPerMillionRequests;
    const dynamoDb = 2 * PRICES.dynamoDbPerMillionReadUnits + 0.2 * PRICES.dynamoDbPerMillionWriteUnits;
    expect(priced.rest.total).toBeCloseTo(PRICES.restApiPerMillionRequests + lambda(10) + dynamoDb, 4);
    // 600,300 bytes: two started 512 KB, so two HTTP API requests.
    expect(priced.http.meteredRequests).toBe(2);
    expect(priced.http.total).toBeCloseTo(2 * PRICES.httpApiPerMillionRequests + lambda(10) + dynamoDb, 4);
    expect(priced.cloudFront).toBeCloseTo(
      CLOUDFRONT_PRICES.httpsPerMillionRequests + ((600_000 * 1e6) / 2 ** 30) * CLOUDFRONT_PRICES.transferOutPerGb,
      4,
    );
  });

  it('weights a mix; behind CloudFront only the cacheable requests skip the origin, on hits', () => {
    const figures = SHOPPER_MIX.map((m, i) => figure(m.scenario, { cacheable: i < 3 }));
    const plain = priceMix(SHOPPER_MIX, figures, undefined, 512);
    expect(SHOPPER_MIX.reduce((s, m) => s + m.share, 0)).toBeCloseTo(1, 10);
    expect(plain.cdn).toBeUndefined();
    const one = plain.requests[0]!;
    expect(plain.rest).toBeCloseTo(one.rest.total, 3);
    const cached = priceMix(SHOPPER_MIX, figures, 0.8, 512);
    expect(cached.cdn!.cacheableShare).toBeCloseTo(0.85, 4);
    expect(cached.cdn!.http).toBeCloseTo(one.cloudFront + (1 - 0.85 * 0.8) * one.http.total, 3);
    const never = priceMix(SHOPPER_MIX, figures, 0, 512);
    expect(never.cdn!.rest).toBeCloseTo(one.cloudFront + one.rest.total, 3);
    // Without CloudFront the answers still leave AWS: API Gateway's transfer out, counted on that side.
    expect(one.apiTransferOut).toBeCloseTo(((1_700 * 1e6) / 2 ** 30) * CLOUDFRONT_PRICES.apiGatewayTransferOutPerGb, 4);
    expect(cached.cdn!.direct.http).toBeCloseTo(one.apiTransferOut + one.http.total, 3);
  });

  it('refuses a mix whose request was not measured', () => {
    expect(() => priceMix(ERP_SYNC_MIX, [figure('GET /api/products/:id')], undefined, 512)).toThrow(
      /GET \/api\/products"/,
    );
  });
});
