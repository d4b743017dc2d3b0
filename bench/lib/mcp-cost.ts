/**
 * What an MCP tool call costs next to its REST request (docs/performance.md "MCP tool calls"): each tool call and the
 * REST request it runs, in-process through their functions' whole middy stacks as the world's root administrator,
 * side by side — DynamoDB calls and read/write units (DynamoDB's own ConsumedCapacity; writes as AWS bills them).
 * A tool call runs its REST operation's handler in-process (lib/mcp/rest-call.ts), so beyond the REST request it adds
 * only the MCP request's own admission (authentication and the rate-limit token, which the REST request pays too).
 */
import type { LambdaHandler } from '../../lib/stack/api-handler.js';
import { lambdaContext, proxyEvent } from './events.js';
import { type RecordedCall, recordCapacity, startRecording } from './round-trips.js';
import { round } from './stats.js';
import { useTable, type World } from './world.js';

export interface McpCostRow {
  name: string;
  rest: { calls: number; read: number; write: number };
  mcp: { calls: number; read: number; write: number };
}

interface Invocation {
  status: number;
  body: string;
  calls: RecordedCall[];
}

async function invoke(handler: LambdaHandler, name: string, event: ReturnType<typeof proxyEvent>): Promise<Invocation> {
  const stop = startRecording();
  try {
    const response = await handler(event, lambdaContext(name));
    return { status: response.statusCode, body: response.body, calls: stop() };
  } catch (error) {
    stop();
    throw error;
  }
}

const figures = (run: Invocation) => ({
  calls: run.calls.length,
  read: round(
    run.calls.reduce((sum, call) => sum + (call.consumed?.read ?? 0), 0),
    2,
  ),
  write: round(
    run.calls.reduce((sum, call) => sum + (call.consumed?.write ?? 0), 0),
    2,
  ),
});

function expectOk(run: Invocation, what: string): void {
  const toolError = run.body.includes('"isError":true');
  if (run.status >= 300 || toolError) throw new Error(`${what}: ${run.status} ${run.body.slice(0, 300)}`);
}

/** The rows, on the endpoint world's table as its root administrator (world.catalog's first products). */
export async function measureMcpCost(
  world: World,
  tableName: string,
  say: (line: string) => void,
): Promise<McpCostRow[]> {
  useTable(tableName);
  const load = async (file: string) => ((await import(file)) as { handler: LambdaHandler }).handler;
  const [mcp, get, list, update] = await Promise.all([
    load('../../functions/mcp/handler.js'),
    load('../../functions/products/get.js'),
    load('../../functions/products/list.js'),
    load('../../functions/products/update.js'),
  ]);
  const authorization = world.root.authorization;
  const product = world.catalog.productIds[0]!;
  const tool = (name: string, args: Record<string, unknown>) =>
    invoke(
      mcp,
      'mcp',
      proxyEvent({
        method: 'POST',
        path: '/mcp',
        resource: '/mcp',
        body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } },
        authorization,
      }),
    );
  const rest = (
    handler: LambdaHandler,
    name: string,
    method: 'GET' | 'PUT',
    path: string,
    resource: string,
    extra: { body?: unknown; query?: Record<string, string> } = {},
  ) => invoke(handler, name, proxyEvent({ method, path, resource, ...extra, authorization }));

  const pairs: Array<{ name: string; rest: () => Promise<Invocation>; mcp: () => Promise<Invocation> }> = [
    {
      name: 'products_get  vs GET /api/2.0/products/:id',
      rest: () => rest(get, 'products-get', 'GET', `/api/2.0/products/${product}`, '/api/2.0/products/{id}'),
      mcp: () => tool('products_get', { product_id: product }),
    },
    {
      name: 'products_list vs GET /api/2.0/products?items_per_page=10',
      rest: () =>
        rest(list, 'products-list', 'GET', '/api/2.0/products', '/api/2.0/products', {
          query: { items_per_page: '10' },
        }),
      mcp: () => tool('products_list', { items_per_page: 10 }),
    },
    {
      name: 'update_product_price_stock vs PUT /api/2.0/products/:id',
      rest: () =>
        rest(update, 'products-update', 'PUT', `/api/2.0/products/${product}`, '/api/2.0/products/{id}', {
          body: { price: '12.34', amount: 40 },
        }),
      mcp: () => tool('update_product_price_stock', { product_id: product, price: '12.35', amount: 41 }),
    },
  ];
  // Warm-up (module init, connections, the auth cache), not counted.
  for (const pair of pairs) {
    expectOk(await pair.rest(), `warm-up ${pair.name}`);
    expectOk(await pair.mcp(), `warm-up ${pair.name}`);
  }
  recordCapacity(true);
  try {
    const rows: McpCostRow[] = [];
    for (const pair of pairs) {
      // A write in the same second as the one before keeps its `updated_timestamp` sort item (fewer write units):
      // each measured call starts in a second of its own, so both sides pay for the same items.
      await nextSecond();
      const restRun = await pair.rest();
      expectOk(restRun, pair.name);
      await nextSecond();
      const mcpRun = await pair.mcp();
      expectOk(mcpRun, pair.name);
      rows.push({ name: pair.name, rest: figures(restRun), mcp: figures(mcpRun) });
    }
    for (const line of mcpCostReport(rows)) say(line);
    return rows;
  } finally {
    recordCapacity(false);
  }
}

const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 20));

export function mcpCostReport(rows: readonly McpCostRow[]): string[] {
  return [
    'MCP tool calls next to their REST requests, in-process, warm (DynamoDB calls, RRU + WRU per call):',
    ...rows.map(
      (row) =>
        `  ${row.name}: REST ${row.rest.calls} calls, ${row.rest.read} RRU + ${row.rest.write} WRU; ` +
        `MCP ${row.mcp.calls} calls, ${row.mcp.read} RRU + ${row.mcp.write} WRU`,
    ),
  ];
}
