/** `functions:` of serverless.yml, built from function-table.cjs. */
const { allFunctions, roleLogicalId } = require('./function-table.cjs');
const { tableStreamArn } = require('./stream-arn.cjs');

module.exports = async ({ resolveVariable }) => {
  const domain = String(await resolveVariable('param:domain'));
  const functions = allFunctions(domain);
  // A stream-triggered function's event names the table's stream: its own in `all`/`core`, imported elsewhere.
  const streamArn = functions.some((fn) => fn.stream) ? await tableStreamArn(resolveVariable) : undefined;
  return Object.fromEntries(
    functions.map((fn) => [
      fn.name,
      {
        handler: fn.handler,
        role: roleLogicalId(fn.name),
        events: fn.stream ? [{ stream: { type: 'dynamodb', arn: streamArn, ...fn.stream } }] : fn.events,
        ...(fn.timeout ? { timeout: fn.timeout } : {}),
        // A function that queues webhook deliveries learns where (lib/webhooks/dispatch.ts); without it, in-process.
        ...(fn.queues?.send?.includes('WebhookDeliveryQueue') ? { environment: { WEBHOOK_QUEUE_URL: { Ref: 'WebhookDeliveryQueue' } } } : {}),
      },
    ]),
  );
};
