/**
 * What a table context knows of its layout marker (lib/db/layout-cache.ts), over a marker held in memory: no
 * DynamoDB. The current layout is kept for good, an older one asked again after 5 s, and what this process wrote is
 * known at once — so a test that plays an older table writes the marker and resets nothing.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LAYOUT_VERSION } from '../../lib/db/layout.js';
import { layoutCache } from '../../lib/db/layout-cache.js';

/** A marker in memory and how many times it was read. */
function markerOf(version: number | undefined) {
  const marker = { version, reads: 0 };
  const read = async () => {
    marker.reads++;
    return marker.version === undefined ? undefined : { version: marker.version };
  };
  return { marker, read };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-11-29T12:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a table context layout cache', () => {
  it('reads the current layout once and never again', async () => {
    const { marker, read } = markerOf(LAYOUT_VERSION);
    const cache = layoutCache(read);
    expect(await Promise.all([cache.read(), cache.read()])).toEqual([LAYOUT_VERSION, LAYOUT_VERSION]);
    vi.setSystemTime(Date.now() + 60_000);
    expect(await cache.read()).toBe(LAYOUT_VERSION);
    expect(marker.reads).toBe(1);
  });

  it('no marker is layout 1; an older layout is asked again after 5 s, not before', async () => {
    const { marker, read } = markerOf(undefined);
    const cache = layoutCache(read);
    expect(await cache.read()).toBe(1);
    marker.version = 7;
    vi.setSystemTime(Date.now() + 4_999);
    expect(await cache.read()).toBe(1);
    vi.setSystemTime(Date.now() + 1);
    expect(await cache.read()).toBe(7);
    expect(marker.reads).toBe(2);
  });

  it('knows at once what this process wrote: a raise only goes up, a set is exact', async () => {
    const { marker, read } = markerOf(5);
    const cache = layoutCache(read);
    expect(await cache.read()).toBe(5);
    cache.note(4, 'raised');
    expect(await cache.read()).toBe(5);
    cache.note(LAYOUT_VERSION, 'raised');
    expect(await cache.read()).toBe(LAYOUT_VERSION);
    cache.note(2, 'set');
    expect(await cache.read()).toBe(2);
    expect(marker.reads).toBe(1);
  });
});
