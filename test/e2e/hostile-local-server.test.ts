/**
 * Requests that serverless offline's own HTTP layer (hapi, and Node's HTTP parser under it) used to answer by
 * itself, before any function ran, in a format that is not the contract's — `{"statusCode":400,"error":...}`
 * or a bare `400` with no body. infra/plugins/offline-contract.cjs changes that; this file holds it to it:
 *
 * - what API Gateway hands to the function must reach the function here too (a Content-Type hapi cannot
 *   parse, a malformed Cookie, Range, malformed %-encoding in the path, an odd `Expect`, no Host): the proof
 *   is that such a request without credentials gets the function's exact 401 (credentials are judged first);
 * - what cannot reach any function (no route outside /api, a request Node cannot parse, headers over Node's
 *   16 KiB, a body over offline's 10 MB) is answered by the local server in the contract's format.
 */
import { describe, expect, it } from 'vitest';
import { rawText, rootAuthorization, type SocketAnswer, socketRequest } from './hostile-raw-http.js';

const UNAUTHORIZED = '{"message":"Unauthorized","status":401}';
const GROUP = '{"type":"C","status":"A","usergroup":"local-server"}';

/** The one answer to a request written as is. */
async function one(bytes: string | Buffer): Promise<SocketAnswer> {
  const answers = await socketRequest(bytes);
  expect(answers, `answers to ${JSON.stringify(String(bytes).slice(0, 80))}`).toHaveLength(1);
  return answers[0]!;
}

/** The contract's error format (SPEC §3), exactly: JSON type, `{"message":"<reason>[: detail]","status":N}`. */
function expectContractError(answer: SocketAnswer, status: number, message: string): void {
  expect({ status: answer.status, body: answer.body }).toEqual({ status, body: JSON.stringify({ message, status }) });
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
}

const auth = (): [string, string] => ['Authorization', rootAuthorization()];

