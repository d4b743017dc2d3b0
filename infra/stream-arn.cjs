/**
 * The ARN of the table's stream (change feed, lib/events/): the table's own attribute in the stacks that hold
 * the table (`all`, `core`), the core stack's export `TableStreamArn` in a domain stack.
 */
async function tableStreamArn(resolveVariable) {
  const domain = String(await resolveVariable('param:domain'));
  if (domain === 'all' || domain === 'core') return { 'Fn::GetAtt': ['StoreTable', 'StreamArn'] };
  const service = await resolveVariable('self:service');
  const stage = await resolveVariable('sls:stage');
  return { 'Fn::ImportValue': `${service}-${stage}-TableStreamArn` };
}

module.exports = { tableStreamArn };
