import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { round } from './stats.js';

/** How long one stage of a bench run took, and the 1-minute load average as it ended (the machine may be shared). */
export interface StageTime {
  name: string;
  seconds: number;
  loadAverage: number;
}

export const stageLine = (stage: StageTime): string =>
  `${stage.name}: ${stage.seconds} s (load average ${stage.loadAverage})`;

/** Times a run's stages one after another: `done(name)` ends the stage under way, says its line and starts the next. */
export function stageTimer(say: (line: string) => void): { done(name: string): void; stages: StageTime[] } {
  const stages: StageTime[] = [];
  let started = performance.now();
  return {
    stages,
    done(name) {
      const now = performance.now();
      const stage = { name, seconds: Math.round((now - started) / 1000), loadAverage: round(loadavg()[0]!, 1) };
      stages.push(stage);
      say(`  (${stageLine(stage)})`);
      started = now;
    },
  };
}
