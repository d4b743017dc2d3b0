/**
 * API Gateway REST (v1) proxy events and Lambda contexts built by hand, for
 * invoking handlers in-process (integration tests, benchmarks). Both header maps
 * and both query maps are filled, as API Gateway fills them, so a handler runs
 * exactly the code path it runs on AWS. No test-runner imports: bench/ uses it too.
 */

import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';

export type LambdaHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

export interface ProxyEventOptions {
  query?: Record<string, string>;
  /** Sent as given. */
  headers?: Record<string, string>;
  /** A string is sent as is; anything else as JSON, with Content-Type application/json unless one is given. */
  body?: unknown;
  base64?: boolean;
  /** requestContext.identity.sourceIp: what the failed-login limiter keys on with the e-mail (SPEC §4). */
  sourceIp?: string;
  /** The API Gateway resource template (`/api/usergroups/{id}`); default: the path. */
  resource?: string;
  pathParameters?: Record<string, string>;
}

export function basicAuthorization(email: string, key: string): string {
  return `Basic ${Buffer.from(`${email}:${key}`, 'utf8').toString('base64')}`;
}

const repeatedOnce = (map: Record<string, string>) =>
  Object.fromEntries(Object.entries(map).map(([name, value]) => [name, [value]]));

export function proxyEvent(httpMethod: string, path: string, options: ProxyEventOptions = {}): APIGatewayProxyEvent {
  const { base64 = false, sourceIp = '203.0.113.7', resource = path } = options;
  const headers: Record<string, string> = {
    Host: 'api.example.com',
    'User-Agent': 'store-api-tests',
    ...(options.headers ?? {}),
  };
  let body: string | null = null;
  if (options.body !== undefined) {
    const text = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    if (
      typeof options.body !== 'string' &&
      !Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')
    ) {
      headers['Content-Type'] = 'application/json';
    }
    body = base64 ? Buffer.from(text, 'utf8').toString('base64') : text;
  }
  const query = options.query && Object.keys(options.query).length > 0 ? options.query : null;
  return {
    httpMethod,
    path,
    resource,
    headers,
    multiValueHeaders: repeatedOnce(headers),
    queryStringParameters: query,
    multiValueQueryStringParameters: query ? repeatedOnce(query) : null,
    pathParameters: options.pathParameters ?? null,
    stageVariables: null,
    body,
    isBase64Encoded: base64,
    requestContext: {
      accountId: '123456789012',
      apiId: 'local',
      authorizer: null,
      protocol: 'HTTP/1.1',
      httpMethod,
      path,
      stage: 'local',
      requestId: randomUUID(),
      requestTimeEpoch: Date.now(),
      resourceId: 'res',
      resourcePath: resource,
      identity: {
        sourceIp,
        accessKey: null,
        accountId: null,
        apiKey: null,
        apiKeyId: null,
        caller: null,
        clientCert: null,
        cognitoAuthenticationProvider: null,
        cognitoAuthenticationType: null,
        cognitoIdentityId: null,
        cognitoIdentityPoolId: null,
        principalOrgId: null,
        user: null,
        userAgent: headers['User-Agent'] ?? null,
        userArn: null,
      },
    },
  } as APIGatewayProxyEvent;
}

/** A fresh Lambda context per invocation: the stack keeps its per-request state on it. */
export function lambdaContext(functionName = 'test'): Context {
  return {
    awsRequestId: randomUUID(),
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:123456789012:function:${functionName}`,
    memoryLimitInMB: '512',
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    callbackWaitsForEmptyEventLoop: false,
    getRemainingTimeInMillis: () => 10_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

export interface Answer {
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  body: string;
  json: any;
}

/** Invokes a handler with a fresh context; the answer with lower-cased headers and the body parsed when JSON. */
export async function invokeHandler(handler: unknown, event: APIGatewayProxyEvent): Promise<Answer> {
  const result = await (handler as LambdaHandler)(event, lambdaContext());
  const headers = Object.fromEntries(
    Object.entries(result.headers ?? {}).map(([k, v]) => [k.toLowerCase(), String(v)]),
  );
  let json: unknown;
  try {
    json = result.body ? JSON.parse(result.body) : undefined;
  } catch {
    json = undefined;
  }
  return { status: result.statusCode, headers, body: result.body, json };
}
