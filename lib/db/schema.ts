import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';
import { GSI1 } from './keys.js';

/**
 * The table definition used by the local dev server, the tests and the admin tool.
 * infra/table.cjs declares the same keys for AWS; test/deploy/template.test.ts keeps the two equal.
 */
export function tableDefinition(tableName: string): CreateTableCommandInput {
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [
      { AttributeName: 'pk', AttributeType: 'S' },
      { AttributeName: 'sk', AttributeType: 'S' },
      { AttributeName: 'gsi1pk', AttributeType: 'S' },
      { AttributeName: 'gsi1sk', AttributeType: 'S' },
    ],
    KeySchema: [
      { AttributeName: 'pk', KeyType: 'HASH' },
      { AttributeName: 'sk', KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: [
      {
        IndexName: GSI1,
        KeySchema: [
          { AttributeName: 'gsi1pk', KeyType: 'HASH' },
          { AttributeName: 'gsi1sk', KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      },
    ],
    // The change feed reads every committed change from the stream (lib/events/, docs/data-model.md "Events").
    StreamSpecification: TABLE_STREAM,
  };
}

/** New and old images: an update's event names the fields that changed, a delete's shows the last state. */
export const TABLE_STREAM = { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' } as const;

/** The attribute DynamoDB's TTL deletes expired items by (brute-force counters). */
export const TTL_ATTRIBUTE = 'expires_at';
