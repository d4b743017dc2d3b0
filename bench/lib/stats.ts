/** Order statistics for latency samples. Medians, not means: one GC pause or a noisy neighbour must not move a figure. */

export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  // Nearest rank: always an observed value, never an interpolation between two.
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] as number;
}

export const median = (samples: readonly number[]): number => percentile(samples, 50);

/** Rounds for display and JSON; figures below a microsecond of resolution are noise. */
export function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
