/**
 * The DynamoDB table (keys as lib/db/schema.ts; test/deploy/template.test.ts
 * keeps the two equal), with the stage's retention and protection params.
 */
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
            IndexName: 'gsi1',
            KeySchema: [
              { AttributeName: 'gsi1pk', KeyType: 'HASH' },
              { AttributeName: 'gsi1sk', KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'ALL' },
          },
        ],
        // The change feed's consumer reads it (lib/events/; the events stack imports its ARN).
        StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
        TimeToLiveSpecification: { AttributeName: 'expires_at', Enabled: true },
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        SSESpecification: { SSEEnabled: true },
      },
    },
  };
};
