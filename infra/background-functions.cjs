/**
 * The functions that are not API operations: the pages beside /api (the panel), the scheduled ones, and those a
 * DynamoDB stream or an SQS queue triggers. infra/function-table.cjs puts them into each stack's function list.
 */

/** The entity-method functions, generated from lib/entities/*.ts (the same object function-table.cjs holds). */
const FUNCTIONS = require('./functions.generated.json').functions;

/**
 * Functions that serve pages rather than API operations, in the core stack (they sit beside /api on the
 * same REST API, under their own root path, with ANY so that every method reaches them and they answer
 * 405 themselves). The administration panel (lib/panel/): sign-in sessions (PutItem, GetItem, DeleteItem),
 * the administrators list (Query of the user counts, Query of the index), accounts (GetItem) and the API
 * key switch (a conditional PutItem of the login item).
 */
const PAGES = [
  {
    domain: 'core',
    name: 'panel',
    handler: 'functions/panel/handler.handler',
    paths: ['admin', 'admin/{proxy+}'],
    table: ['GetItem', 'PutItem', 'DeleteItem', 'Query'],
    index: ['Query'],
  },
];

/**
 * Functions run on a schedule, not on a route: the webhook retry runner (functions/webhooks/retry.ts) every
 * minute through EventBridge, in the webhooks domain's stack with its own role: the due index (Query of the
 * GSI), each delivery's claim and outcome (GetItem, UpdateItem), and disabling a failing webhook (its
 * record's Put, index Delete/Put and count Update). No API bookkeeping is needed, but every role carries it.
 */
const SCHEDULED = [
  {
    // It queues the due attempts on the events stack's delivery queue, named, not imported (infra/webhook-queues.cjs).
    domain: 'webhooks',
    name: 'webhooks-retry',
    handler: 'functions/webhooks/retry.handler',
    events: [{ schedule: { rate: ['rate(1 minute)'] } }],
    table: ['GetItem', 'Query', 'UpdateItem', 'PutItem', 'DeleteItem'],
    index: ['Query'],
    queues: { send: ['WebhookDeliveryQueue'] },
  },
];

/** The scheduled functions of one stack (all of them in `all`), without their domain. */
const scheduledFunctions = (domain) =>
  SCHEDULED.filter((fn) => domain === 'all' || fn.domain === domain).map(({ domain: _d, ...fn }) => fn);

/**
 * Functions triggered by the table's stream rather than HTTP, in their domain's stack. The change feed's
 * consumer (functions/events/consume.ts) reads the stream (infra/iam-roles.cjs grants the stream's read
 * actions on its ARN), reads a user's company name for users events (BatchGetItem), writes the event
 * store's items with transactions of PutItem (marker and feed item) and the day index (PutItem of `EVENTDAYS`),
 * and hands the events to the webhooks (lib/webhooks/sink.ts): a Query of the active webhooks (their status
 * index, their records) and a delivery and its marker per match (PutItem), then queues them
 * (sqs:SendMessage to WebhookDeliveryQueue; it sends no POST itself). Every write and read is confined by `keys`
 * to those partitions. Only entity records and memberships reach it: the event source's filter drops every other
 * item (bookkeeping, index items, the event store's and the deliveries' own writes) before an invocation is paid
 * for. A batch it gives up on goes to EventsConsumerFailureQueue (sqs:SendMessage, as Lambda's on-failure
 * destination needs of the function's role).
 */
const STREAM_FUNCTIONS = [
  {
    domain: 'events',
    name: 'events-consumer',
    handler: 'functions/events/consume.handler',
    stream: {
      batchSize: 100,
      startingPosition: 'TRIM_HORIZON',
      bisectBatchOnFunctionError: true,
      // A failing batch (DynamoDB throttled past the SDK's retries, a bug; never a receiver: the consumer sends
      // nothing) is retried, halved, for up to 6 h, then its shard and sequence range go to the on-failure
      // queue, leaving 18 h of the stream's 24 h to replay it (`npm run admin -- replay-events`).
      maximumRetryAttempts: 100,
      maximumRecordAgeInSeconds: 21600,
      destinations: { onFailure: { arn: { 'Fn::GetAtt': ['EventsConsumerFailureQueue', 'Arn'] }, type: 'sqs' } },
      filterPatterns: [
        { dynamodb: { Keys: { sk: { S: ['RECORD', 'PROFILE', { prefix: 'LINK#' }] } } } },
        { dynamodb: { Keys: { pk: { S: ['USERGROUPS'] } } } },
      ],
    },
    table: ['PutItem', 'BatchGetItem', 'GetItem', 'Query', 'UpdateItem', 'DeleteItem'],
    keys: [
      'EVENTS#*',
      'EVENTID#*',
      'EVENTDAYS',
      'WEBHOOK#*',
      'IDX#webhook#*',
      'SORT#webhook#*',
      'COUNT#webhook',
      'COUNT#webhook#*',
      'WHDELIVERY#*',
      'WHHEALTH#*',
    ],
    index: [],
    queues: { send: ['WebhookDeliveryQueue', 'EventsConsumerFailureQueue'] },
  },
];

/**
 * Functions triggered by a queue: the webhook delivery worker (functions/webhooks/deliver.ts) takes due
 * attempts from WebhookDeliveryQueue (infra/webhook-queues.cjs) five at a time, within a time-out of five
 * attempts' worth: it claims a delivery (UpdateItem), reads its webhook (GetItem), POSTs, records the outcome
 * (UpdateItem of the delivery and the health item, GetItem of the health item) and disables a failing
 * webhook (its record's Put, index Delete/Put, count Update).
 */
const QUEUE_FUNCTIONS = [
  {
    domain: 'events',
    name: 'webhooks-deliver',
    handler: 'functions/webhooks/deliver.handler',
    timeout: 60,
    events: [
      {
        sqs: {
          arn: { 'Fn::GetAtt': ['WebhookDeliveryQueue', 'Arn'] },
          batchSize: 5,
          functionResponseType: 'ReportBatchItemFailures',
        },
      },
    ],
    table: ['GetItem', 'Query', 'UpdateItem', 'PutItem', 'DeleteItem'],
    index: [],
    queues: { receive: ['WebhookDeliveryQueue'] },
  },
];

/** The stream-triggered functions of a stack (none for a hypothetical function table of the deploy tests). */
function streamFunctions(domain, rows) {
  if (rows !== FUNCTIONS) return [];
  return STREAM_FUNCTIONS.filter((fn) => domain === 'all' || fn.domain === domain);
}

/** The queue-triggered functions of a stack, without their domain. */
function queueFunctions(domain, rows) {
  if (rows !== FUNCTIONS) return [];
  return QUEUE_FUNCTIONS.filter((fn) => domain === 'all' || fn.domain === domain).map(({ domain: _d, ...fn }) => fn);
}

function pageFunctions() {
  return PAGES.map(({ paths, ...fn }) => ({ ...fn, events: paths.map((path) => ({ http: { method: 'any', path } })) }));
}

module.exports = {
  PAGES,
  SCHEDULED,
  STREAM_FUNCTIONS,
  QUEUE_FUNCTIONS,
  pageFunctions,
  scheduledFunctions,
  streamFunctions,
  queueFunctions,
};
