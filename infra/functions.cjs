/** `functions:` of serverless.yml, built from function-table.cjs. */
const { allFunctions, roleLogicalId } = require('./function-table.cjs');
const { apiKind } = require('./http-api.cjs');
const { tableStreamArn } = require('./stream-arn.cjs');
const { cursorKeyEnvironment } = require('./secrets.cjs');
const { queueUrl } = require('./webhook-queues.cjs');

module.exports = async ({ resolveVariable }) => {
  const domain = String(await resolveVariable('param:domain'));
  const functions = allFunctions(domain, undefined, await apiKind(resolveVariable));
  const stack = { domain, service: await resolveVariable('self:service'), stage: await resolveVariable('sls:stage') };
  const customDomain = String(await resolveVariable('param:customDomainName'));
  // The stage param mcpWrites (docs/configuration.md): only the MCP server reads it.
  const mcpWrites = String(await resolveVariable('param:mcpWrites'));
  // The OpenAPI document names the stage's custom domain as its first server (functions/docs/openapi.ts).
  const environmentOf = (fn) => ({
    ...cursorKeyEnvironment(fn, stack),
    ...(fn.name === 'docs-openapi' && customDomain ? { PUBLIC_URL: `https://${customDomain}` } : {}),
    ...(fn.name === 'mcp' ? { MCP_WRITES: mcpWrites } : {}),
    // A function that queues webhook deliveries learns where (lib/webhooks/dispatch.ts); without it, in-process.
    ...(fn.queues?.send?.includes('WebhookDeliveryQueue')
      ? { WEBHOOK_QUEUE_URL: queueUrl('WebhookDeliveryQueue', stack.service, stack.stage) }
      : {}),
  });
  // A stream-triggered function's event names the table's stream: its own in `all`/`core`, imported elsewhere.
  const streamArn = functions.some((fn) => fn.stream) ? await tableStreamArn(resolveVariable) : undefined;
  return Object.fromEntries(
    functions.map((fn) => [
      fn.name,
      {
        handler: fn.handler,
        role: roleLogicalId(fn.name),
        // Only the functions that sign or verify list cursors learn where the key is (infra/secrets.cjs), only
        // the senders where the delivery queue is.
        ...(Object.keys(environmentOf(fn)).length > 0 ? { environment: environmentOf(fn) } : {}),
        events: fn.stream ? [{ stream: { type: 'dynamodb', arn: streamArn, ...fn.stream } }] : fn.events,
        ...(fn.timeout ? { timeout: fn.timeout } : {}),
      },
    ]),
  );
};
