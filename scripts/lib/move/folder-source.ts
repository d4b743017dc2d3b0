import { createReadStream, existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { MovedEntity } from './plan.js';
import { ITEMS_PER_PAGE, type PagePosition, type Source, SourceError, type SourcePage } from './source.js';
import type { SourceRow } from './wire.js';

/** The file of an entity in an export folder (lib/move/export.ts writes it). */
export const entityFile = (folder: string, entity: string) => join(folder, `${entity}.jsonl`);

/**
 * An export folder: one `<entity>.jsonl` per entity, a record (as GET answered it) per line, read in pages of
 * ITEMS_PER_PAGE so a resumed run starts where it stopped. A missing file is an entity with no records; a line
 * that is not a JSON object is reported as refused by the engine (an empty row carries no id).
 */
export class FolderSource implements Source {
  readonly name: string;

  constructor(private readonly folder: string) {
    this.name = folder;
  }

  async *pages(entity: MovedEntity, after?: PagePosition): AsyncIterable<SourcePage> {
    const file = entityFile(this.folder, entity.name);
    if (!existsSync(file)) return;
    let rows: SourceRow[] = [];
    let page = 1;
    const start = after?.query === 0 ? after.page : 0;
    try {
      for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
        if (line.trim() === '') continue;
        rows.push(parseLine(line));
        if (rows.length < ITEMS_PER_PAGE) continue;
        if (page > start) yield { rows, query: 0, page, read: page * ITEMS_PER_PAGE };
        rows = [];
        page++;
      }
    } catch (error) {
      throw new SourceError(entity.name, `${file}: ${(error as Error).message}`);
    }
    if (rows.length > 0 && page > start)
      yield { rows, query: 0, page, read: (page - 1) * ITEMS_PER_PAGE + rows.length };
  }
}

function parseLine(line: string): SourceRow {
  try {
    const value: unknown = JSON.parse(line);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as SourceRow) : {};
  } catch {
    return {};
  }
}
