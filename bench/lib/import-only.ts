/**
 * `npm run bench -- --import`: only the import row (bench/lib/import.ts) — DynamoDB Local in memory, a CS-Cart
 * store of BENCH_IMPORT_PRODUCTS products (default 10,000) on this machine, one import — in a few minutes.
 */
import { IMPORT_TABLE, importReport, importSize, measureImport } from './import.js';
import { startDatabase } from './services.js';

export async function importOnly(say: (line: string) => void): Promise<void> {
  const products = importSize();
  say('Starting DynamoDB Local (in memory)...');
  const database = await startDatabase([IMPORT_TABLE]);
  try {
    say(`Importing a CS-Cart store of ${products.toLocaleString('en-US')} products...`);
    const figures = await measureImport(products, say);
    say('');
    for (const line of importReport(figures)) say(line);
  } finally {
    await database.stop();
  }
}