describe('headers hapi would judge itself reach the function, as behind API Gateway', () => {
  const oddTypes = [
    'application/json, text/plain',
    'text/plain, application/json',
    ';;;',
    'garbage',
    'multipart/form-data',
    'application/json; charset',
  ];

  it.each(oddTypes)("Content-Type %j on a POST without credentials → the function's 401", async (type) => {
    const answer = await one(rawText('POST', '/api/usergroups', [['Content-Type', type]], GROUP));
    expect(answer.status).toBe(401);
    expect(answer.body).toBe(UNAUTHORIZED);
    expect(answer.headers['www-authenticate']).toBe('Basic realm="User email/API key"');
  });

  it('Content-Type "application/json, text/plain" with credentials → the function\'s 415 (not a JSON type), nothing created', async () => {
    for (const target of ['/api/usergroups', '/api/2.0/usergroups', '/api.php?_d=usergroups&ajax_custom=1']) {
      const answer = await one(
        rawText('POST', target, [auth(), ['Content-Type', 'application/json, text/plain']], GROUP),
      );
      expectContractError(answer, 415, 'Unsupported Media Type');
    }
    const put = await one(
      rawText('PUT', '/api/usergroups/1', [auth(), ['Content-Type', 'application/json, text/plain']], GROUP),
    );
    expectContractError(put, 415, 'Unsupported Media Type');
  });

  it('every odd Content-Type on a write with credentials → an answer of the function in the contract format', async () => {
    for (const type of oddTypes) {
      const answer = await one(rawText('POST', '/api/usergroups', [auth(), ['Content-Type', type]], GROUP));
      expect([201, 400, 415], `${type}: ${answer.body}`).toContain(answer.status);
      if (answer.status >= 400) {
        expect(answer.json.status).toBe(answer.status);
        expect(Object.keys(answer.json).filter((key) => !['message', 'status', 'errors'].includes(key))).toEqual([]);
      }
    }
  });

  it("a malformed Cookie header is the function's business: 401 without credentials, 200 with", async () => {
    for (const cookie of ['a=b; c="d', '=;;==', 'a=\u00e9', '; ; ;']) {
      expect((await one(rawText('GET', '/api/version', [['Cookie', cookie]]))).body).toBe(UNAUTHORIZED);
      const ok = await one(rawText('GET', '/api/version', [auth(), ['Cookie', cookie]]));
      expect({ status: ok.status, body: ok.body }).toEqual({ status: 200, body: '{"Version":"1.0"}' });
    }
  });

  it('Range and If-Range are ignored (hapi answered 206 with a slice of the JSON, or 416 in its own format)', async () => {
    for (const range of ['bytes=0-3', 'bytes=1000-2000', 'bytes=-1', 'bytes=0-1,3-4', 'pages=1', 'bytes=x']) {
      const answer = await one(rawText('GET', '/api/version', [auth(), ['Range', range], ['If-Range', '"x"']]));
      expect({ status: answer.status, body: answer.body, range }).toEqual({
        status: 200,
        body: '{"Version":"1.0"}',
        range,
      });
      expect(answer.headers['content-range']).toBeUndefined();
    }
  });

  const badEncodings = [
    '/api/users/%ZZ',
    '/api/%',
    '/api/users/%C0%AF',
    '/api/2.0/users/1/usergroups/%E2%82',
    '/api/users/1%',
    '/api/%zz/1',
  ];

  it.each(badEncodings)(
    'malformed percent-encoding in %s → the function: 401 without credentials, 404 with',
    async (target) => {
      expect((await one(rawText('GET', target))).body).toBe(UNAUTHORIZED);
      const answer = await one(rawText('GET', target, [auth()]));
      expect(answer.status).toBe(404);
      expect(answer.json.message).toMatch(/^Not Found/);
      expect(answer.json.status).toBe(404);
    },
  );

  it('a write to a malformed path changes nothing: 404', async () => {
    const answer = await one(
      rawText('PUT', '/api/users/1%C0', [auth(), ['Content-Type', 'application/json']], '{"firstname":"x"}'),
    );
    expectContractError(answer, 404, 'Not Found');
  });

  it('Expect other than 100-continue reaches the function (Node answered 417 with no body)', async () => {
    const answer = await one(
      rawText(
        'POST',
        '/api/usergroups',
        [
          ['Expect', 'something-else'],
          ['Content-Type', 'application/json'],
        ],
        GROUP,
      ),
    );
    expect(answer.body).toBe(UNAUTHORIZED);
  });

  it('a JSON body that is no object (null) reaches the function, with and without charset: the contract error, exactly', async () => {
    // The local server dropped a falsy JSON body before the function saw it, which then answered "Missing
    // parameters" (hostile-entity-probe.test.ts probes every entity's functions in-process).
    for (const contentType of ['application/json', 'application/json; charset=utf-8', 'APPLICATION/JSON']) {
      for (const [method, target] of [
        ['POST', '/api/users'],
        ['PUT', '/api/2.0/usergroups/1'],
      ] as const) {
        const answer = await one(rawText(method, target, [auth(), ['Content-Type', contentType]], 'null'));
        expectContractError(answer, 400, 'Bad Request: Syntax error, malformed JSON');
      }
    }
  });

  it('HTTP/1.1 without Host reaches the function (Node answered a bare 400)', async () => {
    const answer = await one(
      `GET /api/version HTTP/1.1\r\nConnection: close\r\nAuthorization: ${rootAuthorization()}\r\n\r\n`,
    );
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 200, body: '{"Version":"1.0"}' });
  });
});

