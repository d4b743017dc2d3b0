/**
 * The import tests' tools: a fresh store of their own (an empty table whose ids nothing else takes, so a source's
 * product 12 must be product 12 here), the admin command run as a person runs it (a child process, the store's
 * environment), its summary table and report read back, and the comparison of a CS-Cart double's records with this
 * API's answers for the same ids.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import Big from 'big.js';
import { inject } from 'vitest';
import { repoRoot } from '../../scripts/lib/repo.js';
import { adminCommand } from '../support/admin-command.js';
import { COLLECTIONS } from '../support/cscart-store/collections.js';
import type { EntityName } from '../support/cscart-store/generate.js';
import type { CsCartStore } from '../support/cscart-store/server.js';
import type { CsRow } from '../support/cscart-store/shapes.js';
import { basicAuthorization } from '../support/lambda-event.js';
import type { TestStore } from '../support/server-pools.js';
import { testStore } from '../support/store.js';
import { storeFetch, storeUrl } from '../support/store-fetch.js';
import { switchToTableOfItsOwn } from '../support/table-of-its-own.js';

export interface FreshStore {
  store: TestStore;
  stop: () => Promise<void>;
}

/**
 * A store of this file alone: an empty table of its own on the pool's DynamoDB Local, as `npm start` makes one (the
 * table, then the run's administrator), which this worker's lib/ (the in-process gateway's handlers) reads until
 * stop(). The admin command reaches it through storeEnv. A store process with serverless offline of its own cost a
 * minute of bundling every function on a loaded machine; the handlers are the same in-process.
 */
export async function startFreshStore(name: string): Promise<FreshStore> {
  const own = await switchToTableOfItsOwn(name, { bootstrapped: true });
  return {
    store: { baseUrl: '', dynamoEndpoint: testStore().dynamoEndpoint, tableName: own.tableName },
    stop: own.stop,
  };
}

/** The environment that points the admin command at a store's table (as cliEnv does for the pool's store). */
export function storeEnv(store: TestStore, tableName = store.tableName): NodeJS.ProcessEnv {
  return {
    ...process.env,
    AWS_ENDPOINT_URL_DYNAMODB: store.dynamoEndpoint,
    TABLE_NAME: tableName,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
  };
}

