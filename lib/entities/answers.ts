import type { AnswerKeys, ResourceDefinition, WriteOperation } from './types.js';

/**
 * POST and PUT answers (SPEC §3): the keys the definition's `answers` names, each id in its recorded JSON
 * type (`{"category_id":"265"}` for a PUT, `{"user_id":4,"profile_id":"3"}` for POST /users), then the
 * constant extras (`"message": ""` of POST /vendors). The one place an answer's types are decided.
 */
export function writeAnswer(
  resource: ResourceDefinition,
  operation: WriteOperation,
  ids: number | string | Readonly<Record<string, number | string>>,
): Record<string, unknown> {
  const answer: Record<string, unknown> = {};
  for (const [key, type] of Object.entries(answerKeys(resource, operation))) {
    const id = typeof ids === 'object' ? ids[key] : ids;
    if (id === undefined) throw new Error(`No value for the answer key ${key} of ${resource.name}.${operation}`);
    answer[key] = type === 'integer' ? Number(id) : String(id);
  }
  const extras = resource.http.answerExtras?.[operation];
  return { ...answer, ...extras };
}

/** The answer's keys and types: the definition's, else the id field as an integer (the seed's resources). */
export function answerKeys(resource: ResourceDefinition, operation: WriteOperation): AnswerKeys {
  return resource.http.answers?.[operation] ?? { [resource.schema.idField ?? `${resource.name}_id`]: 'integer' };
}
