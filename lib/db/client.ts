import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { isLocalEmulator, unsignedSigV4 } from './local-emulator.js';

/**
 * One document client per Lambda instance, created at module scope so that warm
 * invocations reuse its keep-alive connections. The endpoint, region and
 * credentials come from the standard SDK configuration (AWS_ENDPOINT_URL_DYNAMODB,
 * AWS_REGION, ...), so any DynamoDB-compatible endpoint works.
 */
let documentClient: DynamoDBDocumentClient | undefined;

export function createDocumentClient(): DynamoDBDocumentClient {
  const endpoint = process.env.AWS_ENDPOINT_URL_DYNAMODB || process.env.AWS_ENDPOINT_URL;
  const raw = new DynamoDBClient({
    region: process.env.AWS_REGION || process.env.AWS_DEFAULT_REGION || 'us-east-1',
    // The SDK's own retries handle throttling with backoff; after these, the API answers 503.
    maxAttempts: 3,
    // DynamoDB Local on this machine checks no signature: requests to it go unsigned (lib/db/local-emulator.ts).
    ...(isLocalEmulator(endpoint) ? { httpAuthSchemes: [unsignedSigV4] } : {}),
  });
  withoutCallLog(raw);
  return DynamoDBDocumentClient.from(traced(raw), {
    marshallOptions: { removeUndefinedValues: true },
  });
}

/**
 * The SDK's logger middleware hands every call's input and output to the client's logger, each copied first through
 * the operation's schema to mask sensitive members: a walk of every attribute of every item read or written. With no
 * logger configured (ours: the functions log through Powertools) the logger is a no-op whose `info` still receives
 * those copies. Measured in a test worker sending ~13,000 calls: about a tenth of its CPU. Removed, nothing else
 * changes; a logger set on the client later would get no per-call lines.
 */
function withoutCallLog(client: DynamoDBClient): void {
  client.middlewareStack.remove('loggerMiddleware');
}

/**
 * With X-Ray active tracing on (the `tracing` stage param sets POWERTOOLS_TRACE_ENABLED=true), every DynamoDB call
 * becomes a subsegment of the function's trace (Powertools Tracer), named by operation and table. Loaded only then:
 * `require` in the CommonJS bundle evaluates the tracer and the X-Ray SDK at this call, and only a traced stage's
 * bundles hold them (infra/esbuild-exclude.cjs): an untraced stage neither carries nor runs them (`npm run bench`,
 * "Functions": the init cost). Run as ES modules (`npm start`, tests) there is no `require` and no X-Ray daemon: untraced.
 */
function traced(client: DynamoDBClient): DynamoDBClient {
  if (process.env.POWERTOOLS_TRACE_ENABLED !== 'true' || typeof require !== 'function') return client;
  let tracer: typeof import('@aws-lambda-powertools/tracer');
  try {
    tracer = require('@aws-lambda-powertools/tracer') as typeof import('@aws-lambda-powertools/tracer');
  } catch {
    // Bundled without it (a stage deployed with tracing off, the variable set by hand): calls go untraced.
    return client;
  }
  return new tracer.Tracer({ serviceName: 'store-api' }).captureAWSv3Client(client);
}

export function db(): DynamoDBDocumentClient {
  documentClient ??= createDocumentClient();
  return documentClient;
}

/** Lets a benchmark or test count or fail calls by swapping the client. */
export function setDocumentClientForTests(client: DynamoDBDocumentClient | undefined): void {
  documentClient = client;
}
