/**
 * Raw HTTP clients for the hostile suites. `rawRequest`: unlike fetch it sends the path exactly as given (no
 * `..` or `//` normalisation), repeated headers as separate header lines, and no header of its own except Host
 * and Content-Length. `socketRequest`: bytes written to a TCP socket as given, for what Node's client refuses
 * to send (unknown methods, invalid header characters, malformed framing). Not a test file (no `.test.ts`),
 * shared by test/e2e/hostile-*.test.ts.
 */
import { request } from 'node:http';
import { connect } from 'node:net';
import { inject } from 'vitest';
import { basicAuth } from '../support/http.js';
import { testStore } from '../support/store.js';

export interface RawRequest {
  method: string;
  /** Sent verbatim as the request target, e.g. `/api/users/%2F..`. */
  path: string;
  /** Name/value pairs in order; a name may repeat. */
  headers?: Array<[string, string]>;
  body?: Buffer | string;
}

export interface RawResponse {
  status: number;
  /** Lower-case names; a repeated header joined with ', '. */
  headers: Record<string, string>;
  body: string;
  json: any;
}

/** One request against serverless offline with nothing added or normalised. */
export function rawRequest(req: RawRequest, timeoutMs = 25_000): Promise<RawResponse> {
  const base = new URL(testStore().baseUrl);
  const body =
    req.body === undefined ? undefined : Buffer.isBuffer(req.body) ? req.body : Buffer.from(req.body, 'utf8');
  // With headers given as an array, Node adds no Host header of its own; HTTP/1.1 requires one.
  const flat: string[] = ['Host', base.host];
  for (const [name, value] of req.headers ?? []) flat.push(name, value);
  if (body !== undefined) flat.push('Content-Length', String(body.length));
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: base.hostname,
        port: base.port,
        method: req.method,
        path: req.path,
        // An array keeps repeated names as separate header lines (Node ≥ 18).
        headers: flat as unknown as Record<string, string>,
        timeout: timeoutMs,
        agent: false,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(incoming.headers)) {
            if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
          }
          let json: unknown;
          try {
            json = text === '' ? undefined : JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: incoming.statusCode ?? 0, headers, body: text, json });
        });
        incoming.on('error', reject);
      },
    );
    outgoing.on('timeout', () =>
      outgoing.destroy(new Error(`no answer within ${timeoutMs} ms: ${req.method} ${req.path}`)),
    );
    outgoing.on('error', reject);
    if (body !== undefined) outgoing.write(body);
    outgoing.end();
  });
}

/** The bootstrap root administrator's Authorization header value. */
export function rootAuthorization(): string {
  return basicAuth(inject('adminEmail'), inject('adminKey'));
}

export interface SocketAnswer {
  status: number;
  /** Lower-case names; a repeated header joined with ', '. */
  headers: Record<string, string>;
  body: string;
  json: any;
}

/**
 * Writes `bytes` to a fresh connection to serverless offline exactly as given and parses every answer that
 * comes back (several for pipelined requests; 1xx interim answers are skipped): all of them once the server
 * closes the connection (send `Connection: close`), or the first `stopAfter` as soon as they are complete
 * (for a server that answers before it has read the whole request).
 */
export function socketRequest(
  bytes: string | Buffer,
  options: { stopAfter?: number; timeoutMs?: number } = {},
): Promise<SocketAnswer[]> {
  const { stopAfter, timeoutMs = 25_000 } = options;
  const base = new URL(testStore().baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(base.port), base.hostname);
    const chunks: Buffer[] = [];
    let done = false;
    const finish = (error?: Error) => {
      if (done) return;
      done = true;
      socket.destroy();
      const { answers, complete } = parseAnswers(Buffer.concat(chunks));
      if (error && answers.length === 0) reject(error);
      else if (!error && !complete)
        reject(
          new Error(`an incomplete answer: ${JSON.stringify(Buffer.concat(chunks).toString('latin1').slice(0, 200))}`),
        );
      else resolve(answers);
    };
    socket.setTimeout(timeoutMs, () =>
      finish(new Error(`no end of answer within ${timeoutMs} ms: ${String(bytes).slice(0, 60)}`)),
    );
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      if (stopAfter !== undefined && parseAnswers(Buffer.concat(chunks)).answers.length >= stopAfter) finish();
    });
    // A server that answered early may reset the connection while the rest of the request is still being sent.
    socket.on('error', (error) => finish(error));
    socket.on('close', () => finish());
    socket.write(bytes);
  });
}

/** The raw request text for `method target` with the given header lines, ending the connection after it. */
export function rawText(method: string, target: string, headers: Array<[string, string]> = [], body = ''): string {
  const base = new URL(testStore().baseUrl);
  const lines = [
    `${method} ${target} HTTP/1.1`,
    `Host: ${base.host}`,
    'Connection: close',
    ...headers.map(([n, v]) => `${n}: ${v}`),
  ];
  if (body !== '') lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
}

/** The complete answers in `data`, and whether nothing incomplete follows them. */
function parseAnswers(data: Buffer): { answers: SocketAnswer[]; complete: boolean } {
  const answers: SocketAnswer[] = [];
  let at = 0;
  while (at < data.length) {
    const headEnd = data.indexOf('\r\n\r\n', at);
    if (headEnd === -1) return { answers, complete: false };
    const [statusLine = '', ...lines] = data.subarray(at, headEnd).toString('latin1').split('\r\n');
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? NaN);
    if (Number.isNaN(status)) throw new Error(`not an HTTP answer: ${JSON.stringify(statusLine)}`);
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
    }
    at = headEnd + 4;
    let body: Buffer;
    if (status >= 100 && status < 200) continue;
    if (headers['transfer-encoding']?.toLowerCase() === 'chunked') {
      const parts: Buffer[] = [];
      for (;;) {
        const lineEnd = data.indexOf('\r\n', at);
        if (lineEnd === -1) return { answers, complete: false };
        const size = parseInt(data.subarray(at, lineEnd).toString('latin1'), 16);
        at = lineEnd + 2;
        if (!(size > 0)) {
          at += 2;
          break;
        }
        parts.push(data.subarray(at, at + size));
        at += size + 2;
      }
      body = Buffer.concat(parts);
    } else if (headers['content-length'] !== undefined) {
      const length = Number(headers['content-length']);
      if (data.length < at + length) return { answers, complete: false };
      body = data.subarray(at, at + length);
      at += length;
    } else {
      body = data.subarray(at);
      at = data.length;
    }
    const text = body.toString('utf8');
    let json: unknown;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    answers.push({ status, headers, body: text, json });
  }
  return { answers, complete: true };
}
