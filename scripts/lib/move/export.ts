import { createWriteStream, mkdirSync } from 'node:fs';
import { entityFile } from './folder-source.js';
import { LocalSource } from './local-source.js';
import { mayHaveOptions, movedEntities, withParentQueries } from './plan.js';
import { type EntityCounts, Progress } from './progress.js';
import { SourceError } from './source.js';

/**
 * `export --to <folder>` (SPEC §12): every moved entity as `<entity>.jsonl`, one record per line as
 * `GET /<entity>/<id>` answers it, in the order an import reads them back (`import --from <folder>`).
 * An entity whose list fails is named in `problems`; the others are still written.
 */
export async function runExport(
  folder: string,
  out: { isTTY?: boolean; write(text: string): unknown },
): Promise<{ counts: EntityCounts[]; problems: string[] }> {
  mkdirSync(folder, { recursive: true });
  const source = new LocalSource();
  const progress = new Progress(out, 'export');
  const counts: EntityCounts[] = [];
  const problems: string[] = [];
  const optionProducts: number[] = [];
  const userIds: number[] = [];
  for (const planned of movedEntities()) {
    const entity = withParentQueries(planned, optionProducts, userIds);
    const row: EntityCounts = { entity: entity.name, read: 0, written: 0, unchanged: 0, refused: 0 };
    counts.push(row);
    progress.begin();
    const file = createWriteStream(entityFile(folder, entity.name));
    try {
      for await (const page of source.pages(entity)) {
        for (const record of page.rows) file.write(`${JSON.stringify(record)}\n`);
        if (entity.name === 'users') for (const user of page.rows) userIds.push(Number(user.user_id));
        if (entity.name === 'products')
          for (const product of page.rows) if (mayHaveOptions(product)) optionProducts.push(Number(product.product_id));
        row.read += page.rows.length;
        row.written += page.rows.length;
        progress.update(row, page.total);
      }
    } catch (error) {
      if (!(error instanceof SourceError)) throw error;
      problems.push(`${entity.name}: ${error.message}`);
      row.refused++;
    } finally {
      await new Promise((resolve) => file.end(resolve));
    }
    progress.end(row);
  }
  return { counts, problems };
}
