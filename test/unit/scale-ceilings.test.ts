import { describe, expect, it } from 'vitest';
import type { MeteredCall } from '../../bench/lib/meter.js';
import { ceilings } from '../../bench/lib/scale.js';
import { storeWideCeiling, withinReadGrowth } from '../../bench/lib/scale-report.js';

const call = (keys: Array<[string, number]>): MeteredCall => ({
  command: 'TransactWriteItems',
  read: 0,
  write: keys.reduce((sum, [, units]) => sum + units, 0),
  keys: keys.map(([key, write]) => ({ key, read: 0, write })),
});

describe('per-key ceilings of the --scale bench (bench/lib/scale.ts)', () => {
  it('a key every repetition writes allows 1,000 units/s divided by its units per request', () => {
    const reps = [
      [
        call([
          ['COUNT#order', 16],
          ['ORDER#1', 6],
        ]),
      ],
      [
        call([
          ['COUNT#order', 16],
          ['ORDER#2', 6],
        ]),
      ],
    ];
    const { shared, ownKeys } = ceilings(reps, 'write');
    expect(shared).toEqual([{ key: 'COUNT#order', unitsPerRequest: 16, ceiling: 62 }]);
    expect(ownKeys).toBe(2);
    expect(storeWideCeiling(shared)).toBe(62);
  });
  it('a sharded key counts by its share of the requests; the caller keys set no ceiling', () => {
    const rep = (shard: number) => [
      call([
        [`COUNT#order@${shard}`, 2],
        ['RATE#root@x', 1],
      ]),
    ];
    const { shared } = ceilings([rep(0), rep(1), rep(0), rep(1)], 'write');
    expect(shared.map((k) => [k.key, k.unitsPerRequest, k.ceiling])).toEqual([
      ['COUNT#order@0', 1, 1000],
      ['COUNT#order@1', 1, 1000],
    ]);
    expect(storeWideCeiling([])).toBe(Number.POSITIVE_INFINITY);
  });
  it('write shards (`~<n>`) fold into their logical key, each shard carrying its share of the units', () => {
    const rep = (shard: number) => [
      call([
        [`SORT#product#price~${shard}`, 4],
        [`COUNT#product#all#~${shard}`, 2],
      ]),
    ];
    const { shared, ownKeys } = ceilings([rep(1), rep(5), rep(1)], 'write');
    expect(shared.map((k) => [k.key, k.unitsPerRequest, k.ceiling])).toEqual([
      ['SORT#product#price~*', 0.5, 2000],
      ['COUNT#product#all#~*', 0.25, 4000],
    ]);
    expect(ownKeys).toBe(0);
  });
  it('read units may grow to 1.5 × those of the smallest store plus 2', () => {
    expect(withinReadGrowth(4, 8)).toBe(true);
    expect(withinReadGrowth(4, 8.5)).toBe(false);
  });
  it('a page holding more objects at the larger size may read 1 unit more for each (their records), never less', () => {
    expect(withinReadGrowth(4, 18, 10)).toBe(true);
    expect(withinReadGrowth(4, 18.5, 10)).toBe(false);
    expect(withinReadGrowth(4, 8.5, -3)).toBe(false);
  });
});
