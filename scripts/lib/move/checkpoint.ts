import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { IdMapData } from './remap.js';
import type { PagePosition } from './source.js';

/**
 * Where an interrupted import continues (`--resume`): the entities finished, the last page written of the one
 * under way, and the ids that moved. One file per source and target, rewritten (atomically) after every page.
 */
export interface Checkpoint {
  source: string;
  target: string;
  done: string[];
  current?: { entity: string; position: PagePosition };
  ids: IdMapData;
  /** Records refused so far by this run and the ones it resumed (the exit code counts them). */
  refused: number;
  /** The products read that may have options: their options and exceptions are listed per product. */
  optionProducts: number[];
  /** The users read, when the source has usergroups: their memberships are listed per user. */
  userIds: number[];
  /** Usergroups the source listed (none: no user's memberships are read). */
  groups: number;
  /** The run's report: a resumed run carries its lines into its own. */
  report?: string;
}

export function readCheckpoint(file: string): Checkpoint | undefined {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Checkpoint;
  } catch {
    return undefined;
  }
}

export function writeCheckpoint(file: string, checkpoint: Checkpoint): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(`${file}.tmp`, JSON.stringify(checkpoint));
  renameSync(`${file}.tmp`, file);
}
