import type { APIGatewayProxyEvent } from 'aws-lambda';

/**
 * What an HTTP API request is metered by: API Gateway bills an HTTP API per started 512 KB of a request (AWS's
 * pricing page: "metered in 512 KB increments"). Counted here on the wire form of the request and of its answer
 * together (request line, headers, body; status line, headers, body), which never undercounts. The REST API's
 * price does not depend on size.
 */
export const HTTP_API_METERING_BYTES = 512 * 1024;

const utf8 = (text: string | null | undefined) => Buffer.byteLength(text ?? '', 'utf8');
const headerBytes = (headers: Record<string, unknown> | null | undefined) =>
  Object.entries(headers ?? {}).reduce((sum, [name, value]) => sum + utf8(`${name}: ${String(value)}\r\n`), 0);

export function requestBytes(event: APIGatewayProxyEvent): number {
  const query = new URLSearchParams(
    Object.entries(event.multiValueQueryStringParameters ?? {}).flatMap(([name, values]) =>
      (values ?? []).map((value): [string, string] => [name, value]),
    ),
  ).toString();
  const line = `${event.httpMethod} ${event.path}${query ? `?${query}` : ''} HTTP/1.1\r\n`;
  const body = event.isBase64Encoded ? Buffer.from(event.body ?? '', 'base64').length : utf8(event.body);
  return utf8(line) + headerBytes(event.headers) + 2 + body;
}

/** A 1.0 or 2.0 answer: statusCode, headers (2.0: cookies as Set-Cookie lines) and body. */
export function responseBytes(answer: {
  statusCode?: number;
  headers?: Record<string, unknown>;
  cookies?: string[];
  body?: string;
  isBase64Encoded?: boolean;
}): number {
  const cookies = (answer.cookies ?? []).reduce((sum, cookie) => sum + utf8(`Set-Cookie: ${cookie}\r\n`), 0);
  const body = answer.isBase64Encoded ? Buffer.from(answer.body ?? '', 'base64').length : utf8(answer.body);
  return utf8(`HTTP/1.1 ${answer.statusCode ?? 200}\r\n`) + headerBytes(answer.headers) + cookies + 2 + body;
}

/** How many HTTP API requests one request of `bytes` is billed as. */
export const meteredHttpApiRequests = (bytes: number) => Math.max(1, Math.ceil(bytes / HTTP_API_METERING_BYTES));
