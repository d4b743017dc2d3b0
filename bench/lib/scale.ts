import { performance } from 'node:perf_hooks';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { COUNT_SHARDS } from '../../lib/db/count-shards.js';
import { PARTITION_SHARDS, shardedBase } from '../../lib/db/partition-shards.js';
import type { LambdaHandler } from '../../lib/stack/api-handler.js';
import { lambdaContext, proxyEvent, type RequestSpec } from './events.js';
import { type MeteredCall, startMetering, unitsByKey } from './meter.js';
import { type Entity, LOOKUPS, type Lookup, WRITES, type WriteKind } from './scale-cases.js';
import type { ScaleWorld } from './scale-world.js';
import { median, round } from './stats.js';
import type { Caller } from './world.js';

/**
 * `npm run bench -- --scale[=100,10000,100000]`: a store of each size (bench/lib/scale-world.ts), every lookup
 * of bench/lib/scale-cases.ts as root and as a vendor, every write kind, metered per partition key
 * (bench/lib/meter.ts). Read units are DynamoDB's ReturnConsumedCapacity; write units are computed from item
 * sizes as AWS bills them. Ceilings: 1,000 write units and 3,000 read units per second per partition key on
 * AWS, divided by what one request puts on the key (averaged over repetitions on different objects, so a
 * sharded key counts by its share). Keys of the caller (its login, rate-limit bucket) and keys only one
 * repetition touched (the object's own) set no store-wide ceiling.
 */

export const WRITE_UNITS_PER_KEY = 1_000;
export const READ_UNITS_PER_KEY = 3_000;
const REPETITIONS = 6;
const TIMED_RUNS = 5;
const CALLER_KEY = /^(LOGIN|RATE|THROTTLE|IDEMPOTENCY)#/;

const HANDLERS: Record<string, () => Promise<{ handler: LambdaHandler }>> = {
  'products.list': () => import('../../functions/products/list.js'),
  'products.create': () => import('../../functions/products/create.js'),
  'products.update': () => import('../../functions/products/update.js'),
  'orders.list': () => import('../../functions/orders/list.js'),
  'orders.create': () => import('../../functions/orders/create.js'),
  'orders.update': () => import('../../functions/orders/update.js'),
  'users.list': () => import('../../functions/users/list.js'),
  'sra_products.list': () => import('../../functions/sra_products/list.js'),
  'users.create': () => import('../../functions/users/create.js'),
};
const loaded = new Map<string, LambdaHandler>();

async function send(key: string, spec: RequestSpec): Promise<APIGatewayProxyResult> {
  let handler = loaded.get(key);
  if (!handler) {
    handler = (await HANDLERS[key]!()).handler;
    loaded.set(key, handler);
  }
  return handler(proxyEvent(spec), lambdaContext(key.replace('.', '-')));
}

interface Metered {
  status: number;
  totalItems?: number;
  /** The objects the answer's page holds (its list's length). */
  rows?: number;
  ms: number;
  calls: MeteredCall[];
}

async function metered(key: string, spec: RequestSpec): Promise<Metered> {
  const stop = startMetering();
  const started = performance.now();
  const response = await send(key, spec).finally(() => undefined);
  const ms = performance.now() - started;
  const calls = stop();
  let totalItems: number | undefined;
  let rows: number | undefined;
  try {
    const body = JSON.parse(response.body) as Record<string, unknown> & { params?: { total_items?: unknown } };
    totalItems = body.params?.total_items === undefined ? undefined : Number(body.params.total_items);
    rows = Object.values(body).find((value): value is unknown[] => Array.isArray(value))?.length;
  } catch {
    // not JSON: leave it out
  }
  return { status: response.statusCode, totalItems, rows, ms, calls };
}

const sum = (calls: readonly MeteredCall[], pick: (c: MeteredCall) => number) => calls.reduce((s, c) => s + pick(c), 0);

export interface LookupFigure {
  entity: Entity;
  label: string;
  caller: string;
  status: number;
  totalItems?: number;
  /** The objects of the answer's page: a page that holds more at a larger size reads their records (scale-report.ts). */
  rows?: number;
  readUnits: number;
  calls: number;
  medianMs: number;
}

