/**
 * `fetch` against the test file's store, whichever way the store is reached: over HTTP when it runs serverless
 * offline (the `http` project: test/support/test-store.ts), through the in-process gateway when it does not (the
 * `server` project: test/support/in-process-gateway.ts). Same signature and answer as fetch, so the API client
 * (http.ts), the panel client and the MCP SDK's transport use it unchanged; `storeUrl()` is what to hand them.
 */
import { invokeThroughGateway } from './in-process-gateway.js';
import { testStore } from './store.js';

/** The origin the in-process store answers at: never dialled, only read back by storeFetch. */
const IN_PROCESS_ORIGIN = 'http://in-process.invalid';

/** The store's origin: serverless offline's URL, or the in-process gateway's placeholder. */
export const storeUrl = (): string => testStore().baseUrl || IN_PROCESS_ORIGIN;

/** Statuses whose answer has no body (the Response constructor refuses one). */
const BODILESS = new Set([101, 204, 205, 304]);

export const storeFetch: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  const url = new URL(request.url);
  if (url.origin !== IN_PROCESS_ORIGIN) return fetch(request, { redirect: 'manual' });
  const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
  const answer = await invokeThroughGateway({
    method: request.method,
    target: url.pathname + url.search,
    // The Host a client sends (fetch sets it from the URL; API Gateway passes it on): the panel's forgery check
    // compares a form's Origin with it.
    headers: { host: url.host, ...Object.fromEntries(request.headers) },
    body,
  });
  return new Response(BODILESS.has(answer.status) ? null : answer.body, {
    status: answer.status,
    headers: answer.headers,
  });
};
