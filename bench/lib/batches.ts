/**
 * Batches against single requests (docs/api.md "Batches and upsert"; docs/performance.md reads the figures): a
 * batch of 100 product price/stock updates and a batch of 100 product creates, each next to the same 100 items
 * sent as 100 single requests (one after another, as a sync loop without batches sends them), in-process through
 * the functions' whole middy stacks. Per kind: wall time, DynamoDB calls and read/write units per item (DynamoDB's
 * own ConsumedCapacity), and what 1,000 items cost at bench/lib/cost.ts's prices — 10 batches or 1,000 requests.
 */
import { performance } from 'node:perf_hooks';
import type { LambdaHandler } from '../../lib/stack/api-handler.js';
import { deployedMemoryMb, PRICES } from './cost.js';
import { lambdaContext, proxyEvent } from './events.js';
import { type RecordedCall, recordCapacity, startRecording } from './round-trips.js';
import { round } from './stats.js';
import { useTable, type World } from './world.js';

const ITEMS = 100;

export interface BatchSide {
  /** Wall time of the batch request, or of the 100 single requests one after another. */
  ms: number;
  requests: number;
  callsPerItem: number;
  readUnitsPerItem: number;
  writeUnitsPerItem: number;
  /** USD for 1,000 items: API Gateway (REST), Lambda (billed ms at the deployed memory) and DynamoDB. */
  costPer1000Items: number;
}

export interface BatchRow {
  name: string;
  items: number;
  batch: BatchSide;
  singles: BatchSide;
}

interface Invocation {
  status: number;
  body: string;
  ms: number;
  calls: RecordedCall[];
}

async function invoke(
  handler: LambdaHandler,
  name: string,
  method: 'POST' | 'PUT',
  path: string,
  resource: string,
  body: unknown,
  authorization: string,
): Promise<Invocation> {
  const event = proxyEvent({ method, path, resource, body, authorization });
  const stop = startRecording();
  const started = performance.now();
  const response = await handler(event, lambdaContext(name)).catch((error: unknown) => {
    stop();
    throw error;
  });
  const ms = performance.now() - started;
  return { status: response.statusCode, body: response.body, ms, calls: stop() };
}

function side(runs: readonly Invocation[], items: number): BatchSide {
  const calls = runs.flatMap((run) => run.calls);
  const read = calls.reduce((sum, call) => sum + (call.consumed?.read ?? 0), 0);
  const write = calls.reduce((sum, call) => sum + (call.consumed?.write ?? 0), 0);
  const gb = deployedMemoryMb() / 1024;
  // Lambda bills each request's duration rounded up to the ms; 1,000 items are 1000 / items × these requests.
  const lambda = runs.reduce(
    (sum, run) =>
      sum + (Math.ceil(run.ms) / 1000) * gb * PRICES.lambdaArmPerGbSecond + PRICES.lambdaPerMillionRequests / 1e6,
    0,
  );
  const apiGateway = (runs.length * PRICES.restApiPerMillionRequests) / 1e6;
  const dynamoDb = (read * PRICES.dynamoDbPerMillionReadUnits + write * PRICES.dynamoDbPerMillionWriteUnits) / 1e6;
  const scale = 1000 / items;
  return {
    ms: round(
      runs.reduce((sum, run) => sum + run.ms, 0),
      0,
    ),
    requests: runs.length,
    callsPerItem: round(calls.length / items, 2),
    readUnitsPerItem: round(read / items, 2),
    writeUnitsPerItem: round(write / items, 2),
    costPer1000Items: round((lambda + apiGateway + dynamoDb) * scale, 5),
  };
}

function expectStatus(run: Invocation, status: number, what: string): void {
  if (run.status !== status)
    throw new Error(`${what}: expected ${status}, got ${run.status} ${run.body.slice(0, 300)}`);
}

function expectItems(run: Invocation, list: string, status: number, what: string): Array<Record<string, unknown>> {
  expectStatus(run, 200, what);
  const results = (JSON.parse(run.body) as Record<string, Array<Record<string, unknown>>>)[list] ?? [];
  const wrong = results.find((result) => result.status !== status);
  if (results.length !== ITEMS || wrong) throw new Error(`${what}: an item answered ${JSON.stringify(wrong)}`);
  return results;
}

