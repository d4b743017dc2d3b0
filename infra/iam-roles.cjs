/**
 * One IAM role per function, allowing exactly the DynamoDB actions its row in
 * function-table.cjs names (table and index separately), its own log group,
 * and nothing else.
 */
const { allFunctions, roleLogicalId, DYNAMODB } = require('./function-table.cjs');

const TABLE_ARN = { 'Fn::GetAtt': ['StoreTable', 'Arn'] };
const INDEX_ARN = { 'Fn::Join': ['/', [{ 'Fn::GetAtt': ['StoreTable', 'Arn'] }, 'index', 'gsi1']] };

function statements(fn, service, stage) {
  // Fn::Join with pseudo parameters rather than Fn::Sub: '${...}' would be read as a Serverless variable.
  const logStreams = {
    'Fn::Join': [
      ':',
      ['arn', { Ref: 'AWS::Partition' }, 'logs', { Ref: 'AWS::Region' }, { Ref: 'AWS::AccountId' }, 'log-group', `/aws/lambda/${service}-${stage}-${fn.name}`, '*'],
    ],
  };
  const list = [
    {
      Effect: 'Allow',
      Action: ['logs:CreateLogStream', 'logs:PutLogEvents'],
      Resource: [logStreams],
    },
    // Authentication: the login item, the failed-login window and the caller's groups in one BatchGetItem.
    { Effect: 'Allow', Action: [`${DYNAMODB}BatchGetItem`], Resource: [TABLE_ARN] },
    // Counting a failed login: only items whose partition key starts with THROTTLE#.
    {
      Effect: 'Allow',
      Action: [`${DYNAMODB}UpdateItem`, `${DYNAMODB}PutItem`],
      Resource: [TABLE_ARN],
      Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['THROTTLE#*'] } },
    },
  ];
  if (fn.table.length > 0) {
    list.push({ Effect: 'Allow', Action: fn.table.map((a) => DYNAMODB + a), Resource: [TABLE_ARN] });
  }
  if (fn.index.length > 0) {
    list.push({ Effect: 'Allow', Action: fn.index.map((a) => DYNAMODB + a), Resource: [INDEX_ARN] });
  }
  return list;
}

module.exports = async ({ resolveVariable }) => {
  const service = await resolveVariable('self:service');
  const stage = await resolveVariable('sls:stage');
  const resources = {};
  for (const fn of allFunctions()) {
    resources[roleLogicalId(fn.name)] = {
      Type: 'AWS::IAM::Role',
      Properties: {
        AssumeRolePolicyDocument: {
          Version: '2012-10-17',
          Statement: [{ Effect: 'Allow', Principal: { Service: ['lambda.amazonaws.com'] }, Action: ['sts:AssumeRole'] }],
        },
        Policies: [{ PolicyName: `${fn.name}-access`, PolicyDocument: { Version: '2012-10-17', Statement: statements(fn, service, stage) } }],
      },
    };
  }
  return { Resources: resources };
};
