/**
 * The DynamoDB table: keys, index and TTL attribute from lib/db/table-schema.json (the one source,
 * read by lib/db/schema.ts too), with the stage's retention and protection params.
 */
const schema = require('../lib/db/table-schema.json');

module.exports = async ({ resolveVariable }) => {
  const tableName = await resolveVariable('self:custom.tableName');
  const deletionPolicy = await resolveVariable('param:tableDeletionPolicy');
  const deletionProtection = String(await resolveVariable('param:tableDeletionProtection')) === 'true';
  return {
    StoreTable: {
      Type: 'AWS::DynamoDB::Table',
      DeletionPolicy: deletionPolicy,
      UpdateReplacePolicy: deletionPolicy,
      Properties: {
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        DeletionProtectionEnabled: deletionProtection,
        AttributeDefinitions: schema.AttributeDefinitions,
        KeySchema: schema.KeySchema,
        GlobalSecondaryIndexes: schema.GlobalSecondaryIndexes,
        // The change feed's consumer reads it (lib/events/; the events stack imports its ARN).
        StreamSpecification: { StreamViewType: schema.StreamViewType },
        TimeToLiveSpecification: { AttributeName: schema.TimeToLiveAttribute, Enabled: true },
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        SSESpecification: { SSEEnabled: true },
      },
    },
  };
};