/** The two rows, measured on the endpoint world's table as its root administrator (world.catalog's store A). */
export async function measureBatches(
  world: World,
  tableName: string,
  say: (line: string) => void,
): Promise<BatchRow[]> {
  useTable(tableName);
  const load = async (file: string) => ((await import(file)) as { handler: LambdaHandler }).handler;
  const [batchHandler, createHandler, updateHandler] = await Promise.all([
    load('../../functions/products/batch.js'),
    load('../../functions/products/create.js'),
    load('../../functions/products/update.js'),
  ]);
  const auth = world.root.authorization;
  const companyId = world.catalog.storeIds[0];
  const product = (i: number, tag: string) => ({
    product: `Batch bench ${tag} ${i}`,
    product_code: `BB-${tag}-${i}`,
    price: `${(i % 50) + 1}.99`,
    amount: 100 + i,
    company_id: companyId,
  });
  const batch = (body: unknown) =>
    invoke(batchHandler, 'products-batch', 'POST', '/api/products/batch', '/api/products/batch', body, auth);
  const create = (body: unknown) =>
    invoke(createHandler, 'products-create', 'POST', '/api/products', '/api/products', body, auth);
  const update = (id: number, body: unknown) =>
    invoke(updateHandler, 'products-update', 'PUT', `/api/products/${id}`, '/api/products/{id}', body, auth);

  // Warm-up (module init, connections, the auth cache), not counted.
  expectStatus(await batch({ create: [product(0, 'warm')] }), 200, 'warm-up batch');
  expectStatus(await create(product(1, 'warm')), 201, 'warm-up create');

  recordCapacity(true);
  try {
    const batchCreate = await batch({ create: Array.from({ length: ITEMS }, (_, i) => product(i, 'batch')) });
    const batchIds = expectItems(batchCreate, 'create', 201, 'batch of 100 creates').map((result) =>
      Number(result.product_id),
    );
    const singleCreates: Invocation[] = [];
    for (let i = 0; i < ITEMS; i++) {
      const run = await create(product(i, 'single'));
      expectStatus(run, 201, 'single create');
      singleCreates.push(run);
    }
    const singleIds = singleCreates.map((run) => Number((JSON.parse(run.body) as { product_id: number }).product_id));

    const change = (i: number) => ({ price: `${(i % 40) + 2}.49`, amount: 7 + i });
    const batchUpdate = await batch({ update: batchIds.map((id, i) => ({ product_id: id, ...change(i) })) });
    expectItems(batchUpdate, 'update', 200, 'batch of 100 updates');
    const singleUpdates: Invocation[] = [];
    for (const [i, id] of singleIds.entries()) {
      const run = await update(id, change(i));
      expectStatus(run, 200, 'single update');
      singleUpdates.push(run);
    }
    const rows: BatchRow[] = [
      {
        name: 'products: 100 price/stock updates',
        items: ITEMS,
        batch: side([batchUpdate], ITEMS),
        singles: side(singleUpdates, ITEMS),
      },
      {
        name: 'products: 100 creates',
        items: ITEMS,
        batch: side([batchCreate], ITEMS),
        singles: side(singleCreates, ITEMS),
      },
    ];
    for (const line of batchReport(rows)) say(line);
    return rows;
  } finally {
    recordCapacity(false);
  }
}

/** The rows as the human report prints them. */
export function batchReport(rows: readonly BatchRow[]): string[] {
  const lines = ['Batches (POST /products/batch) next to the same 100 items as single requests, in-process:'];
  for (const row of rows) {
    for (const [label, figures] of [
      ['batch', row.batch],
      ['100 singles', row.singles],
    ] as const) {
      lines.push(
        `  ${row.name}, ${label}: ${figures.ms} ms in ${figures.requests} request(s); per item ${figures.callsPerItem} DynamoDB calls, ` +
          `${figures.readUnitsPerItem} RRU + ${figures.writeUnitsPerItem} WRU; $${figures.costPer1000Items} per 1,000 items`,
      );
    }
  }
  return lines;
}
