/**
 * lib/http/payload-v2.ts on its own: a 2.0 event read as the 1.0 event of the same request (path without the
 * stage, repeated query names kept apart, cookies back in the Cookie header, the body as sent), a 1.0 answer
 * turned into a 2.0 answer (Set-Cookie lines into `cookies`), and a 1.0 event passed through untouched.
 */
import type { APIGatewayProxyEvent, APIGatewayProxyEventV2, APIGatewayProxyResult, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { normalizeHeaders, normalizeQuery } from '../../lib/http/api-event.js';
import { eitherPayload, isPayloadV2, restEventOf, resultV2 } from '../../lib/http/payload-v2.js';
import { proxyEvent } from '../support/lambda-event.js';
import { v2Twin } from '../support/lambda-event-v2.js';

function v2(overrides: Partial<APIGatewayProxyEventV2> & { stage?: string; method?: string }): APIGatewayProxyEventV2 {
  const { stage = '$default', method = 'GET', ...rest } = overrides;
  return {
    version: '2.0',
    routeKey: 'ANY /api/{proxy+}',
    rawPath: '/api/products',
    rawQueryString: '',
    headers: { host: 'abc.execute-api.us-east-1.amazonaws.com' },
    requestContext: {
      accountId: '123456789012',
      apiId: 'abc',
      domainName: 'abc.execute-api.us-east-1.amazonaws.com',
      domainPrefix: 'abc',
      http: { method, path: '/api/products', protocol: 'HTTP/1.1', sourceIp: '203.0.113.9', userAgent: 'erp' },
      requestId: 'req-1',
      routeKey: 'ANY /api/{proxy+}',
      stage,
      time: '29/Nov/2026:01:00:00 +0000',
      timeEpoch: 1_795_000_000_000,
    },
    isBase64Encoded: false,
    ...rest,
  };
}

describe('a payload 2.0 event read as its 1.0 twin', () => {
  it('method, source IP, request id, and the path without a named stage (the browser path keeps it)', () => {
    const rest = restEventOf(v2({ rawPath: '/prod/api/users/7', stage: 'prod', method: 'put' }));
    expect(rest.httpMethod).toBe('PUT');
    expect(rest.path).toBe('/api/users/7');
    expect(rest.requestContext.path).toBe('/prod/api/users/7');
    expect(rest.requestContext.identity.sourceIp).toBe('203.0.113.9');
    expect(rest.requestContext.requestId).toBe('req-1');
    // `$default` (and a custom domain's mapping) puts no stage in the path.
    expect(restEventOf(v2({ rawPath: '/prod/api/users/7' })).path).toBe('/prod/api/users/7');
    expect(restEventOf(v2({ rawPath: '/prod', stage: 'prod' })).path).toBe('/');
  });

  it('repeated query names stay apart: the last wins, `key[]` values join, as under the REST API', () => {
    const rest = restEventOf(
      v2({ rawQueryString: 'pid%5B%5D=1&pid%5B%5D=2&page=1&page=3&q=red+shoe%2C+42', queryStringParameters: {} }),
    );
    expect(rest.multiValueQueryStringParameters).toEqual({
      'pid[]': ['1', '2'],
      page: ['1', '3'],
      q: ['red shoe, 42'],
    });
    expect(normalizeQuery(rest)).toEqual({ 'pid[]': '2', pid: '1,2', page: '3', q: 'red shoe, 42' });
    expect(restEventOf(v2({})).queryStringParameters).toBeNull();
  });

  it('cookies go back into the Cookie header; headers keep their lower-case names; the body as sent', () => {
    const rest = restEventOf(
      v2({
        cookies: ['panel_session=abc', 'panel_login=def'],
        headers: { authorization: 'Basic eDp5', 'content-type': 'text/plain' },
        body: 'dHlwZT1D',
        isBase64Encoded: true,
      }),
    );
    expect(normalizeHeaders(rest)).toEqual({
      authorization: 'Basic eDp5',
      'content-type': 'text/plain',
      cookie: 'panel_session=abc; panel_login=def',
    });
    expect(rest.body).toBe('dHlwZT1D');
    expect(rest.isBase64Encoded).toBe(true);
  });

  it('the test twin of a 1.0 event reads back as that event', () => {
    const original = proxyEvent('POST', '/api/2.0/orders', {
      query: { 'product_ids[]': '4' },
      headers: { Authorization: 'Basic eDp5', Cookie: 'a=1; b=2' },
      body: { products: {} },
    });
    const back = restEventOf(v2Twin(original, 'dev'));
    expect(back.path).toBe('/api/2.0/orders');
    expect(back.requestContext.path).toBe('/dev/api/2.0/orders');
    expect(normalizeQuery(back)).toEqual(normalizeQuery(original));
    expect(normalizeHeaders(back)).toEqual(normalizeHeaders(original));
    expect(back.body).toBe(original.body);
  });
});

describe('a 1.0 answer sent as a 2.0 answer', () => {
  it('keeps status, headers and body; Set-Cookie lines go to `cookies`; repeated values are joined', () => {
    const answer: APIGatewayProxyResult = {
      statusCode: 303,
      headers: { Location: '/prod/admin/', 'Set-Cookie': 'panel_session=x; Path=/prod/admin' },
      multiValueHeaders: { Vary: ['Origin', 'Authorization'] },
      body: '',
    };
    expect(resultV2(answer)).toEqual({
      statusCode: 303,
      headers: { Location: '/prod/admin/', Vary: 'Origin, Authorization' },
      cookies: ['panel_session=x; Path=/prod/admin'],
      body: '',
      isBase64Encoded: false,
    });
  });

  it('a 1.0 event passes through unchanged, and a handler answers in the format it was called with', async () => {
    const seen: APIGatewayProxyEvent[] = [];
    const handler = eitherPayload(async (event: APIGatewayProxyEvent) => {
      seen.push(event);
      return { statusCode: 200, headers: { 'Set-Cookie': 'a=1' }, body: event.path };
    });
    const rest = proxyEvent('GET', '/api/version');
    const context = {} as Context;
    expect(await handler(rest, context)).toEqual({
      statusCode: 200,
      headers: { 'Set-Cookie': 'a=1' },
      body: '/api/version',
    });
    expect(seen[0]).toBe(rest);
    const http = await handler(v2({ rawPath: '/api/version' }), context);
    expect(http).toEqual({
      statusCode: 200,
      headers: {},
      cookies: ['a=1'],
      body: '/api/version',
      isBase64Encoded: false,
    });
    expect(isPayloadV2(rest)).toBe(false);
    expect(isPayloadV2(v2({}))).toBe(true);
  });
});