export interface KeyCeiling {
  key: string;
  /** Units one request puts on the key, averaged over the repetitions. */
  unitsPerRequest: number;
  /** Requests per second the key allows on AWS. */
  ceiling: number;
}

export interface WriteFigure {
  label: string;
  status: number;
  writeUnits: number;
  readUnits: number;
  calls: number;
  /** Keys more than one repetition touched (store-wide), lowest ceiling first. */
  shared: KeyCeiling[];
  /** How many keys only one repetition touched (the object's own). */
  ownKeys: number;
}

/**
 * A write shard's key folded into its logical key (`SORT#product#price~*`) and how many shards share that
 * key's units: a sharded partition (`~<n>`, lib/db/partition-shards.ts) or a count shard (lib/db/count-shards.ts).
 * A few repetitions cannot show how evenly the ids hash, so a shard counts by its share of the logical key.
 */
function logicalKey(key: string): { key: string; shards: number } {
  const base = shardedBase(key);
  if (base === undefined) return { key, shards: 1 };
  return { key: `${base}~*`, shards: key.startsWith('COUNT#') ? COUNT_SHARDS : PARTITION_SHARDS };
}

/** Store-wide keys of a set of repetitions and what each allows per second. */
export function ceilings(
  reps: ReadonlyArray<readonly MeteredCall[]>,
  kind: 'read' | 'write',
): { shared: KeyCeiling[]; ownKeys: number } {
  const perRep = reps.map((calls) => {
    const folded = new Map<string, number>();
    for (const [key, units] of unitsByKey(calls)) {
      const logical = logicalKey(key);
      folded.set(logical.key, (folded.get(logical.key) ?? 0) + units[kind] / logical.shards);
    }
    return folded;
  });
  const keys = new Set(perRep.flatMap((byKey) => [...byKey.keys()]));
  const shared: KeyCeiling[] = [];
  let ownKeys = 0;
  for (const key of keys) {
    if (CALLER_KEY.test(key)) continue;
    const touching = perRep.filter((byKey) => (byKey.get(key) ?? 0) > 0).length;
    if (touching === 0) continue;
    if (touching < 2) {
      ownKeys++;
      continue;
    }
    const units = perRep.reduce((s, byKey) => s + (byKey.get(key) ?? 0), 0) / reps.length;
    const capacity = kind === 'read' ? READ_UNITS_PER_KEY : WRITE_UNITS_PER_KEY;
    shared.push({ key, unitsPerRequest: round(units, 2), ceiling: Math.floor(capacity / units) });
  }
  return { shared: shared.sort((a, b) => a.ceiling - b.ceiling), ownKeys };
}

function listSpec(entity: Entity, query: Record<string, string>, caller: Caller): RequestSpec {
  return {
    method: 'GET',
    path: `/api/${entity}`,
    resource: `/api/${entity}`,
    query,
    authorization: caller.authorization,
    ...(caller.headers ? { headers: caller.headers } : {}),
  };
}

export async function measureLookup(world: ScaleWorld, lookup: Lookup, caller: Caller): Promise<LookupFigure> {
  const key = `${lookup.entity}.list`;
  const spec = listSpec(lookup.entity, lookup.query(world, 0), caller);
  await send(key, spec);
  const run = await metered(key, spec);
  const times: number[] = [];
  for (let i = 0; i < TIMED_RUNS; i++) {
    const started = performance.now();
    await send(key, spec);
    times.push(performance.now() - started);
  }
  return {
    entity: lookup.entity,
    label: lookup.label,
    caller: caller.label,
    status: run.status,
    totalItems: run.totalItems,
    rows: run.rows,
    readUnits: round(
      sum(run.calls, (c) => c.read),
      1,
    ),
    calls: run.calls.length,
    medianMs: round(median(times), 1),
  };
}

