import { inBatches } from '../../../lib/in-batches.js';
import { callLocal, messageOf } from './local-api.js';
import { listPath, type MovedEntity } from './plan.js';
import { type PagePosition, type Source, type SourcePage, walkPages } from './source.js';
import type { SourceRow } from './wire.js';

/** Single GETs side by side while exporting a page. */
const PARALLEL_GETS = 16;

/**
 * This store, read in-process through its own operations: what `export` writes out. A list row shows fewer fields
 * than the single object (an order's lines), so each row is replaced by what `GET /<entity>/<id>` answers.
 */
export class LocalSource implements Source {
  readonly name = 'this store';

  async *pages(entity: MovedEntity, after?: PagePosition): AsyncIterable<SourcePage> {
    const pages = walkPages(
      entity,
      async (query) => {
        const { path, query: sent } = listPath(entity, query);
        const answer = entity.perUser
          ? await callLocal('users.usergroups', 'list', { path: `/api/${path}` })
          : await callLocal(entity.name, 'list', { query: sent });
        return answer.status === 200 ? { body: answer.json } : { error: messageOf(answer), status: answer.status };
      },
      after,
    );
    for await (const page of pages)
      yield { ...page, rows: entity.perUser ? page.rows : await singles(entity, page.rows) };
  }
}

async function singles(entity: MovedEntity, rows: SourceRow[]): Promise<SourceRow[]> {
  const out = [...rows];
  await inBatches(
    rows.map((row, i) => [row, i] as const),
    PARALLEL_GETS,
    async ([row, i]) => {
      const answer = await callLocal(entity.name, 'get', { id: String(row[entity.idField]) });
      if (answer.status === 200 && answer.json !== null && typeof answer.json === 'object')
        out[i] = answer.json as SourceRow;
    },
  );
  return out;
}
