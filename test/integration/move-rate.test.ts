/**
 * `--rate N` (SPEC §12): an import bounds the DynamoDB write units it spends a second. Proven against DynamoDB Local
 * with the bench's meter (bench/lib/meter.ts: every write call's units as AWS bills them, computed from its items),
 * on a table of its own: the units metered over the run's time stay at the rate, and near it (the import spends
 * more than twice as much a second unbounded, so the bound is what set the pace).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installMeter, startMetering } from '../../bench/lib/meter.js';
import { ensureBootstrapAdmin } from '../../lib/bootstrap.js';
import { db } from '../../lib/db/client.js';
import { CsCartSource } from '../../scripts/lib/move/cscart-source.js';
import { runImport } from '../../scripts/lib/move/engine.js';
import { uid } from '../support/fixtures.js';
import { createTableOfItsOwn } from '../support/table-of-its-own.js';
import { type FakeCsCart, SOURCE_ADMIN, sourceData, startFakeCsCart } from './move-source-fixture.js';

// Below what this import spends unbounded on a busy machine (24 to 48 units a second measured at load 2 to 4, about 9
// at load 40), so a bound that is ignored breaks the ceiling below; high enough that the run takes about 35 s, not the
// 110 s it took at 4 a second over more customers.
const RATE = 8;
const sharedTable = process.env.TABLE_NAME;
const client = new DynamoDBClient({});
const dir = mkdtempSync(join(tmpdir(), 'move-rate-'));
let fake: FakeCsCart;

/** A fresh table as `npm start` makes one; one import into it, metered: its write units and seconds. */
async function meteredImport(rate: number | undefined): Promise<{ units: number; seconds: number; written: number }> {
  const tableName = `store-api-rate-${uid()}`.slice(0, 60);
  await createTableOfItsOwn(client, tableName);
  process.env.TABLE_NAME = tableName;
  await ensureBootstrapAdmin({});
  installMeter(db());
  const stop = startMetering();
  const started = performance.now();
  try {
    const result = await runImport({
      source: new CsCartSource(fake.url, SOURCE_ADMIN),
      target: `rate-${tableName}`,
      checkpointFile: join(dir, `${tableName}.json`),
      reportFile: join(dir, `${tableName}.jsonl`),
      resume: false,
      rate,
      out: { isTTY: false, write: () => true },
    });
    const seconds = (performance.now() - started) / 1000;
    const units = stop().reduce((sum, call) => sum + call.write, 0);
    return { units, seconds, written: result.counts.reduce((sum, row) => sum + row.written, 0) };
  } finally {
    stop();
    await client.send(new DeleteTableCommand({ TableName: tableName })).catch(() => undefined);
  }
}

beforeAll(async () => {
  // No customers beyond the source's administrator and its one bad user: the other entities alone spend about 275
  // units (30 a record), many times the rate, so the bound holds the run back for over half a minute.
  fake = await startFakeCsCart(sourceData(0));
}, 60_000);

afterAll(async () => {
  await fake?.close();
  process.env.TABLE_NAME = sharedTable;
  // The checkpoints and reports of its imports: nothing of the run is left in the temporary directory.
  rmSync(dir, { recursive: true, force: true });
});

describe('import --rate', () => {
  it('spends at most the rate in write units a second, metered, and runs at about it', async () => {
    const bounded = await meteredImport(RATE);
    expect(bounded.written).toBeGreaterThanOrEqual(9);
    // Enough units that the bound had to hold the run back for a while (the bucket starts with one second's worth).
    expect(bounded.units).toBeGreaterThan(RATE * 20);
    // The bucket's first second, then at most RATE a second; a little over for the writes already under way.
    expect(bounded.units, `${bounded.units} units in ${bounded.seconds} s`).toBeLessThanOrEqual(
      RATE * (bounded.seconds + 1) * 1.1,
    );
    // Held at the rate, not far below it: the bound is what set the pace.
    expect(bounded.units / bounded.seconds).toBeGreaterThan(RATE * 0.5);
  }, 600_000);
});
