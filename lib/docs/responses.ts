import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { JSON_CONTENT_TYPE } from '../http/response.js';

/** Answers of the public documentation functions (no credentials, GET and HEAD only). */
export function docResponse(
  status: number,
  body: string,
  contentType: string,
  extra: Record<string, string> = {},
): APIGatewayProxyResult {
  return {
    statusCode: status,
    headers: {
      'Content-Type': contentType,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'public, max-age=300',
      ...extra,
    },
    body,
  };
}

export function docError(status: 404 | 405, extra: Record<string, string> = {}): APIGatewayProxyResult {
  const message = status === 404 ? 'Not Found' : 'Method Not Allowed';
  return docResponse(status, JSON.stringify({ message, status }), JSON_CONTENT_TYPE, {
    'Cache-Control': 'no-store',
    ...extra,
  });
}

/** Only GET reads the docs; anything else is a 405 in the API's error format. */
export const readsDocs = (method: string | undefined) => (method ?? 'GET').toUpperCase() === 'GET';

/**
 * Where this deployment's paths start as the browser sees them: `/dev` behind API Gateway's stage URL (its
 * requestContext.path carries the stage, the event's path does not), empty under serverless offline.
 */
export function deploymentBase(event: APIGatewayProxyEvent): string {
  const seen = event.requestContext?.path ?? '';
  const routed = event.path ?? '';
  if (!routed || !seen.endsWith(routed)) return '';
  return seen.slice(0, seen.length - routed.length).replace(/\/+$/, '');
}

/** `https://host` as the client addressed it, when the Host header is a plain host[:port]; else undefined. */
export function deploymentOrigin(event: APIGatewayProxyEvent): string | undefined {
  const headers = Object.fromEntries(
    Object.entries(event.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
  );
  const host = headers.host ?? '';
  if (!/^[A-Za-z0-9.-]{1,253}(:\d{1,5})?$/.test(host)) return undefined;
  // API Gateway always says https; serverless offline says nothing and speaks plain HTTP.
  const proto = headers['x-forwarded-proto'] === 'https' ? 'https' : 'http';
  return `${proto}://${host}`;
}
