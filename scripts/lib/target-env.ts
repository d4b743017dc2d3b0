import { activeTableName } from './active-table.js';

/**
 * Points the SDK at the DynamoDB a script should use: a deployed stage's table
 * in AWS (`--stage NAME`, standard AWS credentials and region: the table the stage uses, its own
 * `store-api-NAME` unless switched to a restored one; an inherited TABLE_NAME does not count), or by default the
 * local DynamoDB of `npm start` (AWS_ENDPOINT_URL_DYNAMODB, else
 * http://127.0.0.1:$DYNAMODB_PORT, with dummy credentials if none are set).
 */
export async function useTarget(stage: string | undefined): Promise<{ tableName: string; endpoint: string }> {
  if (stage) {
    process.env.TABLE_NAME = await activeTableName(
      stage,
      process.env.AWS_REGION || process.env.AWS_DEFAULT_REGION || 'us-east-1',
    );
    return { tableName: process.env.TABLE_NAME, endpoint: process.env.AWS_ENDPOINT_URL_DYNAMODB || 'AWS' };
  }
  process.env.AWS_ENDPOINT_URL_DYNAMODB ||= `http://127.0.0.1:${process.env.DYNAMODB_PORT || '8000'}`;
  process.env.AWS_REGION ||= 'us-east-1';
  process.env.AWS_ACCESS_KEY_ID ||= 'local';
  process.env.AWS_SECRET_ACCESS_KEY ||= 'local';
  process.env.TABLE_NAME ||= 'store-api-local';
  return { tableName: process.env.TABLE_NAME, endpoint: process.env.AWS_ENDPOINT_URL_DYNAMODB };
}
