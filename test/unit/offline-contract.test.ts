/**
 * infra/plugins/offline-contract.cjs on its own: its helpers, and its hapi extensions on a bare hapi server
 * that answers like serverless offline does (its "route not found" page, its handler-failure page). The
 * whole plugin inside serverless offline is tested over HTTP in test/e2e/hostile-local-server.test.ts.
 */
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REASONS } from '../../lib/http/http-errors.js';

const require = createRequire(import.meta.url);
const plugin = require('../../infra/plugins/offline-contract.cjs') as {
  errorBody(status: number, detail?: string): string;
  repairPath(target: string): string | undefined;
  parserErrorAnswer(error: unknown): { status: number; detail?: string; headers?: Record<string, string> };
  rawAnswer(answer: { status: number; detail?: string; headers?: Record<string, string> }): string;
  install(server: unknown, hapiRequire: NodeRequire): void;
};

describe('errorBody', () => {
  it('uses the reason phrases the functions use, for every status they answer', () => {
    for (const [status, reason] of Object.entries(REASONS)) {
      expect(plugin.errorBody(Number(status))).toBe(JSON.stringify({ message: reason, status: Number(status) }));
    }
    expect(plugin.errorBody(400, 'Malformed request')).toBe(
      '{"message":"Bad Request: Malformed request","status":400}',
    );
    expect(plugin.errorBody(431)).toBe('{"message":"Request Header Fields Too Large","status":431}');
  });
});

describe('repairPath', () => {
  it.each([
    ['/api/users/%ZZ', '/api/users/%25ZZ'],
    ['/api/%', '/api/%25'],
    ['/api/users/%C0%AF?x=%ZZ', '/api/users/%25C0%25AF?x=%ZZ'],
    ['/api/users/1%E2%82/usergroups/%41', '/api/users/1%25E2%2582/usergroups/%41'],
  ])('%s → %s', (target, repaired) => {
    expect(plugin.repairPath(target)).toBe(repaired);
  });

  it.each(['/api/users/1', '/api/users/%41%2F', '/api.php?_d=%ZZ', '*', 'http://x/api/%ZZ', '/'])(
    'leaves %s alone',
    (target) => {
      expect(plugin.repairPath(target)).toBeUndefined();
    },
  );
});

