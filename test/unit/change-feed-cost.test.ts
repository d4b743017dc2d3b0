import { describe, expect, it } from 'vitest';
import { type ChangeFeedFigures, changeFeedReport, deliveryWriteUnits } from '../../bench/lib/change-feed.js';
import { PRICES_AS_OF } from '../../bench/lib/cost.js';

const latency = (median: number) => ({ median, p99: median * 2, max: median * 3 });
const cost = (total: number) => ({ writesUsd: total - 1, storageUsd: 0.75, lambdaUsd: 0.25, totalUsd: total });

describe('the change feed bench (bench/lib/change-feed.ts)', () => {
  it('counts a delivery that gets through at once: the delivery, its marker, claim, outcome, last success', () => {
    // 3 KB delivery, a marker under 1 KB: 3 + 1 + 3 + 3 + 1.
    expect(deliveryWriteUnits(3_000, 200)).toBe(11);
    // One byte over 4 KB makes every write of the delivery a unit dearer.
    expect(deliveryWriteUnits(4_097, 200)).toBe(5 + 1 + 5 + 5 + 1);
  });

  it('reports commit → stored and commit → delivered, burst and trickle, and the cost per subscription with the prices date', () => {
    const figures: ChangeFeedFigures = {
      writes: 400,
      commitToStoredMs: latency(600),
      commitToDeliveredMs: latency(900),
      paced: { writes: 100, perSecond: 10, commitToStoredMs: latency(80), commitToDeliveredMs: latency(115) },
      meanBatch: 33,
      earlierEvents: 0,
      consumerMsPerEvent: 5.2,
      webhookMsPerDelivery: 13.8,
      meanFeedItemBytes: 2_888,
      meanDeliveryItemBytes: 3_055,
      meanDeliveryMarkerBytes: 150,
      writeUnitsPerDelivery: 15,
      pricesAsOf: PRICES_AS_OF,
      costPerMillionWrites: cost(5.8),
      webhookCostPerMillionWrites: cost(10.27),
    };
    const text = changeFeedReport(figures).join('\n');
    expect(text).toContain('commit → event stored: median 600 ms, p99 1200 ms, max 1800 ms');
    expect(text).toContain(
      'commit → webhook delivered (receiver on 127.0.0.1, one subscription to products.*, first attempt): median 900 ms, p99 1800 ms, max 2700 ms',
    );
    expect(text).toContain('commit → delivered median 115 ms, p99 230 ms');
    expect(text).toContain(`prices as of ${PRICES_AS_OF}`);
    expect(text).toContain('(15 write units');
    expect(text).toMatch(/= \$10\.27$/m);
  });
});
