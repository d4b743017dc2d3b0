/**
 * The same request as a REST API (payload 1.0) event and as an HTTP API (payload 2.0) event, handed to the same
 * deployed handler against DynamoDB Local: the answers are the same byte for byte — status, every header (2.0's
 * `cookies` read as the Set-Cookie lines they become) and body. Entity functions, both dispatchers (the catch-all
 * and /api.php), a guest's cacheable storefront read and its 304, the errors, the panel and the docs behind a
 * named stage (whose name a 2.0 `rawPath` carries) all go through lib/http/payload-v2.ts.
 */
import type { APIGatewayProxyEvent, APIGatewayProxyResult, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler as docsPage } from '../../functions/docs/page.js';
import { handler as fallbackHandler } from '../../functions/fallback/any.js';
import { handler as phpHandler } from '../../functions/legacy/api-php.js';
import { handler as sraProductsList } from '../../functions/sra_products/list.js';
import { handler as usergroupsCreate } from '../../functions/usergroups/create.js';
import { handler as usergroupsGet } from '../../functions/usergroups/get.js';
import { handler as usergroupsList } from '../../functions/usergroups/list.js';
import { handler as usergroupsUpdate } from '../../functions/usergroups/update.js';
import { handler as versionGet } from '../../functions/version/get.js';
import { ensureStorefrontKey } from '../../lib/auth/storefront-auth.js';
import { panelHandler } from '../../lib/panel/lambda.js';
import { lambdaContext } from '../support/lambda-event.js';
import { v2Twin } from '../support/lambda-event-v2.js';
import { event, invoke } from './hostile-support.js';

beforeAll(() => {
  process.env.LOG_LEVEL = 'warn';
});

interface Wire {
  status: number;
  headers: Record<string, string | string[]>;
  body: string;
  base64: boolean;
}

/** What the client receives: header names case-insensitive, Set-Cookie as its lines. */
function wire(result: APIGatewayProxyResult | APIGatewayProxyStructuredResultV2): Wire {
  const headers: Record<string, string | string[]> = {};
  const cookies: string[] = [];
  for (const [name, value] of Object.entries(result.headers ?? {})) {
    if (name.toLowerCase() === 'set-cookie') cookies.push(String(value));
    else headers[name.toLowerCase()] = String(value);
  }
  if ('cookies' in result && result.cookies) cookies.push(...result.cookies);
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  // The seconds until the caller's rate-limit bucket refills: a clock reading, not part of the request.
  delete headers['ratelimit-reset'];
  return {
    status: result.statusCode ?? 200,
    headers,
    body: result.body ?? '',
    base64: result.isBase64Encoded === true,
  };
}

type Either = (event: never, context: never) => Promise<APIGatewayProxyResult | APIGatewayProxyStructuredResultV2>;

/** Both shapes of one request through one handler; the REST answer, after checking the HTTP answer equals it. */
async function bothPayloads(handler: unknown, rest: APIGatewayProxyEvent, stage = '$default'): Promise<Wire> {
  const call = handler as (event: unknown, context: unknown) => ReturnType<Either>;
  const twin = v2Twin(rest, stage);
  const viaRest = wire(await call(rest, lambdaContext()));
  const viaHttp = await call(twin, lambdaContext());
  expect(viaHttp).not.toHaveProperty('multiValueHeaders');
  expect(wire(viaHttp)).toEqual(viaRest);
  return viaRest;
}

/** A REST event of the stage `prod` on an execute-api URL: the browser's path carries the stage. */
function staged(method: string, path: string, options: Parameters<typeof event>[2] = {}) {
  const rest = event(method, path, options);
  rest.requestContext.path = `/prod${path}`;
  rest.requestContext.stage = 'prod';
  return rest;
}

