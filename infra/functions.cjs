/** `functions:` of serverless.yml, built from function-table.cjs. */
const { allFunctions, roleLogicalId } = require('./function-table.cjs');

module.exports = async ({ resolveVariable }) =>
  Object.fromEntries(
    allFunctions(String(await resolveVariable('param:domain'))).map((fn) => [fn.name, { handler: fn.handler, role: roleLogicalId(fn.name), events: fn.events }]),
  );
