/** `functions:` of serverless.yml, built from function-table.cjs. */
const { allFunctions, roleLogicalId } = require('./function-table.cjs');
const { tableStreamArn } = require('./stream-arn.cjs');
const { cursorKeyEnvironment } = require('./secrets.cjs');

module.exports = async ({ resolveVariable }) => {
  const domain = String(await resolveVariable('param:domain'));
  const functions = allFunctions(domain);
  const stack = { domain, service: await resolveVariable('self:service'), stage: await resolveVariable('sls:stage') };
  // A stream-triggered function's event names the table's stream: its own in `all`/`core`, imported elsewhere.
  const streamArn = functions.some((fn) => fn.stream) ? await tableStreamArn(resolveVariable) : undefined;
  return Object.fromEntries(
    functions.map((fn) => [
      fn.name,
      {
        handler: fn.handler,
        role: roleLogicalId(fn.name),
        // Only the functions that sign or verify list cursors learn where the key is (infra/secrets.cjs).
        ...(Object.keys(cursorKeyEnvironment(fn, stack)).length > 0 ? { environment: cursorKeyEnvironment(fn, stack) } : {}),
        events: fn.stream ? [{ stream: { type: 'dynamodb', arn: streamArn, ...fn.stream } }] : fn.events,
      },
    ]),
  );
};
