/**
 * One IAM role per function, allowing exactly the DynamoDB actions its row in
 * function-table.cjs names (table and index separately), its own log group,
 * and nothing else.
 */
const {
  allFunctions,
  roleLogicalId,
  DYNAMODB,
  BOOKKEEPING_ACTIONS,
  BOOKKEEPING_KEYS,
} = require('./function-table.cjs');
const { apiKind } = require('./http-api.cjs');
const { queueArn } = require('./webhook-queues.cjs');

/** The change feed's queues a function sends to or receives from (infra/webhook-queues.cjs), by name. */
function queueStatements(fn, service, stage) {
  const arnOf = (id) => queueArn(id, service, stage);
  const list = [];
  if (fn.queues?.send?.length)
    list.push({ Effect: 'Allow', Action: ['sqs:SendMessage'], Resource: fn.queues.send.map(arnOf) });
  if (fn.queues?.receive?.length) {
    list.push({
      Effect: 'Allow',
      Action: ['sqs:ChangeMessageVisibility', 'sqs:DeleteMessage', 'sqs:GetQueueAttributes', 'sqs:ReceiveMessage'],
      Resource: fn.queues.receive.map(arnOf),
    });
  }
  return list;
}

const { needsCursorKey, cursorKeyStatement } = require('./secrets.cjs');

/** What X-Ray active tracing needs of a function's role (the `tracing` param). */
const TRACING_STATEMENT = {
  Effect: 'Allow',
  Action: ['xray:PutTraceSegments', 'xray:PutTelemetryRecords'],
  Resource: ['*'],
};

/** Grants every role gets beside its DynamoDB access: the cursor key where it signs cursors, X-Ray when tracing is on. */
function operationsStatements(fn, service, stage, tracing) {
  return [...(needsCursorKey(fn) ? [cursorKeyStatement(service, stage)] : []), ...(tracing ? [TRACING_STATEMENT] : [])];
}

function statements(fn, service, stage, tableArn, streamArn) {
  const indexArn = { 'Fn::Join': ['/', [tableArn, 'index', 'gsi1']] };
  // Fn::Join with pseudo parameters rather than Fn::Sub: '${...}' would be read as a Serverless variable.
  const logStreams = {
    'Fn::Join': [
      ':',
      [
        'arn',
        { Ref: 'AWS::Partition' },
        'logs',
        { Ref: 'AWS::Region' },
        { Ref: 'AWS::AccountId' },
        'log-group',
        `/aws/lambda/${service}-${stage}-${fn.name}`,
        '*',
      ],
    ],
  };
  const logs = { Effect: 'Allow', Action: ['logs:CreateLogStream', 'logs:PutLogEvents'], Resource: [logStreams] };
  // --- events (issue 20) ---: a stream-triggered function reads the stream and writes only its own partitions.
  if (fn.stream) return [...streamStatements(fn, logs, tableArn, streamArn), ...queueStatements(fn, service, stage)];
  const list = [
    logs,
    // Authentication: the login item, the failed-login window and the caller's groups in one BatchGetItem.
    { Effect: 'Allow', Action: [`${DYNAMODB}BatchGetItem`], Resource: [tableArn] },
    // The shared middleware's bookkeeping, only on items whose partition key says what they are:
    // failed-login counters (THROTTLE#), per-user token buckets (RATE#) and Idempotency-Keys (IDEMPOTENCY#:
    // claimed with PutItem, completed with UpdateItem, released with DeleteItem, read with GetItem).
    {
      Effect: 'Allow',
      Action: BOOKKEEPING_ACTIONS.map((a) => DYNAMODB + a),
      Resource: [tableArn],
      Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': BOOKKEEPING_KEYS } },
    },
  ];
  if (fn.table.length > 0) {
    list.push({ Effect: 'Allow', Action: fn.table.map((a) => DYNAMODB + a), Resource: [tableArn] });
  }
  if (fn.index.length > 0) {
    list.push({ Effect: 'Allow', Action: fn.index.map((a) => DYNAMODB + a), Resource: [indexArn] });
  }
  return [...list, ...queueStatements(fn, service, stage)];
}

function streamStatements(fn, logs, tableArn, streamArn) {
  const reads = ['DescribeStream', 'GetRecords', 'GetShardIterator', 'ListStreams'];
  const writes = fn.table.filter((action) => action !== 'BatchGetItem');
  return [
    logs,
    { Effect: 'Allow', Action: reads.map((a) => DYNAMODB + a), Resource: [streamArn] },
    ...(fn.table.includes('BatchGetItem')
      ? [{ Effect: 'Allow', Action: [`${DYNAMODB}BatchGetItem`], Resource: [tableArn] }]
      : []),
    {
      Effect: 'Allow',
      Action: writes.map((a) => DYNAMODB + a),
      Resource: [tableArn],
      Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': fn.keys } },
    },
  ];
}

/** The roles of the functions of one stack (`domain`), granting access to `tableArn` (and its stream's `streamArn`). */
module.exports = async ({ resolveVariable, domain, tableArn, streamArn }) => {
  const service = await resolveVariable('self:service');
  const stage = await resolveVariable('sls:stage');
  const tracing = String(await resolveVariable('param:tracing')) === 'true';
  const resources = {};
  for (const fn of allFunctions(domain, undefined, await apiKind(resolveVariable))) {
    resources[roleLogicalId(fn.name)] = {
      Type: 'AWS::IAM::Role',
      Properties: {
        AssumeRolePolicyDocument: {
          Version: '2012-10-17',
          Statement: [
            { Effect: 'Allow', Principal: { Service: ['lambda.amazonaws.com'] }, Action: ['sts:AssumeRole'] },
          ],
        },
        Policies: [
          {
            PolicyName: `${fn.name}-access`,
            PolicyDocument: {
              Version: '2012-10-17',
              Statement: [
                ...statements(fn, service, stage, tableArn, streamArn),
                ...operationsStatements(fn, service, stage, tracing),
              ],
            },
          },
        ],
      },
    };
  }
  return resources;
};
