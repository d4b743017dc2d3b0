import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';

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
  /** `Basic base64(email:key)` */
  authorization: string;
}

export function basicAuthorization(email: string, key: string): string {
  return `Basic ${Buffer.from(`${email}:${key}`, 'utf8').toString('base64')}`;
}

/**
 * An API Gateway REST (v1) proxy event as API Gateway sends it, both header maps and both query maps filled,
 * so the handler runs exactly the code path it runs on AWS.
 */
export function proxyEvent(spec: RequestSpec): APIGatewayProxyEvent {
  const headers: Record<string, string> = {
    Host: 'api.example.com',
    Accept: 'application/json',
    'User-Agent': 'store-api-bench',
    Authorization: spec.authorization,
    'X-Forwarded-For': SOURCE_IP,
    'X-Forwarded-Proto': 'https',
  };
  const body = spec.body === undefined ? null : JSON.stringify(spec.body);
  if (body !== null) headers['Content-Type'] = 'application/json';
  const query = spec.query && Object.keys(spec.query).length > 0 ? spec.query : null;
  const requestId = randomUUID();
  return {
    resource: spec.resource,
    path: spec.path,
    httpMethod: spec.method,
    headers,
    multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, [value]])),
    queryStringParameters: query,
    multiValueQueryStringParameters: query && Object.fromEntries(Object.entries(query).map(([name, value]) => [name, [value]])),
    pathParameters: spec.pathParameters ?? null,
    stageVariables: null,
    body,
    isBase64Encoded: false,
    requestContext: {
      accountId: '123456789012',
      apiId: 'benchapi',
      authorizer: null,
      protocol: 'HTTP/1.1',
      httpMethod: spec.method,
      path: `/bench${spec.path}`,
      stage: 'bench',
      requestId,
      requestTimeEpoch: Date.now(),
      resourceId: 'bench1',
      resourcePath: spec.resource,
      identity: {
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
        sourceIp: SOURCE_IP,
        user: null,
        userAgent: 'store-api-bench',
        userArn: null,
      },
    },
  };
}

/** A fresh Lambda context per invocation: the stack keeps its per-request state on it. */
export function lambdaContext(functionName: string): Context {
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:123456789012:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'bench',
    getRemainingTimeInMillis: () => 10_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
