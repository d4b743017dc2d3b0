import { availableParallelism, cpus, freemem, totalmem } from 'node:os';

export interface Machine {
  /** What `nproc` prints: the CPUs this process may use. */
  nproc: number;
  cpuModel: string;
  memory: string;
  node: string;
  platform: string;
}

const gib = (bytes: number) => `${(bytes / 2 ** 30).toFixed(1)} GiB`;

export function describeMachine(): Machine {
  return {
    nproc: availableParallelism(),
    cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
    memory: `${gib(totalmem())} total, ${gib(freemem())} free`,
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
  };
}
