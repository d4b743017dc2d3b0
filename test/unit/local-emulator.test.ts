/**
 * lib/db/local-emulator.ts: a client whose endpoint is plain HTTP on this machine (DynamoDB Local) sends its calls
 * unsigned, with the credential scope and only the headers DynamoDB Local reads; any other endpoint is signed.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it } from 'vitest';
import { createDocumentClient } from '../../lib/db/client.js';
import { isLocalEmulator, unsignedSigV4 } from '../../lib/db/local-emulator.js';

const saved = { ...process.env };
afterEach(() => {
  for (const name of ['AWS_ENDPOINT_URL_DYNAMODB', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_REGION'])
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
});

/** One GetItem through lib's document client to a server on 127.0.0.1 that records the request's headers. */
async function headersOfOneCall(): Promise<IncomingHttpHeaders> {
  let seen: IncomingHttpHeaders = {};
  const server = createServer((request, response) => {
    seen = request.headers;
    response.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' });
    response.end('{"Item":{"pk":{"S":"a"}}}');
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  try {
    process.env.AWS_ENDPOINT_URL_DYNAMODB = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const client = createDocumentClient();
    const answer = await client.send(new GetCommand({ TableName: 'any', Key: { pk: 'a' } }));
    expect(answer.Item).toEqual({ pk: 'a' });
    client.destroy();
    return seen;
  } finally {
    server.close();
  }
}

describe('DynamoDB Local on this machine', () => {
  it.each([
    ['http://127.0.0.1:8000', true],
    ['http://localhost:8000', true],
    ['http://[::1]:8000', true],
    ['https://127.0.0.1:8000', false],
    ['https://dynamodb.eu-west-1.amazonaws.com', false],
    ['http://dynamodb.example.com:8000', false],
    ['not a url', false],
    [undefined, false],
  ])('%s is a local emulator: %s', (endpoint, local) => {
    expect(isLocalEmulator(endpoint)).toBe(local);
  });

  it('gets the credential scope of the credentials and region, unsigned, and only the headers it reads', async () => {
    Object.assign(process.env, {
      AWS_ACCESS_KEY_ID: 'key-of-a-store',
      AWS_SECRET_ACCESS_KEY: 'x',
      AWS_REGION: 'eu-west-1',
    });
    const headers = await headersOfOneCall();
    expect(headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=key-of-a-store\/\d{8}\/eu-west-1\/dynamodb\/aws4_request, SignedHeaders=host, Signature=unsigned$/,
    );
    expect(Object.keys(headers).sort()).toEqual(
      ['authorization', 'connection', 'content-length', 'content-type', 'host', 'x-amz-target'].sort(),
    );
    expect(headers['x-amz-target']).toBe('DynamoDB_20120810.GetItem');
  });

  it('an endpoint elsewhere keeps the SDK signing every call', () => {
    process.env.AWS_ENDPOINT_URL_DYNAMODB = 'https://dynamodb.eu-west-1.amazonaws.com';
    const remote = createDocumentClient();
    process.env.AWS_ENDPOINT_URL_DYNAMODB = 'http://127.0.0.1:8000';
    const local = createDocumentClient();
    const signerOf = (client: typeof remote) =>
      (client.config as unknown as { httpAuthSchemes: (typeof unsignedSigV4)[] }).httpAuthSchemes.find(
        (scheme) => scheme.schemeId === 'aws.auth#sigv4',
      )?.signer;
    expect(signerOf(local)).toBe(unsignedSigV4.signer);
    expect(signerOf(remote)).toBeDefined();
    expect(signerOf(remote)).not.toBe(unsignedSigV4.signer);
  });
});
