/**
 * The API Gateway HTTP API (payload format 2.0) event of the same request as a REST (1.0) event built by
 * test/support/lambda-event.ts: what an HTTP API stage hands the function where a REST stage hands the 1.0 one.
 * As AWS builds it: header names lower-cased, repeated values comma-joined, `Cookie` lifted into `cookies`, the
 * query as `rawQueryString` (and comma-joined in `queryStringParameters`), the stage's name in `rawPath` unless
 * the stage is `$default`. No test-runner imports.
 */
import type { APIGatewayProxyEvent, APIGatewayProxyEventV2 } from 'aws-lambda';

function rawQueryOf(event: APIGatewayProxyEvent): string {
  const pairs: string[] = [];
  for (const [name, values] of Object.entries(event.multiValueQueryStringParameters ?? {}))
    for (const value of values ?? []) pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  return pairs.join('&');
}

export function v2Twin(event: APIGatewayProxyEvent, stage = '$default'): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  let cookies: string[] | undefined;
  for (const [name, values] of Object.entries(event.multiValueHeaders ?? {})) {
    const lower = name.toLowerCase();
    if (lower === 'cookie') {
      cookies = (values ?? []).flatMap((value) => value.split(/;\s*/)).filter((c) => c.length > 0);
      continue;
    }
    headers[lower] = headers[lower] === undefined ? (values ?? []).join(',') : `${headers[lower]},${values?.join(',')}`;
  }
  const query: Record<string, string> = {};
  for (const [name, values] of Object.entries(event.multiValueQueryStringParameters ?? {}))
    query[name] = (values ?? []).join(',');
  const rawPath = stage === '$default' ? event.path : `/${stage}${event.path}`;
  const method = event.httpMethod.toUpperCase();
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath,
    rawQueryString: rawQueryOf(event),
    ...(cookies ? { cookies } : {}),
    headers,
    ...(Object.keys(query).length > 0 ? { queryStringParameters: query } : {}),
    requestContext: {
      accountId: '123456789012',
      apiId: 'httpapi',
      domainName: headers.host ?? 'api.example.com',
      domainPrefix: 'api',
      http: {
        method,
        path: rawPath,
        protocol: 'HTTP/1.1',
        sourceIp: event.requestContext.identity.sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: event.requestContext.requestId,
      routeKey: '$default',
      stage,
      time: new Date(event.requestContext.requestTimeEpoch).toUTCString(),
      timeEpoch: event.requestContext.requestTimeEpoch,
    },
    ...(event.body !== null ? { body: event.body } : {}),
    isBase64Encoded: event.isBase64Encoded,
  };
}
