/**
 * A CS-Cart 4.20.1 store on 127.0.0.1 for the import tests and the bench: it answers GETs as the recorded store does
 * (answers.ts), behind HTTP Basic e-mail:API key (401 with CS-Cart's realm otherwise), and misbehaves on request:
 * a page failing with 500, a 429 with Retry-After, an HTML page where JSON belongs, a dropped connection — each for a
 * given entity (and page) a given number of times. Between runs a test changes, adds or deletes records (their
 * `updated_timestamp` / `updated_at` move to the time of the change, as CS-Cart's do), which is what `--since`
 * and a repeated import are tested with. Every request is logged, so a test can see the retries.
 *
 *   const source = await startCsCartStore({ products: 40, bad: true });
 *   source.fail({ entity: 'products', page: 2, kind: '500' });
 *   // npm run admin -- import --from ${source.url} --email ${source.email} --key ${source.key}
 *   await source.close();
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answer, parseRoute, type Query } from './answers.js';
import { COLLECTIONS } from './collections.js';
import {
  type CsCartData,
  DEFAULT_ADMIN_EMAIL,
  type EntityName,
  type GenerateOptions,
  generateStore,
} from './generate.js';
import type { PastEnd } from './paging.js';
import type { CsRow } from './shapes.js';

export interface Fault {
  /** The top-level entity of the path (`products`, also for `/products/12/features`). */
  entity: string;
  /** Only this page (the query's `page`, 1 when absent); every page when absent. */
  page?: number;
  /** `500`: an HTML error page with status 500; `429`: Too Many Requests with Retry-After; `html`: status 200
   * with an HTML body; `drop`: the connection is closed without an answer. */
  kind: '500' | '429' | 'html' | 'drop';
  /** How many matching requests misbehave (default 1); Infinity for a source that never recovers. */
  times?: number;
  /** Seconds in the 429's Retry-After header (default 1). */
  retryAfter?: number;
}

export interface CsCartStoreOptions extends GenerateOptions {
  key?: string;
  /** Past the last page: `repeat` it (CS-Cart's SQL lists, the default) or answer an `empty` page. */
  pastEnd?: PastEnd;
  /** Milliseconds every answer waits (so that a test can interrupt an import mid-way). */
  delayMs?: number;
}

export interface LoggedRequest {
  method: string;
  path: string;
  query: Query;
  status: number;
}

export interface CsCartStore {
  url: string;
  email: string;
  key: string;
  data: CsCartData;
  requests: LoggedRequest[];
  /** Make requests misbehave (see Fault). */
  fail(fault: Fault): void;
  /** Change a record as an edit in CS-Cart would: the fields given, and its change time now (or `at`, unix seconds). */
  change(entity: EntityName, id: string, fields: CsRow, at?: number): void;
  /** Add a record (its id field must be set); its change time is now. */
  add(entity: EntityName, row: CsRow, at?: number): void;
  remove(entity: EntityName, id: string): void;
  setDelay(ms: number): void;
  close(): Promise<void>;
}

const HTML_ERROR =
  '<!DOCTYPE html><html><head><title>Service unavailable</title></head><body><h1>Service unavailable</h1></body></html>';
const HTML_PAGE =
  '<!DOCTYPE html><html><head><title>Maintenance</title></head><body>The store is being updated.</body></html>';

const unixNow = () => Math.floor(Date.now() / 1000);

function credentialsOf(request: IncomingMessage): string | undefined {
  const header = request.headers.authorization ?? '';
  const match = /^Basic\s+(\S+)$/i.exec(header);
  return match ? Buffer.from(match[1]!, 'base64').toString('utf8') : undefined;
}

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  response.end(status === 204 ? '' : JSON.stringify(body));
}

export async function startCsCartStore(options: CsCartStoreOptions = {}): Promise<CsCartStore> {
  const email = options.email ?? DEFAULT_ADMIN_EMAIL;
  const key = options.key ?? 'cscart-double-api-key-0123456789';
  const data = generateStore(options);
  const faults: (Fault & { left: number })[] = [];
  const requests: LoggedRequest[] = [];
  let delayMs = options.delayMs ?? 0;
  const pastEnd = options.pastEnd ?? 'repeat';

  const touch = (entity: EntityName, row: CsRow, at: number) => {
    if (entity === 'products' || entity === 'features') row.updated_timestamp = String(at);
    if (entity === 'orders') row.updated_at = String(at);
    if (entity === 'product_variations_groups') row.updated_at = at;
  };

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const query: Query = Object.fromEntries(url.searchParams);
    const log = (status: number) =>
      requests.push({ method: request.method ?? 'GET', path: url.pathname, query, status });
    const respond = () => {
      if (credentialsOf(request) !== `${email}:${key}`) {
        log(401);
        return sendJson(
          response,
          401,
          { message: 'Unauthorized', status: 401 },
          { 'WWW-Authenticate': 'Basic realm="User email/API key"' },
        );
      }
      const route = parseRoute(url.pathname);
      if (route === 'version') {
        log(200);
        return sendJson(response, 200, { Version: '2.1' });
      }
      if (!route) {
        log(404);
        const name = url.pathname.split('/').filter(Boolean).at(-1);
        return sendJson(response, 404, { message: `Not Found: The Entity ${name} not found`, status: 404 });
      }
      const page = Number(query.page ?? '1') || 1;
      const fault = faults.find(
        (f) => f.left > 0 && f.entity === route.entity && (f.page === undefined || f.page === page),
      );
      if (fault) {
        fault.left--;
        log(fault.kind === 'html' ? 200 : fault.kind === 'drop' ? 0 : Number(fault.kind));
        if (fault.kind === 'drop') return response.socket?.destroy();
        if (fault.kind === '429')
          return sendJson(
            response,
            429,
            { message: 'Too Many Requests', status: 429 },
            { 'Retry-After': String(fault.retryAfter ?? 1) },
          );
        response.writeHead(fault.kind === 'html' ? 200 : 500, { 'Content-Type': 'text/html; charset=utf-8' });
        return response.end(fault.kind === 'html' ? HTML_PAGE : HTML_ERROR);
      }
      if (request.method !== 'GET') {
        // The double is a source: reads only. A write is refused as CS-Cart refuses an unknown method.
        log(405);
        return sendJson(response, 405, { message: 'Method Not Allowed', status: 405 });
      }
      const result = answer(data, route, query, pastEnd, unixNow());
      log(result.status);
      sendJson(response, result.status, result.body);
    };
    request.resume();
    request.on('end', () => (delayMs > 0 ? setTimeout(respond, delayMs) : respond()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    email,
    key,
    data,
    requests,
    fail: (fault) => faults.push({ ...fault, left: fault.times ?? 1 }),
    change: (entity, id, fields, at = unixNow()) => {
      const row = data.tables.get(entity)?.get(id);
      if (!row) throw new Error(`the double has no ${entity} ${id}`);
      Object.assign(row, fields);
      touch(entity, row, at);
    },
    add: (entity, row, at = unixNow()) => {
      const id = row[COLLECTIONS[entity].idField];
      if (id === undefined) throw new Error(`a new ${entity} needs its ${COLLECTIONS[entity].idField}`);
      touch(entity, row, at);
      data.tables.get(entity)!.set(String(id), row);
    },
    remove: (entity, id) => {
      data.tables.get(entity)?.delete(id);
    },
    setDelay: (ms) => {
      delayMs = ms;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