export interface AdminRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run admin -- <args>` as a child (test/support/admin-command.ts); `started` sees the child (to interrupt it). */
export function runAdmin(
  args: string[],
  env: NodeJS.ProcessEnv,
  started?: (child: ChildProcess) => void,
): Promise<AdminRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(...adminCommand(args), {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    started?.(child);
  });
}

/** `import --from <double> --email --key` against a store's table. */
export function importFrom(source: CsCartStore, env: NodeJS.ProcessEnv, more: string[] = []): Promise<AdminRun> {
  return runAdmin(['import', '--from', source.url, '--email', source.email, '--key', source.key, ...more], env);
}

export interface SummaryRow {
  read: number;
  written: number;
  unchanged: number;
  refused: number;
}

/** The summary table (entity, read, written, unchanged, refused) by entity, `total` included. */
export function summaryOf(stdout: string): Map<string, SummaryRow> {
  const rows = new Map<string, SummaryRow>();
  const lines = stdout.split('\n');
  const header = lines.findIndex((line) => /^entity\s+read\s+written\s+unchanged\s+refused\s*$/.test(line));
  if (header < 0) throw new Error(`no summary table in:\n${stdout}`);
  for (const line of lines.slice(header + 1)) {
    const cells = /^(\w+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*$/.exec(line);
    if (!cells) break;
    rows.set(cells[1]!, {
      read: Number(cells[2]),
      written: Number(cells[3]),
      unchanged: Number(cells[4]),
      refused: Number(cells[5]),
    });
  }
  return rows;
}

export interface ReportEntry {
  entity: string;
  source_id: unknown;
  reason: string;
  local_id?: number;
}

/** The JSON-lines report whose path the run printed (`report: <path>`). */
export function reportOf(stdout: string): ReportEntry[] {
  const path = /^report: (.+)$/m.exec(stdout)?.[1];
  if (!path) throw new Error(`the run printed no report path:\n${stdout}`);
  return readFileSync(path.trim(), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ReportEntry);
}

/** A request to a store's API as its bootstrap administrator; the status and the parsed body. */
async function requestJson(
  store: TestStore,
  method: string,
  path: string,
  body?: object,
): Promise<{ status: number; json: any }> {
  // A store without serverless offline is this worker's own, reached through the in-process gateway.
  const response = await storeFetch(`${store.baseUrl || storeUrl()}${path}`, {
    method,
    headers: {
      authorization: basicAuthorization(inject('adminEmail'), inject('adminKey')),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : undefined };
}

export const getJson = (store: TestStore, path: string) => requestJson(store, 'GET', path);
export const postJson = (store: TestStore, path: string, body: object) => requestJson(store, 'POST', path, body);

/** Two values the same for a person: numbers (`"30.00"`, `30`, `"30"`) by decimal value, the rest as text. */
export function sameValue(source: unknown, ours: unknown): boolean {
  const numeric = (value: unknown) =>
    (typeof value === 'number' || (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value))) && String(value) !== '';
  if (numeric(source) && numeric(ours)) return new Big(String(source)).eq(new Big(String(ours)));
  return String(source ?? '') === String(ours ?? '');
}

/** The fields a store owner would check of each entity (the source's stored names). */
export const COMPARED: Record<string, readonly string[]> = {
  usergroups: ['usergroup', 'type', 'status'],
  stores: ['company', 'status', 'email', 'storefront'],
  users: ['email', 'user_type', 'status', 'firstname', 'lastname', 'phone'],
  // A category's description and a product's descriptions: only the source's single record shows them.
  categories: ['category', 'parent_id', 'status', 'position', 'company_id', 'description'],
  features: ['description', 'feature_type', 'status', 'purpose'],
  options: ['option_name', 'option_type', 'product_id', 'status'],
  products: ['product', 'product_code', 'price', 'list_price', 'amount', 'status', 'company_id', 'full_description'],
  taxes: ['tax', 'status', 'address_type', 'regnumber'],
  shippings: ['shipping', 'status', 'delivery_time'],
  payments: ['payment', 'status', 'payment_category'],
  pages: ['page', 'page_type', 'status', 'parent_id'],
  orders: ['total', 'status', 'user_id', 'timestamp', 'email', 'shipping_cost', 'payment_id'],
  shipments: ['order_id', 'tracking_number', 'carrier', 'shipping_id', 'status'],
  discussions: ['message', 'name', 'rating_value', 'object_id', 'object_type', 'status'],
  call_requests: ['name', 'phone', 'status', 'time_from', 'time_to'],
};

/** Where `GET /<entity>/<id>` of this API differs from the source's record of that id (empty when it does not). */
export function differencesFrom(entity: string, source: CsRow, ours: CsRow | undefined): string[] {
  if (!ours) return [`${entity} ${JSON.stringify(source).slice(0, 60)}: absent here`];
  const found = (COMPARED[entity] ?? [])
    .filter((field) => !sameValue(source[field], ours[field]))
    .map((field) => `${field}: source ${JSON.stringify(source[field])}, here ${JSON.stringify(ours[field])}`);
  if (entity === 'products') {
    const categories = (value: unknown) => ((value ?? []) as unknown[]).map(String).sort().join(',');
    if (categories(source.category_ids) !== categories(ours.category_ids))
      found.push(`category_ids: source ${categories(source.category_ids)}, here ${categories(ours.category_ids)}`);
    const variants = (value: unknown) =>
      Object.entries((value ?? {}) as Record<string, CsRow>)
        .filter(([, feature]) => feature.variant_id !== '0' && feature.variant_id !== 0)
        .map(([id, feature]) => `${id}=${feature.variant_id}`)
        .sort()
        .join(',');
    // The quantity and usergroup prices (single record only), by their values.
    const tiers = (value: unknown) =>
      ((value ?? []) as CsRow[])
        .map((row) => `${row.lower_limit}/${row.usergroup_id}@${new Big(String(row.price)).toFixed(2)}`)
        .sort()
        .join(',');
    if (tiers(source.prices) !== tiers(ours.prices))
      found.push(`prices: source ${tiers(source.prices)}, here ${tiers(ours.prices)}`);
    if (variants(source.product_features) !== variants(ours.product_features))
      found.push(
        `product_features: source ${variants(source.product_features)}, here ${variants(ours.product_features)}`,
      );
  }
  if (entity === 'orders') {
    const lines = (value: unknown) =>
      Object.values((value ?? {}) as Record<string, CsRow>)
        .map((line) => `${line.product_id}x${line.amount}@${new Big(String(line.price)).toFixed(2)}`)
        .sort()
        .join(',');
    if (lines(source.products) !== lines(ours.products))
      found.push(`products: source ${lines(source.products)}, here ${lines(ours.products)}`);
  }
  return found.map((difference) => `${entity} ${source[idFieldOf(entity)]}: ${difference}`);
}

const idFieldOf = (entity: string) => COLLECTIONS[entity as EntityName]?.idField ?? `${entity}_id`;
