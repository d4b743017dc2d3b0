/**
 * The cost table of docs/deploy.md measured per API kind (`npm run bench -- --cost`, bench/lib/cost-only.ts): each
 * request run in-process through its real handler both as a REST API event (payload 1.0) and as an HTTP API event
 * (payload 2.0, through the adapter every function has), its Lambda milliseconds timed for each, its DynamoDB
 * units metered, its bytes counted as the HTTP API meters them. Then the ERP-sync mix and the shopper mix, and the
 * shopper mix behind CloudFront (`cdn: 'true'`) at a stated hit ratio. Prices: bench/lib/cost.ts.
 */
import { deployedMemoryMb, PRICES } from './cost.js';
import { meteredHttpApiRequests } from './http-api-bytes.js';
import { round } from './stats.js';

/**
 * CloudFront's list prices (North America/Europe, first tier; free tier not counted), and the transfer out to the
 * internet an answer costs without it (API Gateway bills data out at EC2's rate, first 10 TB; origin to CloudFront
 * is free). The mixes' totals leave transfer out, as the table above does; the CloudFront row counts it both ways.
 */
export const CLOUDFRONT_PRICES = {
  httpsPerMillionRequests: 1.0,
  transferOutPerGb: 0.085,
  apiGatewayTransferOutPerGb: 0.09,
} as const;

/** The shopper mix: a shopper's requests from browsing to a placed order. Shares add up to 1. */
export const SHOPPER_MIX = [
  { scenario: 'GET /api/4.0/sra_products (page)', share: 0.35, role: 'browse: a catalogue page' },
  { scenario: 'GET /api/4.0/sra_products?q=alpha', share: 0.15, role: 'search' },
  { scenario: 'GET /api/4.0/sra_products/:id', share: 0.35, role: 'product page' },
  { scenario: 'POST /api/4.0/sra_cart_content', share: 0.12, role: 'cart: add a product' },
  { scenario: 'POST /api/orders (5 lines)', share: 0.03, role: 'checkout: an order of 5 lines' },
] as const;

/** The share of cacheable requests CloudFront answers from its cache in the CloudFront row. */
export const CDN_HIT_RATIO = 0.8;

/** One request as measured both ways. */
export interface PayloadFigures {
  scenario: string;
  readUnits: number;
  writeUnits: number;
  /** Median in-process ms of the same request as a 1.0 and as a 2.0 event. */
  restMs: number;
  httpMs: number;
  requestBytes: number;
  responseBytes: number;
  /** A guest's catalogue GET, answered `public` (what CloudFront may keep). */
  cacheable: boolean;
}

export interface PricedRequest extends PayloadFigures {
  share: number;
  role: string;
  dynamoDb: number;
  /** USD per million requests of this kind, REST and HTTP API, all parts. */
  rest: { apiGateway: number; lambda: number; total: number };
  http: { meteredRequests: number; apiGateway: number; lambda: number; total: number };
  /** CloudFront's own price per million of these requests (request fee and the answer's transfer out). */
  cloudFront: number;
  /** The same answers' transfer out straight from API Gateway, per million. */
  apiTransferOut: number;
}

export interface PricedMix {
  requests: PricedRequest[];
  rest: number;
  http: number;
  /**
   * Per million requests of the mix through CloudFront at `hitRatio` on the cacheable ones, origin REST or HTTP,
   * and without it, both with transfer out (`direct`).
   */
  cdn?: {
    hitRatio: number;
    cacheableShare: number;
    rest: number;
    http: number;
    direct: { rest: number; http: number };
  };
}

const lambdaPerMillion = (ms: number, memoryMb: number) =>
  (Math.ceil(ms) / 1000) * (memoryMb / 1024) * PRICES.lambdaArmPerGbSecond * 1e6 + PRICES.lambdaPerMillionRequests;

