import type { APIGatewayProxyEvent } from 'aws-lambda';
import { proxyEvent as buildProxyEvent } from '../../test/support/lambda-event.js';

export { basicAuthorization, lambdaContext } from '../../test/support/lambda-event.js';

const SOURCE_IP = '127.0.0.1';

export interface RequestSpec {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** e.g. /api/usergroups/7 */
  path: string;
  /** The API Gateway resource template, e.g. /api/usergroups/{id} */
  resource: string;
  pathParameters?: Record<string, string>;
  query?: Record<string, string>;
  /** Sent as JSON with Content-Type application/json. */
  body?: unknown;
  /** `Basic base64(email:key)`; empty: no Authorization header (a storefront guest). */
  authorization: string;
  /** Other request headers (a guest's Storefront-Api-Access-Key). */
  headers?: Record<string, string>;
}

/**
 * An API Gateway REST (v1) proxy event for one benchmark request (test/support/lambda-event.ts builds it the
 * way API Gateway does), from the benchmark's loopback address.
 */
export function proxyEvent(spec: RequestSpec): APIGatewayProxyEvent {
  return buildProxyEvent(spec.method, spec.path, {
    resource: spec.resource,
    pathParameters: spec.pathParameters,
    query: spec.query,
    body: spec.body,
    headers: {
      Accept: 'application/json',
      ...(spec.authorization ? { Authorization: spec.authorization } : {}),
      ...spec.headers,
    },
    sourceIp: SOURCE_IP,
  });
}
