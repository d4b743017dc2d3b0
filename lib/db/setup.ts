import {
  CreateTableCommand,
  DescribeTableCommand,
  type DynamoDBClient,
  PutItemCommand,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { LAYOUT_VERSION, layoutMarkerKey } from './layout.js';
import { TABLE_STREAM, TTL_ATTRIBUTE, tableDefinition } from './schema.js';

export interface EnsureTableOptions {
  /**
   * The change feed's stream (default on). Off only for a table no feed reads, a test's own: DynamoDB Local finds
   * a stream's shard by scanning every stream record it holds (test/support/table-of-its-own.ts).
   */
  stream?: boolean;
}

/**
 * Creates the table if it does not exist and waits until it is active; a table created before the change feed
 * gets its stream turned on. Used by scripts and tests, never by handlers.
 */
export async function ensureTable(
  client: DynamoDBClient,
  tableName: string,
  { stream = true }: EnsureTableOptions = {},
): Promise<'created' | 'existed'> {
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    if (stream && !Table?.StreamSpecification?.StreamEnabled) {
      await client.send(new UpdateTableCommand({ TableName: tableName, StreamSpecification: TABLE_STREAM }));
    }
    return 'existed';
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  try {
    const definition = tableDefinition(tableName);
    await client.send(new CreateTableCommand(stream ? definition : { ...definition, StreamSpecification: undefined }));
  } catch (error) {
    // Another process created it between our describe and create.
    if ((error as Error).name !== 'ResourceInUseException') throw error;
  }
  for (let attempt = 0; attempt < 100; attempt++) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    if (Table?.TableStatus === 'ACTIVE') break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
    }),
  );
  // A new table holds nothing of an older item layout: lists may read the current one at once.
  await client.send(
    new PutItemCommand({
      TableName: tableName,
      Item: { pk: { S: layoutMarkerKey.pk }, sk: { S: layoutMarkerKey.sk }, version: { N: String(LAYOUT_VERSION) } },
    }),
  );
  return 'created';
}
