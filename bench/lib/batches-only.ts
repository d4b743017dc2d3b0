/**
 * `npm run bench -- --batches`: only the batch figures (bench/lib/batches.ts) — DynamoDB Local in memory, the
 * endpoint world with 100 products, the two batches and their 100 single requests — in about a minute.
 */
import { LOCAL_TABLE_NAME } from '../../scripts/lib/local-env.js';
import { startDatabase } from './services.js';

export async function batchesOnly(say: (line: string) => void): Promise<void> {
  say('Starting DynamoDB Local (in memory)...');
  const database = await startDatabase([LOCAL_TABLE_NAME]);
  // Imported only now, as run.ts does: whatever lib/ creates at module scope sees DynamoDB Local.
  const { db } = await import('../../lib/db/client.js');
  const { createWorld, useTable } = await import('./world.js');
  const { installRecorder } = await import('./round-trips.js');
  const { measureBatches } = await import('./batches.js');
  useTable(LOCAL_TABLE_NAME);
  const world = await createWorld(8, 100);
  installRecorder(db());
  await measureBatches(world, LOCAL_TABLE_NAME, say);
  await database.stop();
}
