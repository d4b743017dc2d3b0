import { inBatches } from '../../../lib/in-batches.js';
import { afterPage } from './paging.js';
import type { MovedEntity } from './plan.js';
import { rowsOf, type SourceRow, totalOf } from './wire.js';

/** One page of an entity's records as a source answered it, and where it sits (for the checkpoint). */
export interface SourcePage {
  rows: SourceRow[];
  /** The source's total of this walk, when it announces one. */
  total?: number;
  /** Which of the entity's queries (MovedEntity.queries) and which page of it. */
  query: number;
  page: number;
  /** Rows of this query read up to and with this page. */
  read: number;
}

/** Where the position of a resumed run starts: the page after `page` of query `query`. */
export interface PagePosition {
  query: number;
  page: number;
  /** Rows of that query read up to and with that page. */
  read: number;
}

/** The port the engine reads from: a CS-Cart (or this API) over HTTP, an export folder, this store in-process. */
export interface Source {
  /** How the report and the checkpoint name it (no credentials). */
  readonly name: string;
  pages(entity: MovedEntity, after?: PagePosition): AsyncIterable<SourcePage>;
  /** One record by id (`GET /<entity>/<id>`), for the fields only its single view holds (MovedEntity.details). */
  record?(entity: MovedEntity, id: string): Promise<{ row: SourceRow } | { error: string }>;
}

/**
 * The page's rows completed with the fields only the source's single view holds (MovedEntity.details: a product's
 * descriptions and `prices`), each row lacking one read again by id. A row whose single read failed (after the
 * source's retries) is not written half: it comes back in `failed` with the reason, to be reported as refused.
 */
export async function withDetails(
  source: Source,
  entity: MovedEntity,
  rows: SourceRow[],
): Promise<{ rows: SourceRow[]; failed: Array<{ row: SourceRow; reason: string }> }> {
  const fields = entity.details;
  if (fields.length === 0 || !source.record) return { rows, failed: [] };
  const completed: Array<SourceRow | undefined> = [...rows];
  const failed: Array<{ row: SourceRow; reason: string }> = [];
  await inBatches(
    rows.map((row, i) => [row, i] as const),
    DETAIL_GETS,
    async ([row, i]) => {
      if (fields.every((field) => row[field] !== undefined)) return;
      const single = await source.record!(entity, String(row[entity.idField]));
      if ('error' in single) {
        completed[i] = undefined;
        failed.push({ row, reason: `its single record could not be read: ${single.error}` });
        return;
      }
      const added = fields
        .filter((field) => single.row[field] !== undefined)
        .map((field) => [field, single.row[field]]);
      completed[i] = { ...row, ...Object.fromEntries(added) };
    },
  );
  return { rows: completed.filter((row) => row !== undefined), failed };
}

/** Single reads side by side while a page's rows are completed (a source is asked no harder than the writes go). */
const DETAIL_GETS = 16;

/** Rows per page asked of a paged source: CS-Cart's own limit is the store's setting; this API allows 250. */
export const ITEMS_PER_PAGE = 250;

/** A collection answer, or why there is none (an error the report carries; the entity's walk ends there). */
export type PageAnswer = { body: unknown } | { error: string; status?: number };

/**
 * Walks an entity's list over paged answers: every query of the entity, page by page with ITEMS_PER_PAGE, until
 * paging.ts says stop; a page that repeats an earlier one is dropped. A failed page ends that query's walk with
 * the error thrown as SourceError, so the run reports it and goes on with the next entity. The first pages of the
 * next LOOKAHEAD queries are asked for while this one is read (a product's options and exceptions are one query per
 * product, mostly one short page each): pages still come out in order, so a checkpoint means what it says.
 */
export async function* walkPages(
  entity: MovedEntity,
  fetchPage: (query: Record<string, string>) => Promise<PageAnswer>,
  after?: PagePosition,
): AsyncIterable<SourcePage> {
  const ask = (query: number, page: number): Promise<PageAnswer> =>
    fetchPage({ ...entity.queries[query], page: String(page), items_per_page: String(ITEMS_PER_PAGE) }).catch(
      (error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }),
    );
  const firstPages = new Map<number, Promise<PageAnswer>>();
  const start = after?.query ?? 0;
  const askAhead = (from: number) => {
    for (let next = from; next < Math.min(from + LOOKAHEAD, entity.queries.length); next++)
      if (!firstPages.has(next) && !(next === after?.query)) firstPages.set(next, ask(next, 1));
  };
  for (let query = start; query < entity.queries.length; query++) {
    askAhead(query + 1);
    const seenIds = new Set<string>();
    // Resumed after page N: the rows up to it were read by the run that stopped.
    let read = query === after?.query ? after.read : 0;
    for (let page = query === after?.query ? after.page + 1 : 1; ; page++) {
      const early = page === 1 ? firstPages.get(query) : undefined;
      firstPages.delete(query);
      const answer = await (early ?? ask(query, page));
      // A product without exceptions is a 404 on CS-Cart (the recording's #278): nothing to read there.
      const perParent = entity.perUser || entity.queries[query]?.product_id !== undefined;
      if ('error' in answer && answer.status === 404 && perParent) break;
      if ('error' in answer) throw new SourceError(entity.name, answer.error);
      const listed = rowsOf(answer.body, entity.listKey);
      // A user's memberships name no user: the walk's query does.
      const userId = entity.perUser ? Number(entity.queries[query]?.user_id) : undefined;
      const rows: SourceRow[] = userId === undefined ? listed : listed.map((row) => ({ ...row, user_id: userId }));
      const total = totalOf(answer.body);
      const firstId = rows[0]?.[entity.idField];
      const repeated = firstId !== undefined && seenIds.has(String(firstId));
      for (const row of rows) seenIds.add(String(row[entity.idField]));
      if (!repeated) read += rows.length;
      const decision = afterPage({ read, total, rows: rows.length, repeated });
      if (decision === 'stop-discard') break;
      if (rows.length > 0) yield { rows, total, query, page, read };
      if (decision === 'stop') break;
    }
  }
}

/** Queries whose first page is asked for ahead of the one being read. */
const LOOKAHEAD = 16;

export class SourceError extends Error {
  constructor(
    readonly entity: string,
    message: string,
  ) {
    super(message);
  }
}
