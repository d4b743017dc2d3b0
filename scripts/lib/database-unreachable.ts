/** Network failures that mean "nothing answers at that address" rather than a refusal by DynamoDB itself. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ETIMEDOUT',
  'ECONNRESET',
]);

/**
 * What to tell a person whose command found no DynamoDB at `endpoint` (undefined: not a connection failure).
 * The bare `connect ECONNREFUSED 127.0.0.1:8000` does not say that the local commands need `npm start` running.
 */
export function unreachableDatabaseMessage(
  error: unknown,
  endpoint: string,
  stage: string | undefined,
): string | undefined {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code !== 'string' || !UNREACHABLE_CODES.has(code)) return undefined;
  if (stage) return `no DynamoDB answers for stage '${stage}' (${code}); check the AWS region, credentials and network`;
  return [
    `no DynamoDB answers at ${endpoint} (${code}).`,
    'Start the local server first: `npm start` in another terminal (its DynamoDB listens on port 8000, or on DYNAMODB_PORT),',
    'or point AWS_ENDPOINT_URL_DYNAMODB at a running DynamoDB, or add --stage NAME for a deployed stage.',
  ].join('\n');
}