export function priceRequest(
  figures: PayloadFigures,
  mixShare: { share: number; role: string },
  memoryMb = deployedMemoryMb(),
): PricedRequest {
  const dynamoDb =
    figures.readUnits * PRICES.dynamoDbPerMillionReadUnits + figures.writeUnits * PRICES.dynamoDbPerMillionWriteUnits;
  const restLambda = lambdaPerMillion(figures.restMs, memoryMb);
  const httpLambda = lambdaPerMillion(figures.httpMs, memoryMb);
  const meteredRequests = meteredHttpApiRequests(figures.requestBytes + figures.responseBytes);
  const httpGateway = meteredRequests * PRICES.httpApiPerMillionRequests;
  const transferGb = (figures.responseBytes * 1e6) / 2 ** 30;
  return {
    ...figures,
    ...mixShare,
    dynamoDb: round(dynamoDb, 4),
    rest: {
      apiGateway: PRICES.restApiPerMillionRequests,
      lambda: round(restLambda, 4),
      total: round(PRICES.restApiPerMillionRequests + restLambda + dynamoDb, 4),
    },
    http: {
      meteredRequests,
      apiGateway: httpGateway,
      lambda: round(httpLambda, 4),
      total: round(httpGateway + httpLambda + dynamoDb, 4),
    },
    cloudFront: round(CLOUDFRONT_PRICES.httpsPerMillionRequests + transferGb * CLOUDFRONT_PRICES.transferOutPerGb, 4),
    apiTransferOut: round(transferGb * CLOUDFRONT_PRICES.apiGatewayTransferOutPerGb, 4),
  };
}

/**
 * A mix's price per million requests. With `hitRatio`, also through CloudFront: every request pays CloudFront's
 * request fee and transfer; the cacheable ones reach the origin only on a miss (a stale entry's revalidation is
 * counted as a whole origin request: the function runs and reads for a 304 too), the rest always.
 */
export function priceMix(
  mix: readonly { scenario: string; share: number; role: string }[],
  figures: readonly PayloadFigures[],
  hitRatio?: number,
  memoryMb = deployedMemoryMb(),
): PricedMix {
  const requests = mix.map((entry) => {
    const found = figures.find((f) => f.scenario === entry.scenario);
    if (!found) throw new Error(`the mix needs the measured request "${entry.scenario}"`);
    return priceRequest(found, entry, memoryMb);
  });
  const weighted = (pick: (r: PricedRequest) => number) =>
    round(
      requests.reduce((s, r) => s + r.share * pick(r), 0),
      4,
    );
  const origin = (r: PricedRequest) => (r.cacheable && hitRatio !== undefined ? 1 - hitRatio : 1);
  return {
    requests,
    rest: weighted((r) => r.rest.total),
    http: weighted((r) => r.http.total),
    ...(hitRatio === undefined
      ? {}
      : {
          cdn: {
            hitRatio,
            cacheableShare: weighted((r) => (r.cacheable ? 1 : 0)),
            rest: weighted((r) => r.cloudFront + origin(r) * r.rest.total),
            http: weighted((r) => r.cloudFront + origin(r) * r.http.total),
            direct: {
              rest: weighted((r) => r.apiTransferOut + r.rest.total),
              http: weighted((r) => r.apiTransferOut + r.http.total),
            },
          },
        }),
  };
}

const usd = (n: number) => `$${n.toFixed(2)}`;

/** The table docs/deploy.md "What a request costs" copies, one mix. */
export function mixTable(title: string, priced: PricedMix): string[] {
  return [
    title,
    '',
    '| share | request | read units | write units | bytes (req + answer) | ms REST / HTTP | DynamoDB | REST total | HTTP API (metered ×) | HTTP total |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...priced.requests.map(
      (r) =>
        `| ${Math.round(r.share * 100)} % | \`${r.scenario}\` (${r.role}) | ${r.readUnits} | ${r.writeUnits} | ` +
        `${r.requestBytes} + ${r.responseBytes} | ${Math.ceil(r.restMs)} / ${Math.ceil(r.httpMs)} | ${usd(r.dynamoDb)} | ` +
        `${usd(r.rest.total)} | ${usd(r.http.apiGateway)} (${r.http.meteredRequests}) | ${usd(r.http.total)} |`,
    ),
    '',
    `Per million requests of the mix: REST API ${usd(priced.rest)}, HTTP API ${usd(priced.http)}.`,
    ...(priced.cdn
      ? [
          `Through CloudFront (cdn: 'true'), ${Math.round(priced.cdn.hitRatio * 100)} % of the cacheable ` +
            `${Math.round(priced.cdn.cacheableShare * 100)} % answered from its cache: ${usd(priced.cdn.rest)} on REST, ` +
            `${usd(priced.cdn.http)} on HTTP (CloudFront $${CLOUDFRONT_PRICES.httpsPerMillionRequests}/M HTTPS requests, ` +
            `$${CLOUDFRONT_PRICES.transferOutPerGb}/GB out; free tier not counted); without it, with API Gateway's ` +
            `transfer out ($${CLOUDFRONT_PRICES.apiGatewayTransferOutPerGb}/GB): ${usd(priced.cdn.direct.rest)} on REST, ` +
            `${usd(priced.cdn.direct.http)} on HTTP.`,
        ]
      : []),
  ];
}
