import { config } from '../config.js';
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

export function uniqueMarker(kind: string): UniqueMarker {
  const key = (value: string) => ({ pk: `${kind}#${value}`, sk: kind });
  return {
    key,
    claim: (value, attributes = {}) => ({
      Put: {
        TableName: config().tableName,
        Item: { ...key(value), ...attributes },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    }),
    release: (value) => ({ Delete: { TableName: config().tableName, Key: key(value) } }),
  };
}
