import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * One document client per Lambda instance, created at module scope so that warm
 * invocations reuse its keep-alive connections. The endpoint, region and
 * credentials come from the standard SDK configuration (AWS_ENDPOINT_URL_DYNAMODB,
 * AWS_REGION, ...), so any DynamoDB-compatible endpoint works.
 */
let documentClient: DynamoDBDocumentClient | undefined;

export function createDocumentClient(): DynamoDBDocumentClient {
  const raw = new DynamoDBClient({
    region: process.env.AWS_REGION || process.env.AWS_DEFAULT_REGION || 'us-east-1',
    // The SDK's own retries handle throttling with backoff; after these, the API answers 503.
    maxAttempts: 3,
  });
  return DynamoDBDocumentClient.from(raw, {
    marshallOptions: { removeUndefinedValues: true },
  });
}

export function db(): DynamoDBDocumentClient {
  documentClient ??= createDocumentClient();
  return documentClient;
}

/** Lets a benchmark or test count or fail calls by swapping the client. */
export function setDocumentClientForTests(client: DynamoDBDocumentClient | undefined): void {
  documentClient = client;
}
