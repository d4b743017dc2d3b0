import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';
import tableSchema from './table-schema.json' with { type: 'json' };

/**
 * The table's keys, index and TTL attribute have one source, lib/db/table-schema.json: this file
 * reads it for the local dev server, the tests and the admin tool, and infra/table.cjs reads it
 * for the CloudFormation table serverless.yml deploys.
 */
export function tableDefinition(tableName: string): CreateTableCommandInput {
  const { AttributeDefinitions, KeySchema, GlobalSecondaryIndexes } = tableSchema as Pick<
    CreateTableCommandInput,
    'AttributeDefinitions' | 'KeySchema' | 'GlobalSecondaryIndexes'
  >;
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions,
    KeySchema,
    GlobalSecondaryIndexes,
    // The change feed reads every committed change from the stream (lib/events/, docs/data-model.md "Events").
    StreamSpecification: TABLE_STREAM,
  };
}

/** New and old images: an update's event names the fields that changed, a delete's shows the last state. */
export const TABLE_STREAM = { StreamEnabled: true, StreamViewType: tableSchema.StreamViewType as 'NEW_AND_OLD_IMAGES' };

/** The attribute DynamoDB's TTL deletes expired items by (brute-force counters). */
export const TTL_ATTRIBUTE: string = tableSchema.TimeToLiveAttribute;

/** The one secondary index (partition `gsi1pk`, sort `gsi1sk`). */
export const GSI1: string = tableSchema.GlobalSecondaryIndexes[0]!.IndexName;
