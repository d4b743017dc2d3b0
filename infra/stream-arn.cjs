const { activeTable } = require('./active-table.cjs');

/**
 * The ARN of the table's stream (change feed, lib/events/): the table's own attribute in the stacks that hold
 * the table (`all`, `core`), the core stack's export `TableStreamArn` in a domain stack; after a switch to another
 * table (infra/active-table.cjs), that table's stream as `npm run deploy` read it.
 */
async function tableStreamArn(resolveVariable) {
  const active = await activeTable(resolveVariable);
  if (!active.own) return active.streamArn;
  const domain = String(await resolveVariable('param:domain'));
  if (domain === 'all' || domain === 'core') return { 'Fn::GetAtt': ['StoreTable', 'StreamArn'] };
  const service = await resolveVariable('self:service');
  const stage = await resolveVariable('sls:stage');
  return { 'Fn::ImportValue': `${service}-${stage}-TableStreamArn` };
}

module.exports = { tableStreamArn };
