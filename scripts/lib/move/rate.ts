import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Bounds the write units a second (`--rate`, SPEC §12): a token bucket of one second's worth, charged with what
 * each write really cost (write-meter.ts) after it; a record waits while the bucket is spent. Without a rate,
 * nothing waits.
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

  get limited(): boolean {
    return this.perSecond !== undefined;
  }

  private refill(): void {
    if (this.perSecond === undefined) return;
    const now = Date.now();
    this.tokens = Math.min(this.perSecond, this.tokens + ((now - this.last) / 1000) * this.perSecond);
    this.last = now;
  }

  /** Units a write used (they may take the bucket below zero: the next record waits them off). */
  charge(units: number): void {
    if (this.perSecond === undefined) return;
    this.refill();
    this.tokens -= units;
  }

  /** Waits until the bucket holds something again. */
  async take(): Promise<void> {
    if (this.perSecond === undefined) return;
    for (;;) {
      this.refill();
      if (this.tokens > 0) return;
      await this.wait(Math.max(1, Math.ceil(((1 - this.tokens) / this.perSecond) * 1000)));
    }
  }
}
