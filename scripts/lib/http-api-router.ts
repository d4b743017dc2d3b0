/**
 * What API Gateway does for an HTTP API (payload format 2.0) that moto does not: serve its URL. moto keeps the
 * HTTP API's routes and integrations (created from the template by scripts/lib/moto_apigatewayv2.py) but runs no
 * Lambda code, so the deploy check starts this router beside it: a local HTTP server that, for each request,
 * picks the route as API Gateway does (scripts/lib/http-routes.ts), follows the route's integration to its
 * function, and runs that function's deployed code — the artifact the deploy uploaded, unzipped, with the
 * function's own environment — on the payload 2.0 event API Gateway would send, then answers with the function's
 * answer (2.0's `cookies` as Set-Cookie lines). Everything is read through the ordinary AWS APIs, so the route,
 * the integration, the function's handler, code and environment are all what the deploy created. Each call's
 * request and answer sizes are recorded: an HTTP API bills a request per started 512 KB.
 */
import { execFile, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ApiGatewayV2Client, GetIntegrationsCommand, GetRoutesCommand } from '@aws-sdk/client-apigatewayv2';
import { GetFunctionCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { GetObjectCommand, ListBucketsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { clientConfig } from './deployed-stage.js';
import { pickRoute } from './http-routes.js';
import { repoRoot } from './repo.js';

const run = promisify(execFile);
const RUNNER = join(repoRoot, 'scripts/lib/lambda-runner.cjs');
/** Bodies of these types reach the function as text; any other body base64-encoded, as an HTTP API does. */
const TEXT_BODY = /^(text\/|application\/(json|xml|x-www-form-urlencoded|javascript)|[^;]*\+json)/i;

export interface RoutedCall {
  method: string;
  path: string;
  routeKey: string;
  functionName: string;
  status: number;
  requestBytes: number;
  responseBytes: number;
}

export interface HttpApiRouter {
  /** http://127.0.0.1:PORT: the emulated stage's URL, `$default` stage (no stage name in the path). */
  url: string;
  calls: RoutedCall[];
  close(): Promise<void>;
}

interface Deployed {
  routes: Map<string, string>;
  functionOf: Map<string, string>;
}

interface Code {
  file: string;
  exported: string;
  environment: Record<string, string>;
}

export async function startHttpApiRouter(options: {
  apiId: string;
  region: string;
  /** The emulator's endpoint and credentials (MotoServer.env): the functions' AWS calls go there too. */
  env: Record<string, string>;
}): Promise<HttpApiRouter> {
  const config = clientConfig(options.region, options.env);
  const apis = new ApiGatewayV2Client(config);
  const lambda = new LambdaClient(config);
  const s3 = new S3Client({ ...config, forcePathStyle: true });
  const scratch = await mkdtemp(join(tmpdir(), 'store-api-http-router-'));
  const calls: RoutedCall[] = [];
  const codes = new Map<string, Promise<Code>>();

  // Read per request: a domain stack deployed later adds routes to the same API.
  const deployed = async (): Promise<Deployed> => {
    const [routes, integrations] = await Promise.all([
      apis.send(new GetRoutesCommand({ ApiId: options.apiId, MaxResults: '500' })),
      apis.send(new GetIntegrationsCommand({ ApiId: options.apiId, MaxResults: '500' })),
    ]);
    const uriOf = new Map((integrations.Items ?? []).map((i) => [i.IntegrationId!, i.IntegrationUri ?? '']));
    return {
      routes: new Map((routes.Items ?? []).map((r) => [r.RouteKey!, r.Target ?? ''])),
      functionOf: new Map(
        (routes.Items ?? []).map((r) => [
          r.RouteKey!,
          (uriOf.get((r.Target ?? '').replace(/^integrations\//, '')) ?? '').split(':function:').pop() ?? '',
        ]),
      ),
    };
  };

  /** The function's deployed code and environment, fetched and unzipped once per function. */
  const codeOf = (functionName: string) => {
    if (!codes.has(functionName))
      codes.set(
        functionName,
        (async () => {
          const fn = await lambda.send(new GetFunctionCommand({ FunctionName: functionName }));
          const key = decodeURIComponent(new URL(fn.Code!.Location!).pathname.slice(1));
          const zip = join(scratch, `${functionName}.zip`);
          await writeFile(zip, await objectBytes(s3, key));
          const dir = join(scratch, functionName);
          await run('unzip', ['-q', '-o', zip, '-d', dir]);
          const handler = fn.Configuration!.Handler!;
          const dot = handler.lastIndexOf('.');
          const base = join(dir, handler.slice(0, dot));
          const file = ['.cjs', '.js', '.mjs'].map((ext) => base + ext).find((f) => existsSync(f));
          if (!file) throw new Error(`${functionName}: ${handler} is not in its artifact`);
          return {
            file,
            exported: handler.slice(dot + 1),
            environment: fn.Configuration!.Environment?.Variables ?? {},
          };
        })(),
      );
    return codes.get(functionName)!;
  };

  const invoke = async (functionName: string, event: APIGatewayProxyEventV2) => {
    const code = await codeOf(functionName);
    const id = randomUUID();
    const eventFile = join(scratch, `${id}.event.json`);
    const resultFile = join(scratch, `${id}.result.json`);
    await writeFile(eventFile, JSON.stringify(event));
    await new Promise<void>((done, fail) => {
      const child = spawn(process.execPath, [RUNNER, code.file, code.exported, eventFile, resultFile], {
        env: {
          PATH: process.env.PATH ?? '',
          // The nodejs22.x runtime provides the AWS SDK v3, which the bundles leave out: this checkout's stands in.
          NODE_PATH: join(repoRoot, 'node_modules'),
          ...options.env,
          ...code.environment,
          AWS_LAMBDA_FUNCTION_NAME: functionName,
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      child.on('error', fail);
      child.on('exit', () => done());
    });
    const outcome = JSON.parse(await readFile(resultFile, 'utf8')) as {
      result?: APIGatewayProxyStructuredResultV2;
      error?: string;
    };
    await Promise.all([rm(eventFile, { force: true }), rm(resultFile, { force: true })]);
    if (outcome.error) throw new Error(`${functionName} failed: ${outcome.error}`);
    return outcome.result!;
  };

  const server: Server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const url = new URL(request.url ?? '/', 'http://emulated');
      const method = (request.method ?? 'GET').toUpperCase();
      const { routes, functionOf } = await deployed();
      const routeKey = pickRoute([...routes.keys()], method, url.pathname);
      const functionName = routeKey ? functionOf.get(routeKey) : undefined;
      if (!routeKey || !functionName) {
        // What an HTTP API answers when no route matches.
        response.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not Found"}');
        return;
      }
      const event = eventOf(request, url, method, routeKey, options.apiId, body);
      const answer = await invoke(functionName, event);
      const headers: Record<string, string | string[]> = { ...(answer.headers as Record<string, string>) };
      if (answer.cookies?.length) headers['set-cookie'] = answer.cookies;
      const bytes = answer.body
        ? Buffer.from(answer.body, answer.isBase64Encoded ? 'base64' : 'utf8')
        : Buffer.alloc(0);
      response.writeHead(answer.statusCode ?? 200, headers).end(bytes);
      calls.push({
        method,
        path: url.pathname,
        routeKey,
        functionName,
        status: answer.statusCode ?? 200,
        requestBytes: body.length + (request.url?.length ?? 0) + JSON.stringify(request.headers).length,
        responseBytes: bytes.length + JSON.stringify(headers).length,
      });
    })().catch((error: Error) => {
      // API Gateway's own answer to a failed integration.
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
      response.end('{"message":"Internal Server Error"}');
      console.error(`[http-api-router] ${error.stack ?? error.message}`);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: async () => {
      await new Promise<void>((done) => server.close(() => done()));
      for (const client of [apis, lambda, s3]) client.destroy();
      await rm(scratch, { recursive: true, force: true });
    },
  };
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((done, fail) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => done(Buffer.concat(chunks)));
    request.on('error', fail);
  });
}

/** The artifact's bytes: moto's Code.Location names the key, in the stack's deployment bucket. */
async function objectBytes(s3: S3Client, key: string): Promise<Buffer> {
  const buckets = (await s3.send(new ListBucketsCommand({}))).Buckets ?? [];
  for (const bucket of buckets) {
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: bucket.Name!, Prefix: key, MaxKeys: 1 }));
    if (listed.Contents?.some((o) => o.Key === key)) {
      const object = await s3.send(new GetObjectCommand({ Bucket: bucket.Name!, Key: key }));
      return Buffer.from(await object.Body!.transformToByteArray());
    }
  }
  throw new Error(`no deployment bucket holds ${key}`);
}

/** The payload 2.0 event of a request, as API Gateway builds it for the `$default` stage. */
function eventOf(
  request: IncomingMessage,
  url: URL,
  method: string,
  routeKey: string,
  apiId: string,
  body: Buffer,
): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  let cookies: string[] | undefined;
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    const joined = Array.isArray(value) ? value.join(',') : value;
    if (name === 'cookie') cookies = joined.split(/;\s*/).filter((c) => c.length > 0);
    else headers[name] = joined;
  }
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) query[name] = name in query ? `${query[name]},${value}` : value;
  const text = body.length === 0 || TEXT_BODY.test(headers['content-type'] ?? '');
  const now = Date.now();
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ''),
    ...(cookies ? { cookies } : {}),
    headers,
    ...(Object.keys(query).length > 0 ? { queryStringParameters: query } : {}),
    requestContext: {
      accountId: '123456789012',
      apiId,
      domainName: headers.host ?? `${apiId}.execute-api.us-east-1.amazonaws.com`,
      domainPrefix: apiId,
      http: {
        method,
        path: url.pathname,
        protocol: 'HTTP/1.1',
        sourceIp: request.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: new Date(now).toUTCString(),
      timeEpoch: now,
    },
    ...(body.length > 0 ? { body: text ? body.toString('utf8') : body.toString('base64') } : {}),
    isBase64Encoded: !text,
  };
}