describe('what no function can answer is answered by the local server in the contract format', () => {
  it('paths outside /api and /api.php → 404 "Not Found" (offline listed every route of the service)', async () => {
    for (const target of ['/', '/favicon.ico', '/%ZZ', '/apis/users', '/API/users', '/api.phpx']) {
      expectContractError(await one(rawText('GET', target, [auth()])), 404, 'Not Found');
      expectContractError(
        await one(rawText('POST', target, [['Content-Type', 'application/json, text/plain']], '{}')),
        404,
        'Not Found',
      );
    }
  });

  it('a request target that is not a path (OPTIONS *) → 400', async () => {
    expectContractError(await one(rawText('OPTIONS', '*')), 400, 'Bad Request: Malformed request URL');
  });

  it('a method Node does not know (FOO, lower-case get, CONNECT) → 405 with Allow', async () => {
    for (const bytes of [
      rawText('FOO', '/api/users', [auth()]),
      rawText('get', '/api/version', [auth()]),
      rawText('CONNECT', '127.0.0.1:1'),
    ]) {
      const answer = await one(bytes);
      expectContractError(answer, 405, 'Method Not Allowed');
      expect(answer.headers.allow).toBe('GET, POST, PUT, DELETE');
    }
  });

  it("headers or a URL over Node's 16 KiB → 431", async () => {
    const big = 'a'.repeat(20_000);
    expectContractError(
      await one(rawText('GET', '/api/version', [auth(), ['X-Big', big]])),
      431,
      'Request Header Fields Too Large',
    );
    expectContractError(
      await one(rawText('GET', `/api/users?email=${big}`, [auth()])),
      431,
      'Request Header Fields Too Large',
    );
    const many = Array.from({ length: 700 }, (_, i): [string, string] => [`X-H${i}`, 'abcdefghijklmnopqrst']);
    expectContractError(
      await one(rawText('GET', '/api/version', [auth(), ...many])),
      431,
      'Request Header Fields Too Large',
    );
  });

  it('requests Node cannot parse → 400 "Malformed HTTP request"', async () => {
    const host = `Host: x\r\nConnection: close\r\nAuthorization: ${rootAuthorization()}`;
    const malformed = [
      `GET /api/version HTTP/1.1\r\n${host}\r\nX-Bad: a\u0001b\r\n\r\n`,
      `GET /api/version HTTP/1.1\r\n${host}\r\nX Bad: ab\r\n\r\n`,
      `GET /api/version HTTP/1.1\r\n${host}\r\nCookie: =;;==\u007f\r\n\r\n`,
      `GET api/version HTTP/1.1\r\n${host}\r\n\r\n`,
      `GET /api/version HTTP/9.9\r\n${host}\r\n\r\n`,
      `POST /api/usergroups HTTP/1.1\r\n${host}\r\nContent-Length: abc\r\n\r\n${GROUP}`,
      `POST /api/usergroups HTTP/1.1\r\n${host}\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n123456`,
      `POST /api/usergroups HTTP/1.1\r\n${host}\r\nTransfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n0\r\n\r\n`,
      Buffer.from([0x16, 0x03, 0x01, 0x00, 0xa5, 0x01, 0x00, 0x00, 0xa1, 0x03, 0x03, 0x0d, 0x0a, 0x0d, 0x0a]),
    ];
    for (const bytes of malformed) expectContractError(await one(bytes), 400, 'Bad Request: Malformed HTTP request');
  });

  it('a body that cannot be read (bad chunk framing, an unknown transfer coding) → 400 "Malformed request"', async () => {
    const head = `POST /api/usergroups HTTP/1.1\r\nHost: x\r\nConnection: close\r\nAuthorization: ${rootAuthorization()}\r\nContent-Type: application/json\r\n`;
    expectContractError(
      await one(`${head}Transfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n`),
      400,
      'Bad Request: Malformed request',
    );
    expectContractError(await one(`${head}Transfer-Encoding: gzip\r\n\r\n`), 400, 'Bad Request: Malformed request');
  });

  it("a body over offline's 10 MB limit → 413 like the function's own 413 over 1 MiB", async () => {
    const head = `POST /api/usergroups HTTP/1.1\r\nHost: x\r\nConnection: close\r\nAuthorization: ${rootAuthorization()}\r\nContent-Type: text/plain\r\n`;
    // hapi reads (and drops) the whole body before it answers.
    const size = 10 * 1024 * 1024 + 1;
    const [declared] = await socketRequest(`${head}Content-Length: ${size}\r\n\r\n${'a'.repeat(size)}`, {
      stopAfter: 1,
    });
    expectContractError(declared!, 413, 'Payload Too Large');
  }, 60_000);

  it('a chunked body over 10 MB: the connection is reset with no answer at all (never a non-contract one)', async () => {
    // hapi's reader destroys the request (and so the socket) the moment the count passes the limit: no answer
    // can be written. Documented in docs/security.md; API Gateway refuses such bodies itself.
    const head = `POST /api/usergroups HTTP/1.1\r\nHost: x\r\nConnection: close\r\nAuthorization: ${rootAuthorization()}\r\nContent-Type: text/plain\r\n`;
    const chunk = 'a'.repeat(1024 * 1024);
    const chunks = Array.from({ length: 11 }, () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`).join('');
    const outcome = await socketRequest(`${head}Transfer-Encoding: chunked\r\n\r\n${chunks}0\r\n\r\n`, {
      stopAfter: 1,
    }).then(
      (answers) => answers,
      (error: NodeJS.ErrnoException) => error.code ?? String(error),
    );
    if (typeof outcome === 'string') expect(['ECONNRESET', 'EPIPE']).toContain(outcome);
    else expectContractError(outcome[0]!, 413, 'Payload Too Large');
  }, 60_000);

  it('garbage pipelined after a good request: the good one is answered, then 400 in the contract format', async () => {
    const good = `GET /api/version HTTP/1.1\r\nHost: x\r\nAuthorization: ${rootAuthorization()}\r\n\r\n`;
    const answers = await socketRequest(`${good}FOO\u0001 / HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(answers.map((a) => a.status)).toEqual([200, 400]);
    expect(answers[0]!.body).toBe('{"Version":"1.0"}');
    expectContractError(answers[1]!, 400, 'Bad Request: Malformed HTTP request');
  });
});
