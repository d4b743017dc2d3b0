import { DEFAULT_TABLE, type TableTarget } from './table-target.js';
import type { TransactItem } from './transact.js';

/**
 * A value that must be unique across the records of an entity (a language's lang_code, a status's
 * letter within its type): one marker item per value, put in the record's create transaction on
 * condition that it does not exist yet and deleted in the delete's transaction. Two concurrent
 * creates of one value therefore cannot both commit, and no Query of the records is needed.
 */
export interface UniqueMarker {
  key: (value: string) => { pk: string; sk: string };
  /** The Put that claims a value (fails the transaction when the value is taken). */
  claim: (value: string, attributes?: Record<string, unknown>) => TransactItem;
  /** The Delete that frees a value. */
  release: (value: string) => TransactItem;
}

/** The markers of `kind` in `table` (this instance's unless told; the table name is read at each use). */
export function uniqueMarker(kind: string, table: TableTarget = DEFAULT_TABLE): UniqueMarker {
  const key = (value: string) => ({ pk: `${kind}#${value}`, sk: kind });
  return {
    key,
    claim: (value, attributes = {}) => ({
      Put: {
        TableName: table.tableName,
        Item: { ...key(value), ...attributes },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    }),
    release: (value) => ({ Delete: { TableName: table.tableName, Key: key(value) } }),
  };
}
