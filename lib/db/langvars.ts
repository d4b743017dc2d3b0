import { config } from '../config.js';
import { NotFoundError, StaleError, ValidationError } from '../errors.js';
import { batchGet } from './batch-get.js';
import { deleteItems } from './batch-write.js';
import { readItem } from './items.js';
import { langCodes } from './lang-codes.js';
import { type QueryInput, queryAll, queryCount, queryFirst } from './query.js';
import { ConditionFailed, transactWrite } from './transact.js';

/**
 * Language variables, one item per (language, name): pk `LANGVAR#<lang_code>`, sk `<name>`, attributes
 * `lang_code`, `name`, `value`. A language's partition is its variables in name order (the recording's fixed
 * order), so a page is a Query of it, a name prefix a `begins_with` on the sort key. Every write holds a
 * ConditionCheck of the language's code marker (LANGCODE#<code>, lib/db/lang-codes.ts): a variable of
 * a language that does not exist is never written, also not while that language is being deleted.
 */
export interface Langvar {
  lang_code: string;
  name: string;
  value: string;
}

const table = () => config().tableName;
const key = (code: string, name: string) => ({ pk: `LANGVAR#${code}`, sk: name });
const asLangvar = (item: Record<string, unknown>): Langvar => ({
  lang_code: String(item.lang_code),
  name: String(item.name),
  value: String(item.value ?? ''),
});
const languageMissing = () => {
  const message = 'The lang_code field names a language that does not exist';
  return new ValidationError(message, [{ field: 'lang_code', message }]);
};
const languageCheck = (code: string) => ({
  ConditionCheck: { TableName: table(), Key: langCodes.key(code), ConditionExpression: 'attribute_exists(pk)' },
});

export async function getLangvar(code: string, name: string): Promise<Langvar | undefined> {
  const item = await readItem(key(code, name));
  return item ? asLangvar(item) : undefined;
}

export interface LangvarQuery {
  /** Prefix of the name. */
  name?: string;
  /** Substring of the value. */
  value?: string;
  /** Substring of the name or the value. */
  q?: string;
  page: number;
  itemsPerPage: number;
}

/** One page of a language's variables in name order, and how many match. */
export async function listLangvars(code: string, query: LangvarQuery): Promise<{ rows: Langvar[]; total: number }> {
  const names: Record<string, string> = { '#pk': 'pk' };
  const values: Record<string, unknown> = { ':pk': `LANGVAR#${code}` };
  let keyCondition = '#pk = :pk';
  if (query.name) {
    names['#sk'] = 'sk';
    values[':prefix'] = query.name;
    keyCondition += ' AND begins_with(#sk, :prefix)';
  }
  const filters: string[] = [];
  if (query.value) {
    names['#value'] = 'value';
    values[':value'] = query.value;
    filters.push('contains(#value, :value)');
  }
  if (query.q) {
    names['#value'] = 'value';
    names['#name'] = 'name';
    values[':q'] = query.q;
    filters.push('(contains(#name, :q) OR contains(#value, :q))');
  }
  const input: QueryInput = {
    KeyConditionExpression: keyCondition,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
    ...(filters.length > 0 ? { FilterExpression: filters.join(' AND ') } : {}),
    ConsistentRead: true,
  };
  const end = query.page * query.itemsPerPage;
  const read = async () => {
    const items = await queryFirst({ ...input, ...(filters.length === 0 ? { Limit: end } : {}) }, end);
    return items.slice(end - query.itemsPerPage, end).map(asLangvar);
  };
  const [rows, total] = await Promise.all([read(), queryCount(input)]);
  return { rows, total };
}

/** Writes a variable of a language (a POST of an existing name replaces its value, as CS-Cart does). */
export async function putLangvar(langvar: Langvar): Promise<void> {
  try {
    await transactWrite([
      { Put: { TableName: table(), Item: { ...key(langvar.lang_code, langvar.name), ...langvar } } },
      languageCheck(langvar.lang_code),
    ]);
  } catch (error) {
    if (error instanceof ConditionFailed) throw languageMissing();
    throw error;
  }
}

/** Changes the value of an existing variable: 404 when the language has no variable of that name. */
export async function updateLangvar(code: string, name: string, value: string, expected?: string): Promise<void> {
  const judged = expected === undefined ? {} : { ':expected': expected };
  try {
    await transactWrite([
      {
        Update: {
          TableName: table(),
          Key: key(code, name),
          UpdateExpression: 'SET #value = :value',
          // With `expected` (an If-Match judged on that value): only while the value is still that one.
          ConditionExpression:
            expected === undefined ? 'attribute_exists(pk)' : 'attribute_exists(pk) AND #value = :expected',
          ExpressionAttributeNames: { '#value': 'value' },
          ExpressionAttributeValues: { ':value': value, ...judged },
        },
      },
      languageCheck(code),
    ]);
  } catch (error) {
    if (error instanceof ConditionFailed) {
      if (!error.failed.includes(0)) throw languageMissing();
      throw expected === undefined ? new NotFoundError() : new StaleError(STALE_LANGVAR);
    }
    throw error;
  }
}

const STALE_LANGVAR = 'The language variable has changed since the If-Match entity tag was issued; nothing was changed';

/**
 * Deletes a variable in the given languages: 404 when none of them has it. With `judged` (an If-Match
 * judged on the value in that language) that language's variable goes first, only while it still has
 * that value (412 otherwise, nothing deleted).
 */
export async function deleteLangvar(
  codes: readonly string[],
  name: string,
  judged?: { code: string; value: string },
): Promise<void> {
  if (judged) {
    try {
      await transactWrite([
        {
          Delete: {
            TableName: table(),
            Key: key(judged.code, name),
            ConditionExpression: 'attribute_exists(pk) AND #value = :expected',
            ExpressionAttributeNames: { '#value': 'value' },
            ExpressionAttributeValues: { ':expected': judged.value },
          },
        },
      ]);
    } catch (error) {
      if (error instanceof ConditionFailed) throw new StaleError(STALE_LANGVAR);
      throw error;
    }
  }
  const lookup = await batchGet(codes.map((code) => key(code, name)));
  const found = codes.filter((code) => lookup(key(code, name)));
  if (found.length === 0) {
    if (judged) return;
    throw new NotFoundError();
  }
  await deleteItems(found.map((code) => key(code, name)));
}

/** Every variable of a language (after the language is deleted): one Query of its partition, BatchWriteItem per 25. */
export async function deleteLangvarsOf(code: string): Promise<void> {
  const items = await queryAll({
    KeyConditionExpression: '#pk = :pk',
    ExpressionAttributeNames: { '#pk': 'pk' },
    ExpressionAttributeValues: { ':pk': `LANGVAR#${code}` },
    ProjectionExpression: 'pk, sk',
  });
  await deleteItems(items.map((item) => ({ pk: String(item.pk), sk: String(item.sk) })));
}
