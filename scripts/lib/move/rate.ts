import { setTimeout as sleep } from 'node:timers/promises';
import type { StoredEntityDefinition } from '../../../lib/entities/types.js';
import type { MovedEntity } from './plan.js';

/**
 * The write units one record of an entity costs, roughly (for --rate): its item and each index item, written in a
 * transaction (2 units per item of up to 1 KB). Bespoke entities (users, usergroups) write about as many.
 */
export function unitsPerRecord(entity: MovedEntity): number {
  const storage = (entity.def as Partial<StoredEntityDefinition>).storage;
  return 2 * (1 + (storage?.indexes?.length ?? 4));
}

/**
 * Bounds the write units a second (`--rate`, SPEC §12): a token bucket of one second's worth; a write waits until
 * its units are there. Without a rate, nothing waits.
 */
export class RateLimiter {
  private tokens: number;
  private last = Date.now();

  constructor(
    private readonly perSecond: number | undefined,
    private readonly wait: (ms: number) => Promise<unknown> = (ms) => sleep(ms),
  ) {
    this.tokens = perSecond ?? 0;
  }

  async take(units: number): Promise<void> {
    if (this.perSecond === undefined) return;
    for (;;) {
      const now = Date.now();
      this.tokens = Math.min(this.perSecond, this.tokens + ((now - this.last) / 1000) * this.perSecond);
      this.last = now;
      if (this.tokens >= Math.min(units, this.perSecond)) {
        this.tokens -= units;
        return;
      }
      await this.wait(Math.ceil(((Math.min(units, this.perSecond) - this.tokens) / this.perSecond) * 1000));
    }
  }
}
