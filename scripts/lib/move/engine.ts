import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { db } from '../../../lib/db/client.js';
import { raiseCounter } from '../../../lib/db/counters.js';
import { defaultTableContext } from '../../../lib/db/table-context.js';
import { inBatches } from '../../../lib/in-batches.js';
import { type Checkpoint, readCheckpoint, writeCheckpoint } from './checkpoint.js';
import { knownProducts, knownUsers, type Outcome } from './history.js';
import { type MovedEntity, mayHaveOptions, movedEntities, withParentQueries } from './plan.js';
import { type EntityCounts, Progress } from './progress.js';
import { RateLimiter } from './rate.js';
import { IdMap } from './remap.js';
import { type Source, SourceError, type SourcePage, withDetails } from './source.js';
import type { SourceRow } from './wire.js';
import { meterWrites } from './write-meter.js';
import { type Known, type ReportLine, Writer } from './writer.js';

/** Records written side by side: as a batch request of the API writes its items (lib/operations/batch.ts). */
export const WRITE_PARALLEL = 16;

/** How often the records an entity refused are tried again after its walk (a child category read before its parent). */
const RETRY_PASSES = 5;

export interface ImportOptions {
  source: Source;
  /** Names the target store in the checkpoint (the stage, or `local`). */
  target: string;
  checkpointFile: string;
  reportFile: string;
  resume: boolean;
  /** Only records changed at or after this Unix time (entities that record one; the others in full). */
  since?: number;
  /** Write units a second. */
  rate?: number;
  out: { isTTY?: boolean; write(text: string): unknown };
  /** Only these entities (tests); every moved entity otherwise. */
  entities?: MovedEntity[];
}

export interface ImportResult {
  counts: EntityCounts[];
  /** Records refused by this run and, resumed, by the run it continued. */
  refused: number;
}

/**
 * An import (SPEC §12): every entity in dependency order, page by page from the source, written by Writer; a
 * checkpoint after every page; refused records and moved ids in the JSON-lines report; counters raised past the
 * source's ids at the end. Nothing of a refused record is written (each record is one API write).
 */
