/**
 * `npm run bench -- --mcp`: only the MCP rows (bench/lib/mcp-cost.ts) — DynamoDB Local in memory, the endpoint world
 * with 100 products, each tool call next to the REST request it runs — in about a minute.
 */
import { LOCAL_TABLE_NAME } from '../../scripts/lib/local-env.js';
import { startDatabase } from './services.js';

export async function mcpOnly(say: (line: string) => void): Promise<void> {
  say('Starting DynamoDB Local (in memory)...');
  const database = await startDatabase([LOCAL_TABLE_NAME]);
  // Imported only now, as run.ts does: whatever lib/ creates at module scope sees DynamoDB Local.
  const { db } = await import('../../lib/db/client.js');
  const { createWorld, useTable } = await import('./world.js');
  const { installRecorder } = await import('./round-trips.js');
  const { measureMcpCost } = await import('./mcp-cost.js');
  useTable(LOCAL_TABLE_NAME);
  const world = await createWorld(8, 100);
  installRecorder(db());
  await measureMcpCost(world, LOCAL_TABLE_NAME, say);
  await database.stop();
}
