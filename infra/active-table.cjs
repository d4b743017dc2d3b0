/**
 * The table the stage's functions use. By default the core stack's own `StoreTable` (`<service>-<stage>`). After a
 * restore, `npm run admin -- switch-table` names another one (the restored table) in the SSM parameter
 * `/<service>/<stage>/table-name`, and `npm run deploy` passes it to every stack as the params `activeTable` and
 * `activeTableStreamArn` (scripts/lib/active-table.ts; docs/deploy.md, "Restoring the table"). Then every function's
 * TABLE_NAME, every role's grants, the change feed consumer's trigger, the alarms and the dashboard name that table,
 * by name rather than through the core's exports: CloudFormation refuses to change an export another stack imports.
 * The stack's own table stays as it is (never replaced, never deleted by a switch): the way back is a switch to it.
 */
async function activeTable(resolveVariable) {
  const own = String(await resolveVariable('self:custom.tableName'));
  const named = String((await resolveVariable('param:activeTable')) ?? '');
  if (!named || named === own) return { name: own, own: true };
  const streamArn = String((await resolveVariable('param:activeTableStreamArn')) ?? '');
  if (!streamArn)
    throw new Error(
      `activeTable=${named} needs activeTableStreamArn (npm run deploy reads both from the stage's table-name parameter)`,
    );
  return { name: named, own: false, streamArn };
}

/** The ARN of a table of this account and region, by name. */
const tableArnByName = (name) => ({
  'Fn::Sub': `arn:\${AWS::Partition}:dynamodb:\${AWS::Region}:\${AWS::AccountId}:table/${name}`,
});

/** `${file(./infra/active-table.cjs):name}` in serverless.yml: the functions' TABLE_NAME. */
const name = async ({ resolveVariable }) => (await activeTable(resolveVariable)).name;

module.exports = { activeTable, tableArnByName, name };
