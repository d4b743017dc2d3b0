import { performance } from 'node:perf_hooks';
import { DeleteTableCommand } from '@aws-sdk/client-dynamodb';
import { scriptDynamoClient } from '../../scripts/lib/local-env.js';
import { say } from './output.js';
import { startDatabase } from './services.js';

/**
 * `npm run bench -- --scale` (100 and 10,000 products) or `--scale=100,10000,100000`: the figures of
 * bench/lib/scale.ts. One DynamoDB Local in memory; each size gets a table of its own, dropped once measured.
 */
export const DEFAULT_SCALE_SIZES = [100, 10_000] as const;

export function scaleSizes(args: readonly string[]): number[] | undefined {
  const flag = args.find((arg) => arg === '--scale' || arg.startsWith('--scale='));
  if (!flag) return undefined;
  const value = flag.split('=')[1];
  if (!value) return [...DEFAULT_SCALE_SIZES];
  const sizes = value.split(',').map(Number);
  if (sizes.some((size) => !Number.isInteger(size) || size < 20))
    throw new Error(`--scale takes product counts of at least 20, e.g. --scale=100,10000,100000 (got ${value})`);
  return sizes.sort((a, b) => a - b);
}

export async function runScale(sizes: readonly number[]): Promise<void> {
  const started = performance.now();
  const elapsed = () => `${Math.round((performance.now() - started) / 1000)} s`;
  const tables = sizes.map((size) => `store-api-bench-scale-${size}`);
  say(`Starting DynamoDB Local (in memory) with ${tables.length} tables...`);
  const database = await startDatabase(tables);
  // Imported only now: whatever lib/ creates at module scope sees DynamoDB Local.
  const { db } = await import('../../lib/db/client.js');
  const { installMeter } = await import('./meter.js');
  const { useTable } = await import('./world.js');
  const { createScaleWorld } = await import('./scale-world.js');
  const { measureSize } = await import('./scale.js');
  const { scaleReport } = await import('./scale-report.js');
  installMeter(db());
  const figures = [];
  const admin = scriptDynamoClient(database.awsEnv);
  try {
    for (const [i, size] of sizes.entries()) {
      useTable(tables[i]!);
      say(`[${elapsed()}] Seeding ${size.toLocaleString('en-US')} products, customers and orders (BatchWriteItem)...`);
      const world = await createScaleWorld(tables[i]!, size, say);
      say(`  seeded in ${world.seedSeconds} s; measuring...`);
      figures.push(await measureSize(world, say));
      await admin.send(new DeleteTableCommand({ TableName: tables[i]! }));
    }
  } finally {
    admin.destroy();
    await database.stop();
  }
  for (const line of scaleReport(figures)) say(line);
  say(`(${elapsed()} in all)`);
}
