/**
 * `npm run bench -- --cost`: the cost table of docs/deploy.md, measured per API kind (bench/lib/shopper-cost.ts):
 * the ERP-sync mix's and the shopper mix's requests, each run in-process through its handler as a REST (1.0) and
 * as an HTTP API (2.0) event in alternating pairs, DynamoDB Local in memory, the endpoint world with 100 products —
 * a few minutes instead of the whole run.
 */
import { LOCAL_TABLE_NAME } from '../../scripts/lib/local-env.js';
import { ERP_SYNC_MIX } from './cost.js';
import type { Run } from './in-process.js';
import type { Scenario } from './scenarios.js';
import { startDatabase } from './services.js';
import { CDN_HIT_RATIO, mixTable, type PayloadFigures, priceMix, SHOPPER_MIX } from './shopper-cost.js';
import { median, round } from './stats.js';
import type { Caller } from './world.js';

const PLAN = { warmupPairs: 5, minPairs: 40, maxPairs: 200, minMeasuredMs: 2_000 };

export async function costOnly(say: (line: string) => void): Promise<void> {
  say('Starting DynamoDB Local (in memory)...');
  const database = await startDatabase([LOCAL_TABLE_NAME]);
  try {
    // Imported only now, as run.ts does: whatever lib/ creates at module scope sees DynamoDB Local.
    const { db } = await import('../../lib/db/client.js');
    const { createWorld, useTable } = await import('./world.js');
    const { installRecorder } = await import('./round-trips.js');
    const { measureRoundTrips } = await import('./endpoints.js');
    const { Invoker, samplePairs, setAuthCacheTtl } = await import('./in-process.js');
    const { SCENARIOS } = await import('./scenarios.js');
    const { SHOPPER_SCENARIOS } = await import('./shopper-scenarios.js');
    const { createShoppers } = await import('./shoppers.js');
    useTable(LOCAL_TABLE_NAME);
    const world = await createWorld(8, 100, true);
    const shoppers = await createShoppers();
    installRecorder(db());
    const invoker = new Invoker(world, LOCAL_TABLE_NAME);

    /** Units as deployed (warm, auth cache on), then 1.0 and 2.0 in alternating pairs, every request authenticating. */
    const measure = async (scenario: Scenario, caller: Caller, cacheable: boolean): Promise<PayloadFigures> => {
      const { units } = await measureRoundTrips(invoker, scenario, caller);
      setAuthCacheTtl(0);
      let last: Run | undefined;
      // Which payload runs first alternates, so drifts (JIT, GC, a neighbour's load) hit both alike.
      const { firstMs, secondMs } = await samplePairs(PLAN, async (i) => {
        const send = (payload: 'v1' | 'v2') => invoker.request(scenario, caller, payload);
        const [v1, v2] = i % 2 === 0 ? [await send('v1'), await send('v2')] : [undefined, await send('v2')];
        last = v2;
        return [v1 ?? (await send('v1')), v2] as const;
      });
      const figures: PayloadFigures = {
        scenario: scenario.name,
        readUnits: units.read,
        writeUnits: units.write,
        restMs: round(median(firstMs), 3),
        httpMs: round(median(secondMs), 3),
        requestBytes: last?.bytes?.request ?? 0,
        responseBytes: last?.bytes?.response ?? 0,
        cacheable,
      };
      say(
        `  ${scenario.name} (${caller.label}): ${figures.readUnits} RU, ${figures.writeUnits} WU, ` +
          `${figures.restMs} ms REST / ${figures.httpMs} ms HTTP, ${figures.requestBytes} + ${figures.responseBytes} bytes`,
      );
      return figures;
    };

    const figures: PayloadFigures[] = [];
    for (const { scenario: name } of ERP_SYNC_MIX) {
      const scenario = SCENARIOS.find((s) => s.name === name);
      if (!scenario) throw new Error(`no bench scenario "${name}"`);
      figures.push(await measure(scenario, world.staff, false));
    }
    for (const shopper of SHOPPER_SCENARIOS)
      figures.push(await measure(shopper.scenario, shopper.caller(shoppers), shopper.cacheable));

    say('');
    for (const line of mixTable('ERP-sync mix (bench/lib/cost.ts):', priceMix(ERP_SYNC_MIX, figures))) say(line);
    say('');
    const shopperTitle = 'Shopper mix (bench/lib/shopper-cost.ts; checkout measured as POST /api/orders, 5 lines):';
    for (const line of mixTable(shopperTitle, priceMix(SHOPPER_MIX, figures, CDN_HIT_RATIO))) say(line);
  } finally {
    await database.stop();
  }
}
