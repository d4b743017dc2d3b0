/**
 * The building blocks of the least-privilege contract (test/deploy/expected-access.ts): a function's DynamoDB actions
 * on the table and on its index, and the two sets every plain list and get take.
 */

export interface Access {
  table: string[];
  index: string[];
}

export const access = (table: string[], index: string[] = []): Access => ({
  table: [...table].sort(),
  index: [...index].sort(),
});

export const LIST = access(['GetItem', 'Query']);
export const GET = access(['GetItem']);