describe('a REST and an HTTP API event of the same request get the same answer', () => {
  let groupId: number;
  beforeAll(async () => {
    const created = await invoke(
      usergroupsCreate,
      event('POST', '/api/usergroups', { body: { type: 'C', status: 'H', usergroup: 'twins' } }),
    );
    expect(created.status).toBe(201);
    groupId = created.json.usergroup_id;
  });

  it('an entity function: GET of one object, its ETag revalidation, a list with a query, a PUT', async () => {
    const one = await bothPayloads(usergroupsGet, event('GET', `/api/usergroups/${groupId}`));
    expect(one.status).toBe(200);
    expect(JSON.parse(one.body)).toEqual({ usergroup_id: groupId, type: 'C', status: 'H', usergroup: 'twins' });
    const etag = one.headers.etag as string;
    expect(etag).toMatch(/^"/);
    const revalidated = await bothPayloads(
      usergroupsGet,
      event('GET', `/api/2.0/usergroups/${groupId}`, { headers: { 'If-None-Match': etag } }),
    );
    expect(revalidated.status).toBe(304);
    const list = await bothPayloads(
      usergroupsList,
      event('GET', '/api/usergroups', { query: { type: 'C', status: 'H', items_per_page: '500' } }),
    );
    expect(JSON.parse(list.body)).toHaveProperty(String(groupId));
    const put = await bothPayloads(
      usergroupsUpdate,
      event('PUT', `/api/usergroups/${groupId}`, { body: { type: 'C', status: 'H', usergroup: 'twins' } }),
    );
    expect(put.status, put.body).toBe(200);
  });

  it('a base64 text/plain body is decoded the same way', async () => {
    const put = await bothPayloads(
      usergroupsUpdate,
      event('PUT', `/api/usergroups/${groupId}`, {
        body: 'type=C&status=H&usergroup=twins',
        base64: true,
        headers: { 'Content-Type': 'text/plain' },
      }),
    );
    expect(put.status, put.body).toBe(200);
  });

  it('the dispatchers: the /api catch-all and /api.php route to the same handler, errors included', async () => {
    const viaFallback = await bothPayloads(fallbackHandler, event('GET', `/api/usergroups/${groupId}`));
    expect(viaFallback.status).toBe(200);
    const viaPhp = await bothPayloads(
      phpHandler,
      event('GET', '/api.php', { query: { _d: `usergroups/${groupId}`, ajax_custom: '1' } }),
    );
    expect(viaPhp.body).toBe(viaFallback.body);
    expect((await bothPayloads(fallbackHandler, event('GET', '/api/nothing_here'))).status).toBe(404);
    expect((await bothPayloads(fallbackHandler, event('DELETE', '/api/version'))).status).toBe(405);
    expect((await bothPayloads(versionGet, event('GET', '/api/version', { auth: null }))).status).toBe(401);
    expect((await bothPayloads(versionGet, event('GET', '/api/2.0/version'))).body).toBe('{"Version":"2.0"}');
    const preflight = await bothPayloads(
      fallbackHandler,
      event('OPTIONS', '/api/usergroups', { auth: null, headers: { Origin: 'https://shop.example.com' } }),
    );
    expect(preflight.status).toBe(204);
  });

  it("a guest's storefront catalogue read: public Cache-Control and ETag, then the 304, on both", async () => {
    const key = await ensureStorefrontKey();
    const guest = { auth: null, headers: { 'Storefront-Api-Access-Key': key } };
    const page = await bothPayloads(
      sraProductsList,
      event('GET', '/api/sra_products', { ...guest, query: { items_per_page: '2' } }),
    );
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    const repeat = await bothPayloads(
      sraProductsList,
      event('GET', '/api/sra_products', {
        auth: null,
        query: { items_per_page: '2' },
        headers: { ...guest.headers, 'If-None-Match': page.headers.etag as string },
      }),
    );
    expect(repeat.status).toBe(304);
  });

  it('the panel and the docs behind the named stage prod: links, cookie path and Set-Cookie alike', async () => {
    const panel = panelHandler(true);
    // The sign-in form carries a fresh token per request; the rest of the answer must be the same.
    const rest = staged('GET', '/admin/login', { auth: null });
    const viaRest = wire(await panel(rest, lambdaContext()));
    const viaHttp = wire(await panel(v2Twin(rest, 'prod'), lambdaContext()));
    const masked = (answer: Wire) => JSON.parse(JSON.stringify(answer).replace(/[A-Za-z0-9_-]{20,}/g, 'TOKEN')) as Wire;
    expect(viaHttp.status).toBe(200);
    expect(viaRest.body).toContain('/prod/admin');
    expect(masked(viaHttp)).toEqual(masked(viaRest));
    expect(viaHttp.headers['set-cookie']).toEqual([expect.stringContaining('Path=/prod/admin')]);
    const docs = await bothPayloads(docsPage, staged('GET', '/api/docs', { auth: null }), 'prod');
    expect(docs.body).toContain('/prod/api/docs/swagger-ui.css');
  });
});
