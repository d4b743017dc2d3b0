/**
 * `npm run bench -- --round-trips`: only the round trips and sequential steps of every in-process request (the
 * endpoint rows and every entity's GET of one object and list), with their budgets — DynamoDB Local in memory, the
 * endpoint world with 100 products, no timing — in a minute or two instead of the whole run.
 */
import { LOCAL_TABLE_NAME } from '../../scripts/lib/local-env.js';
import { type BudgetCheck, roundTripChecks } from './budgets.js';
import { startDatabase } from './services.js';

export async function roundTripsOnly(say: (line: string) => void): Promise<void> {
  say('Starting DynamoDB Local (in memory)...');
  const database = await startDatabase([LOCAL_TABLE_NAME]);
  // Imported only now, as run.ts does: whatever lib/ creates at module scope sees DynamoDB Local.
  const { db } = await import('../../lib/db/client.js');
  const { createWorld, useTable } = await import('./world.js');
  const { installRecorder } = await import('./round-trips.js');
  const { measureRoundTrips } = await import('./endpoints.js');
  const { Invoker } = await import('./in-process.js');
  const { SCENARIOS } = await import('./scenarios.js');
  const { entityScenarios } = await import('./entity-rows.js');
  useTable(LOCAL_TABLE_NAME);
  const world = await createWorld(8, 100, true);
  installRecorder(db());
  const invoker = new Invoker(world, LOCAL_TABLE_NAME);
  const figures = [];
  for (const scenario of [...SCENARIOS, ...entityScenarios(SCENARIOS)]) {
    const nonRoot = await measureRoundTrips(invoker, scenario, world.staff);
    const root = await measureRoundTrips(invoker, scenario, world.root);
    say(
      `  ${scenario.name}: ${nonRoot.cold} round trips in ${nonRoot.steps} steps (root ${root.cold} in ${root.steps}): ${nonRoot.calls}`,
    );
    figures.push({ scenario, nonRoot });
  }
  await database.stop();
  const checks = roundTripChecks(figures);
  const over = checks.filter((check) => check.status === 'OVER');
  say('');
  say(`Budgets: ${checks.length - over.length} of ${checks.length} PASS${over.length > 0 ? '; OVER:' : ''}`);
  for (const check of over) say(`  ${describeOver(check)}`);
}

const describeOver = (check: BudgetCheck) => `OVER  ${check.budget}: ${check.figure} > ${check.limit}`;
