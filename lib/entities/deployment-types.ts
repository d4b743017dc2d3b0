/**
 * Where and how an entity's operations are deployed: the `deployment` block of its definition. Every
 * exported definition of lib/entities/*.ts that has one is on the API; `npm run generate`
 * (scripts/generate.ts) derives from these blocks the registry, the dispatchers' handler table and the
 * serverless function list with each function's path, stack and IAM actions (docs/recipes.md, "Adding an
 * entity"). A plain CRUD entity needs only `{ domain }`: its DynamoDB access follows from the generic code.
 */
export type DynamoAction =
  | 'GetItem'
  | 'PutItem'
  | 'UpdateItem'
  | 'DeleteItem'
  | 'Query'
  | 'BatchGetItem'
  | 'BatchWriteItem'
  | 'ConditionCheckItem';

/** The actions a function takes on the table, and on its index (gsi1). */
export interface FunctionAccess {
  table: readonly DynamoAction[];
  index?: readonly DynamoAction[];
}

/**
 * One function's facts that do not follow from the conventions, keyed in `functions` by the operation
 * (`list`) or, for a nested resource, `<nested>.<operation>` (`usergroups.list`).
 */
export interface FunctionOverride {
  /** The Lambda's name, where it is not `<entity>-<operation>` / `<entity>-<nested>-<operation>` (dashes for `_`). */
  name?: string;
  /** The handler file without `.ts`, where it is not `functions/<entity>/<operation>` / `functions/<entity>/<nested>-<operation>`. */
  handler?: string;
  /** Its DynamoDB access, replacing what the conventions give. */
  access?: readonly DynamoAction[] | FunctionAccess;
  /** Actions its hooks take on top of what the conventions give. */
  extra?: readonly DynamoAction[];
}

export interface Deployment {
  /** The stack its functions deploy in (docs/deploy.md, "Stacks and domains"): `catalog`, `orders`, … */
  domain: string;
  functions?: Readonly<Record<string, FunctionOverride>>;
}

/** One Lambda: the route key it serves (lib/http/route.ts), its handler, path, stack and DynamoDB actions. */
export interface FunctionRow {
  domain: string;
  name: string;
  key: string;
  handler: string;
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  table: DynamoAction[];
  index: DynamoAction[];
}
