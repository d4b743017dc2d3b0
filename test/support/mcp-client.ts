/**
 * The official MCP TypeScript SDK's client as the MCP tests use it: connected over Streamable HTTP to the test
 * store's /mcp with a user's Basic credentials, and the checks every tool answer gets.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect } from 'vitest';
import { api, basicAuth } from './http.js';
import { storeFetch, storeUrl } from './store-fetch.js';

export type Tool = Awaited<ReturnType<Client['listTools']>>['tools'][number];
export interface ToolAnswer {
  isError?: boolean;
  content: { type: string; text: string }[];
  structuredContent?: Record<string, any>;
}

/** `api`, sent once more when a kept-alive connection was closed under it (see retryingClosedSockets). */
export const restApi: typeof api = (method, path, options) =>
  api(method, path, options).catch((error: { cause?: { code?: string } }) =>
    error.cause?.code === 'UND_ERR_SOCKET' ? api(method, path, options) : Promise.reject(error),
  );

export const clients: Client[] = [];

/**
 * fetch, sent once more when the server closed an idle kept-alive connection just as the request went out (undici's
 * UND_ERR_SOCKET before any answer: the request never reached a handler), as an HTTP client library would.
 */
const retryingClosedSockets: typeof fetch = (url, init) =>
  storeFetch(url, init).catch((error: { cause?: { code?: string } }) =>
    error.cause?.code === 'UND_ERR_SOCKET' ? storeFetch(url, init) : Promise.reject(error),
  );

export async function connect(auth: readonly [string, string]): Promise<Client> {
  const client = new Client({ name: 'store-api-tests', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${storeUrl()}/mcp`), {
    requestInit: { headers: { Authorization: basicAuth(auth[0], auth[1]) } },
    fetch: retryingClosedSockets,
  });
  await client.connect(transport);
  clients.push(client);
  return client;
}

export const call = async (client: Client, name: string, args: Record<string, unknown> = {}) =>
  (await client.callTool({ name, arguments: args })) as ToolAnswer;

export const names = (tools: Tool[]) => tools.map((tool) => tool.name);

export function expectOk(answer: ToolAnswer): Record<string, any> {
  expect(answer.isError, answer.content[0]?.text).toBeFalsy();
  expect(answer.content[0]?.type).toBe('text');
  expect(answer.content[0]?.text).not.toContain('\n');
  // A summary never names an empty id ("Created stores company_id=.").
  expect(answer.content[0]?.text).not.toMatch(/_id=(\.|undefined)/);
  return answer.structuredContent!;
}

export function expectRefused(answer: ToolAnswer, text: string | RegExp): void {
  expect(answer.isError).toBe(true);
  expect(answer.structuredContent).toBeUndefined();
  expect(answer.content[0]?.text).toMatch(text);
  expect(answer.content[0]?.text).not.toMatch(/\n\s+at /);
}