/** An exact-SKU lookup repeated on different SKUs: the store-wide read ceiling. */
export async function lookupCeiling(
  world: ScaleWorld,
  lookup: Lookup,
  caller: Caller,
): Promise<{ shared: KeyCeiling[]; ownKeys: number }> {
  const reps: MeteredCall[][] = [];
  for (let v = 1; v <= REPETITIONS; v++)
    reps.push((await metered(`${lookup.entity}.list`, listSpec(lookup.entity, lookup.query(world, v), caller))).calls);
  return ceilings(reps, 'read');
}

export async function measureWrite(world: ScaleWorld, write: WriteKind): Promise<WriteFigure> {
  const key = `${write.entity}.${write.method === 'POST' ? 'create' : 'update'}`;
  const runs: Metered[] = [];
  for (let rep = 0; rep < REPETITIONS; rep++) {
    const id = write.id?.(world, rep);
    const spec: RequestSpec = {
      method: write.method,
      path: `/api/${write.entity}${id === undefined ? '' : `/${id}`}`,
      resource: `/api/${write.entity}${id === undefined ? '' : '/{id}'}`,
      ...(id === undefined ? {} : { pathParameters: { id: String(id) } }),
      body: write.body(world, rep),
      authorization: world.root.authorization,
    };
    runs.push(await metered(key, spec));
  }
  const { shared, ownKeys } = ceilings(
    runs.map((r) => r.calls),
    'write',
  );
  const operation = (r: Metered) => r.calls.filter((c) => !c.keys.every((k) => CALLER_KEY.test(k.key)));
  return {
    label: write.label,
    status: runs[runs.length - 1]!.status,
    writeUnits: median(runs.map((r) => sum(operation(r), (c) => c.write))),
    readUnits: round(median(runs.map((r) => sum(operation(r), (c) => c.read))), 1),
    calls: median(runs.map((r) => r.calls.length)),
    shared,
    ownKeys,
  };
}

export interface SizeFigures {
  products: number;
  customers: number;
  orders: number;
  seedSeconds: number;
  items: number;
  lookups: LookupFigure[];
  skuCeiling: { root: { shared: KeyCeiling[]; ownKeys: number }; vendor: { shared: KeyCeiling[]; ownKeys: number } };
  writes: WriteFigure[];
}

/** Who makes a lookup: root, and the vendor where it has one; a storefront page root, a guest and a customer. */
const callersOf = (world: ScaleWorld, lookup: Lookup) =>
  lookup.storefront
    ? [world.root, world.shoppers.guest, world.shoppers.customer]
    : lookup.vendor
      ? [world.root, world.vendor]
      : [world.root];

export async function measureSize(world: ScaleWorld, say: (line: string) => void): Promise<SizeFigures> {
  const lookups: LookupFigure[] = [];
  // BENCH_SCALE_ENTITY=users (or products, orders, sra_products): only that entity's lookups, for a quicker look at one.
  const only = process.env.BENCH_SCALE_ENTITY;
  for (const lookup of LOOKUPS.filter((l) => !only || l.entity === only)) {
    for (const caller of callersOf(world, lookup)) {
      const figure = await measureLookup(world, lookup, caller);
      lookups.push(figure);
      say(
        `    ${figure.entity} ${figure.label} (${figure.caller}): ${figure.status}, ${figure.readUnits} RU, ${figure.calls} calls, ${figure.medianMs} ms, total ${figure.totalItems ?? '–'}`,
      );
    }
  }
  const sku = LOOKUPS[0]!;
  const skuCeiling = {
    root: await lookupCeiling(world, sku, world.root),
    vendor: await lookupCeiling(world, sku, world.vendor),
  };
  const writes: WriteFigure[] = [];
  for (const write of WRITES) {
    const figure = await measureWrite(world, write);
    writes.push(figure);
    const lowest = figure.shared.slice(0, 3).map((k) => `${k.key} ${k.unitsPerRequest} → ${k.ceiling}/s`);
    say(
      `    ${figure.label}: ${figure.status}, ${figure.writeUnits} WU, lowest ceilings ${lowest.join('; ') || 'none'}`,
    );
  }
  return {
    products: world.products,
    customers: world.customers.count,
    orders: world.orders.count,
    seedSeconds: world.seedSeconds,
    items: world.items,
    lookups,
    skuCeiling,
    writes,
  };
}
