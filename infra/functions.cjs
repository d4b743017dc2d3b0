/** `functions:` of serverless.yml, built from function-table.cjs. */
const { allFunctions, roleLogicalId } = require('./function-table.cjs');

module.exports = () =>
  Object.fromEntries(
    allFunctions().map((fn) => [fn.name, { handler: fn.handler, role: roleLogicalId(fn.name), events: fn.events }]),
  );
