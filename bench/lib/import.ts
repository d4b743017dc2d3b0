/**
 * The import row (SPEC §12): a CS-Cart 4.20 store on this machine (the tests' double, test/support/cscart-store/:
 * BENCH_IMPORT_PRODUCTS products, default 10,000, with their customers, orders, categories, features, options, …)
 * imported by the import engine itself (scripts/lib/move/) into an empty table of DynamoDB Local, as
 * `npm run admin -- import --from <url>` runs it. Measured: records written a second, the write and read units per
 * record as AWS would bill them (the meter, bench/lib/meter.ts and lib/db/billed-units.ts), and what 100,000 records cost
 * to import into a deployed stage — DynamoDB only: the command talks to DynamoDB directly, no Lambda or API Gateway.
 * No figure is judged: the row is there to be read and compared between runs.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { PRICES } from './cost.js';
import { round } from './stats.js';

export const IMPORT_TABLE = 'store-api-bench-import';
const DEFAULT_PRODUCTS = 10_000;

/** BENCH_IMPORT_PRODUCTS (a quick run: e.g. 500), else 10,000. */
export function importSize(env: NodeJS.ProcessEnv = process.env): number {
  const asked = env.BENCH_IMPORT_PRODUCTS;
  if (asked === undefined || asked === '') return DEFAULT_PRODUCTS;
  const size = Number(asked);
  if (!Number.isInteger(size) || size < 20)
    throw new Error(`BENCH_IMPORT_PRODUCTS must be a whole number of at least 20 (got ${asked})`);
  return size;
}

export interface ImportFigures {
  products: number;
  /** Records the source held that were read, and written here. */
  read: number;
  written: number;
  refused: number;
  seconds: number;
  recordsPerSecond: number;
  writeUnitsPerRecord: number;
  readUnitsPerRecord: number;
  /** USD to import 100,000 records into a deployed stage (DynamoDB on-demand request units). */
  costPer100kRecords: { writes: number; reads: number; total: number };
  byEntity: { entity: string; read: number; written: number; refused: number }[];
  /** The first reason the report gives per entity that refused records (the source generates none on purpose). */
  refusals: Record<string, string>;
}

/** The first reason per entity in the run's JSON-lines report. */
function firstReasons(reportFile: string): Record<string, string> {
  const reasons: Record<string, string> = {};
  if (!existsSync(reportFile)) return reasons;
  for (const line of readFileSync(reportFile, 'utf8').split('\n').filter(Boolean)) {
    const entry = JSON.parse(line) as { entity: string; reason: string };
    reasons[entry.entity] ??= entry.reason;
  }
  return reasons;
}

/** Runs one import of `products` products (and what comes with them) and meters it. DynamoDB Local must be up. */
export async function measureImport(products: number, say: (line: string) => void): Promise<ImportFigures> {
  const { ensureTable } = await import('../../lib/db/setup.js');
  const { db } = await import('../../lib/db/client.js');
  const { installMeter, startMetering } = await import('./meter.js');
  const { useTable } = await import('./world.js');
  const { runImport } = await import('../../scripts/lib/move/engine.js');
  const { CsCartSource } = await import('../../scripts/lib/move/cscart-source.js');
  const { startCsCartStore } = await import('../../test/support/cscart-store/server.js');

  const admin = new DynamoDBClient({});
  await ensureTable(admin, IMPORT_TABLE);
  admin.destroy();
  useTable(IMPORT_TABLE);
  installMeter(db());
  const source = await startCsCartStore({ products });
  const folder = mkdtempSync(join(tmpdir(), 'bench-import-'));
  say(`  source: ${products.toLocaleString('en-US')} products at ${source.url}`);
  const stop = startMetering();
  const started = performance.now();
  try {
    const result = await runImport({
      source: new CsCartSource(source.url, { email: source.email, key: source.key }),
      target: 'bench',
      checkpointFile: join(folder, 'checkpoint.json'),
      reportFile: join(folder, 'report.jsonl'),
      resume: false,
      // The engine's plain progress lines (one a page, one an entity), indented under the bench's: a 10,000-product
      // run takes minutes, and shows where it is.
      out: {
        isTTY: false,
        write: (text: string) => {
          for (const line of text.split('\n')) if (line.trim() !== '') say(`    ${line}`);
          return true;
        },
      },
    });
    const seconds = (performance.now() - started) / 1000;
    const calls = stop();
    const writeUnits = calls.reduce((sum, call) => sum + call.write, 0);
    const readUnits = calls.reduce((sum, call) => sum + call.read, 0);
    const read = result.counts.reduce((sum, row) => sum + row.read, 0);
    const written = result.counts.reduce((sum, row) => sum + row.written, 0);
    const perRecord = (units: number) => (written === 0 ? 0 : units / written);
    const writes = (perRecord(writeUnits) * 100_000 * PRICES.dynamoDbPerMillionWriteUnits) / 1e6;
    const reads = (perRecord(readUnits) * 100_000 * PRICES.dynamoDbPerMillionReadUnits) / 1e6;
    return {
      products,
      read,
      written,
      refused: result.refused,
      seconds: round(seconds, 1),
      recordsPerSecond: round(written / seconds, 1),
      writeUnitsPerRecord: round(perRecord(writeUnits), 2),
      readUnitsPerRecord: round(perRecord(readUnits), 2),
      costPer100kRecords: { writes: round(writes, 4), reads: round(reads, 4), total: round(writes + reads, 4) },
      byEntity: result.counts.map(({ entity, read, written, refused }) => ({ entity, read, written, refused })),
      refusals: firstReasons(join(folder, 'report.jsonl')),
    };
  } finally {
    stop();
    await source.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The row as the bench prints it. */
export function importReport(figures: ImportFigures): string[] {
  const entities = figures.byEntity
    .filter((row) => row.read > 0)
    .map((row) => `${row.entity} ${row.written}${row.refused ? ` (${row.refused} refused)` : ''}`)
    .join(', ');
  return [
    `Import of a CS-Cart store (${figures.products.toLocaleString('en-US')} products with their customers and orders, from a source on this machine):`,
    `  ${figures.written.toLocaleString('en-US')} records written of ${figures.read.toLocaleString('en-US')} read in ${figures.seconds} s: ${figures.recordsPerSecond} records/s`,
    `  ${figures.writeUnitsPerRecord} write units and ${figures.readUnitsPerRecord} read units per record`,
    `  deployed, 100,000 records cost $${figures.costPer100kRecords.total} in DynamoDB request units ($${figures.costPer100kRecords.writes} writes, $${figures.costPer100kRecords.reads} reads; the command writes to DynamoDB directly: no Lambda, no API Gateway)`,
    `  written: ${entities}`,
    ...Object.entries(figures.refusals).map(([entity, reason]) => `  refused ${entity}, first reason: ${reason}`),
  ];
}