export async function runImport(options: ImportOptions): Promise<ImportResult> {
  const { source, out } = options;
  const previous = options.resume ? readCheckpoint(options.checkpointFile) : undefined;
  const resumed =
    previous && previous.source === source.name && previous.target === options.target ? previous : undefined;
  const checkpoint: Checkpoint = resumed ?? {
    source: source.name,
    target: options.target,
    done: [],
    ids: {},
    refused: 0,
    optionProducts: [],
    userIds: [],
    groups: 0,
  };
  const ids = new IdMap(checkpoint.ids);
  mkdirSync(dirname(options.reportFile), { recursive: true });
  // A resumed run's report starts with the interrupted run's lines: its refusals still stand (and exit 1).
  const earlier = resumed?.report && resumed.report !== options.reportFile ? readReport(resumed.report) : '';
  writeFileSync(options.reportFile, earlier);
  checkpoint.report = options.reportFile;
  const report = createWriteStream(options.reportFile, { flags: 'a' });
  const log = (line: ReportLine) => report.write(`${JSON.stringify(line)}\n`);
  const writer = new Writer(ids, log);
  // Each sequence's counter as far as this run has raised it: only a higher id raises it again.
  const raised = new Map<string, number>();
  const limiter = new RateLimiter(options.rate);
  // --rate counts what the writes really cost, as AWS bills them, not an estimate per record.
  const unmeter = limiter.limited ? meterWrites(db(), (units) => limiter.charge(units)) : () => undefined;
  const progress = new Progress(out);
  const counts: EntityCounts[] = [];
  const save = () => writeCheckpoint(options.checkpointFile, { ...checkpoint, ids: ids.toJSON() });
  try {
    for (const planned of options.entities ?? movedEntities()) {
      if (checkpoint.done.includes(planned.name)) continue;
      const entity = withParentQueries(planned, checkpoint.optionProducts, checkpoint.userIds);
      const row: EntityCounts = { entity: entity.name, read: 0, written: 0, unchanged: 0, refused: 0 };
      counts.push(row);
      progress.begin();
      const refusedRows: Array<{ row: SourceRow; reason: string }> = [];
      const writeOne = async (source: SourceRow, known?: Known): Promise<Outcome> => {
        await limiter.take();
        try {
          return await writer.write(entity, source, known);
        } catch (error) {
          return { kind: 'refused', reason: (error as Error).message || String(error) };
        }
      };
      // Pages are written a batch at a time: a product's options or exceptions come one short page per product, and
      // written page by page they would go one record at a time. The checkpoint follows the last page written.
      let buffered: SourcePage[] = [];
      const flush = async () => {
        const pages = buffered;
        buffered = [];
        if (pages.length === 0) return;
        const { rows, failed } = await withDetails(
          source,
          entity,
          pages.flatMap((page) => page.rows),
        );
        for (const item of failed)
          log({ entity: entity.name, source_id: item.row[entity.idField] ?? null, reason: item.reason });
        row.refused += failed.length;
        const fresh = rows.filter((source) => {
          const at = options.since === undefined ? undefined : entity.changedAt?.(source);
          return at === undefined || at >= options.since!;
        });
        row.unchanged += rows.length - fresh.length;
        const known = entity.history ? await knownOf(fresh.map((row) => ids.rewrite(row))) : undefined;
        await inBatches(fresh, WRITE_PARALLEL, async (source) => {
          const outcome = await writeOne(source, known);
          if (outcome.kind === 'refused') refusedRows.push({ row: source, reason: outcome.reason });
          else row[outcome.kind]++;
        });
        const last = pages[pages.length - 1]!;
        checkpoint.current = {
          entity: entity.name,
          position: { query: last.query, page: last.page, read: last.read },
        };
        save();
        progress.update(row, last.total);
      };
      try {
        await writer.prepare(entity);
        const after = checkpoint.current?.entity === entity.name ? checkpoint.current.position : undefined;
        for await (const page of source.pages(entity, after)) {
          row.read += page.rows.length;
          noteParents(checkpoint, entity, page.rows);
          writer.noteSourceIds(entity, page.rows);
          buffered.push(page);
          if (buffered.reduce((sum, page) => sum + page.rows.length, 0) >= WRITE_PARALLEL * 4) await flush();
        }
      } catch (error) {
        if (!(error instanceof SourceError)) throw error;
        log({ entity: entity.name, source_id: null, reason: `the source: ${error.message}` });
        row.refused++;
      }
      // What was read before the walk ended (or failed) is written all the same.
      await flush();
      // The entity's source ids are written: its counters go past them before anything here takes a new id (a
      // record whose id is held here, a default category a later product makes).
      await raiseCounters(writer.highest, raised);
      // Records refused for a reference to a record read later (a category before its parent), or waiting for a new
      // id, go in on a later pass.
      writer.newIds = true;
      let pending = refusedRows;
      for (let pass = 0; pass < RETRY_PASSES && pending.length > 0; pass++) {
        const again: typeof pending = [];
        const known = entity.history ? await knownOf(pending.map((p) => ids.rewrite(p.row))) : undefined;
        for (const item of pending) {
          const outcome = await writeOne(item.row, known);
          if (outcome.kind === 'refused') again.push({ row: item.row, reason: outcome.reason });
          else row[outcome.kind]++;
        }
        if (again.length === pending.length) break;
        pending = again;
      }
      writer.newIds = false;
      for (const item of pending)
        log({ entity: entity.name, source_id: item.row[entity.idField] ?? null, reason: item.reason });
      row.refused += pending.length;
      checkpoint.refused += row.refused;
      checkpoint.done.push(entity.name);
      checkpoint.current = undefined;
      save();
      progress.end(row);
    }
    await raiseCounters(writer.highest, raised);
  } finally {
    unmeter();
    await new Promise((resolve) => report.end(resolve));
  }
  // Finished: the next --resume starts afresh (a repeat compares and writes only what changed).
  rmSync(options.checkpointFile, { force: true });
  return { counts, refused: checkpoint.refused };
}

/** What the next walks need of this page: the products that may have options, the users (when there are groups). */
function noteParents(checkpoint: Checkpoint, entity: MovedEntity, rows: SourceRow[]): void {
  if (entity.name === 'usergroups') checkpoint.groups += rows.length;
  if (entity.name === 'products')
    for (const product of rows) if (mayHaveOptions(product)) checkpoint.optionProducts.push(Number(product.product_id));
  if (entity.name === 'users' && checkpoint.groups > 0)
    for (const user of rows) checkpoint.userIds.push(Number(user.user_id));
}

/** An earlier run's report (gone: nothing to carry). */
function readReport(file: string): string {
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
}

/**
 * Every sequence's counter (and this process's block of it) past the largest source id kept in it, where this run
 * has not raised it that far yet: `highest` holds every sequence the run has written so far, and it is raised after
 * each entity; without `raised` each raise repeated every earlier one, a conditional UpdateItem per sequence per
 * entity that mostly fails its condition and is billed all the same (about 20 sequences, 25 entities).
 */
async function raiseCounters(highest: ReadonlyMap<string, number>, raised: Map<string, number>): Promise<void> {
  for (const [sequence, id] of highest) {
    if ((raised.get(sequence) ?? 0) >= id) continue;
    await raiseCounter(sequence, id);
    defaultTableContext().idBlocks.skipIdsTo(sequence, id);
    raised.set(sequence, id);
  }
}

async function knownOf(rows: SourceRow[]): Promise<Known> {
  const [products, users] = await Promise.all([knownProducts(rows), knownUsers(rows)]);
  return { products, users };
}
