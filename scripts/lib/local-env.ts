import { DynamoDBClient } from '@aws-sdk/client-dynamodb';

/** The serverless stage the local server runs as. */
export const LOCAL_STAGE = 'local';

/**
 * serverless.yml names the table `${self:service}-${sls:stage}` and hands that to the handlers as TABLE_NAME,
 * so under `--stage local` they use this name whatever our own environment says.
 */
export const LOCAL_TABLE_NAME = `store-api-${LOCAL_STAGE}`;

/** Placeholder credentials: DynamoDB Local with -sharedDb accepts any, but the SDK refuses to sign without some. */
const DUMMY_CREDENTIALS = { AWS_ACCESS_KEY_ID: 'local', AWS_SECRET_ACCESS_KEY: 'local' } as const;

export interface AwsEnvOptions {
  /** The DynamoDB endpoint, e.g. http://127.0.0.1:8000. */
  endpoint: string;
  /**
   * True when the endpoint is an emulator we started: placeholder credentials always, so a developer's
   * AWS_PROFILE (SSO, MFA prompts) is never consulted. For an endpoint given by the user, their own
   * credentials are kept when they have any, and a real AWS endpoint is left entirely to the SDK's chain.
   */
  ownEmulator: boolean;
  env?: NodeJS.ProcessEnv;
}

/**
 * The standard SDK variables that point every client (this process, the handlers under serverless-offline,
 * Vitest workers) at one DynamoDB. serverless-offline copies AWS_* variables into handlers by itself.
 */
export function awsEnvFor({ endpoint, ownEmulator, env = process.env }: AwsEnvOptions): Record<string, string> {
  const region = env.AWS_REGION || env.AWS_DEFAULT_REGION || 'us-east-1';
  const result: Record<string, string> = { AWS_ENDPOINT_URL_DYNAMODB: endpoint, AWS_REGION: region };
  const isAws = /\.amazonaws\.com(\.cn)?(:\d+)?(\/|$)/i.test(endpoint);
  const hasOwnCredentials = Boolean(env.AWS_ACCESS_KEY_ID || env.AWS_PROFILE);
  if (ownEmulator || (!isAws && !hasOwnCredentials)) Object.assign(result, DUMMY_CREDENTIALS);
  return result;
}

/**
 * A client for scripts (readiness polls, table creation, bootstrap checks) built from `awsEnvFor`'s result.
 * A probe makes one attempt per call: the caller's poll loop is the retry, and the SDK's backoff on
 * "connection refused" would only stretch each probe.
 */
export function scriptDynamoClient(awsEnv: Record<string, string>, { probe = false } = {}): DynamoDBClient {
  const accessKeyId = awsEnv.AWS_ACCESS_KEY_ID;
  const secretAccessKey = awsEnv.AWS_SECRET_ACCESS_KEY;
  return new DynamoDBClient({
    endpoint: awsEnv.AWS_ENDPOINT_URL_DYNAMODB,
    region: awsEnv.AWS_REGION ?? 'us-east-1',
    ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
    maxAttempts: probe ? 1 : 3,
    requestHandler: { connectionTimeout: 2_000, requestTimeout: probe ? 2_000 : 10_000 },
  });
}