describe('parserErrorAnswer and rawAnswer', () => {
  const error = (code: string, packet = '') =>
    Object.assign(new Error(code), { code, rawPacket: Buffer.from(packet, 'latin1') });

  it('maps Node parser errors to statuses', () => {
    expect(plugin.parserErrorAnswer(error('HPE_HEADER_OVERFLOW')).status).toBe(431);
    expect(plugin.parserErrorAnswer(error('ERR_HTTP_REQUEST_TIMEOUT')).status).toBe(408);
    expect(plugin.parserErrorAnswer(error('HPE_INVALID_METHOD', 'FOO / HTTP/1.1\r\n'))).toEqual({
      status: 405,
      headers: { Allow: 'GET, POST, PUT, DELETE' },
    });
    expect(plugin.parserErrorAnswer(error('HPE_INVALID_METHOD', '\u0016\u0003\u0001'))).toEqual({
      status: 400,
      detail: 'Malformed HTTP request',
    });
    expect(plugin.parserErrorAnswer(error('HPE_INVALID_HEADER_TOKEN'))).toEqual({
      status: 400,
      detail: 'Malformed HTTP request',
    });
  });

  it('writes a complete answer that closes the connection', () => {
    const text = plugin.rawAnswer({ status: 405, headers: { Allow: 'GET' } });
    const [head, body] = text.split('\r\n\r\n');
    expect(head!.split('\r\n')).toEqual([
      'HTTP/1.1 405 Method Not Allowed',
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${body!.length}`,
      'X-Content-Type-Options: nosniff',
      'Cache-Control: no-store',
      'Allow: GET',
      'Connection: close',
    ]);
    expect(body).toBe('{"message":"Method Not Allowed","status":405}');
  });
});

describe('the hapi extensions on a server that answers like serverless offline', () => {
  const Hapi = require('@hapi/hapi');
  const server = Hapi.server({ host: '127.0.0.1', port: 0, router: { stripTrailingSlash: true } });
  let base = '';
  const seen: Array<{ path: string; contentType?: string; range?: string; mime?: string }> = [];

  beforeAll(async () => {
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true); // the plugin's request lines
    server.route({
      method: '*',
      path: '/api/{proxy*}',
      options: { payload: { parse: false, maxBytes: 100 } },
      handler: (request: any) => {
        seen.push({
          path: request.path,
          contentType: request.headers['content-type'],
          range: request.headers.range,
          mime: request.mime,
        });
        return request.path === '/api/crash'
          ? request
              .generateResponse({
                errorMessage: 'boom',
                errorType: 'Error',
                offlineInfo: 'x',
                stackTrace: ['at x (/work/x.js:1:1)'],
              })
              .code(502)
          : 'plain';
      },
    });
    server.route({
      method: '*',
      path: '/{p*}',
      handler: (request: any, h: any) =>
        h
          .response({
            currentRoute: request.path,
            error: 'Serverless-offline: route not found.',
            existingRoutes: ['* - /api'],
            statusCode: 404,
          })
          .code(404),
    });
    plugin.install(server, createRequire(require.resolve('@hapi/hapi')));
    await server.start();
    base = server.info.uri;
  });

  afterAll(async () => {
    await server.stop();
    vi.restoreAllMocks();
  });

  it('an unparseable Content-Type is hidden from hapi, Range is ignored, and the handler runs', async () => {
    const response = await fetch(`${base}/api/x`, {
      method: 'POST',
      headers: { 'content-type': 'a, b', range: 'bytes=0-1' },
      body: '{}',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('accept-ranges')).toBeNull();
    expect(await response.text()).toBe('plain');
    expect(seen.at(-1)).toMatchObject({ path: '/api/x', contentType: undefined, range: 'bytes=0-1' });
  });

  it('offline is never told a body is JSON (it parsed it and dropped null, false, 0 and ""): the handler gets the text', async () => {
    for (const contentType of ['application/json', 'application/vnd.api+json', 'text/plain']) {
      const response = await fetch(`${base}/api/x`, {
        method: 'PUT',
        headers: { 'content-type': contentType },
        body: 'null',
      });
      expect(response.status).toBe(200);
      expect(seen.at(-1)).toMatchObject({ contentType, mime: 'application/octet-stream' });
    }
  });

  it('a GET with Range gets the whole answer, and no Accept-Ranges', async () => {
    for (const range of ['bytes=0-1', 'bytes=100-200']) {
      const response = await fetch(`${base}/api/x`, { headers: { range } });
      expect(response.status).toBe(200);
      expect(response.headers.get('accept-ranges')).toBeNull();
      expect(await response.text()).toBe('plain');
    }
  });

  it('malformed %-encoding reaches the handler with its % escaped', async () => {
    const response = await fetch(`${base}/api/%ZZ`);
    expect(response.status).toBe(200);
    expect(seen.at(-1)!.path).toBe('/api/%25ZZ');
  });

  it("offline's route-not-found page → 404 in the contract format, no route list", async () => {
    const response = await fetch(`${base}/nowhere`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await response.text()).toBe('{"message":"Not Found","status":404}');
  });

  it("offline's handler-failure page (a stack trace) → the same status in the contract format, nothing else", async () => {
    const response = await fetch(`${base}/api/crash`);
    expect(response.status).toBe(502);
    expect(await response.text()).toBe('{"message":"Bad Gateway","status":502}');
  });

  it("hapi's own errors (a body over the limit) → the contract format", async () => {
    const response = await fetch(`${base}/api/x`, { method: 'POST', body: 'x'.repeat(101) });
    expect(response.status).toBe(413);
    expect(await response.text()).toBe('{"message":"Payload Too Large","status":413}');
  });
});
