/**
 * A raw HTTP client for the hostile suites: unlike fetch it sends the path exactly as given (no `..` or `//`
 * normalisation), repeated headers as separate header lines, and no header of its own except Host and
 * Content-Length. Not a test file (no `.test.ts`), shared by test/e2e/hostile-*.test.ts.
 */
import { request } from 'node:http';
import { inject } from 'vitest';
import { basicAuth } from '../support/http.js';

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
  const base = new URL(inject('baseUrl'));
  const body = req.body === undefined ? undefined : Buffer.isBuffer(req.body) ? req.body : Buffer.from(req.body, 'utf8');
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
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${timeoutMs} ms: ${req.method} ${req.path}`)));
    outgoing.on('error', reject);
    if (body !== undefined) outgoing.write(body);
    outgoing.end();
  });
}

/** The bootstrap root administrator's Authorization header value. */
export function rootAuthorization(): string {
  return basicAuth(inject('adminEmail'), inject('adminKey'));
}
