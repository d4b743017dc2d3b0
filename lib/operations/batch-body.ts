import { type BatchedOperation, batchedOperations } from '../entities/methods.js';
import type { EntityDefinition } from '../entities/types.js';
import type { FieldError } from '../errors.js';
import { ValidationError } from '../errors.js';
import type { RequestBody } from '../http/body.js';
import { errorToResult } from '../http/error-response.js';
import { badRequest, HttpError } from '../http/http-errors.js';

/** At most this many operations in one batch, all lists together (docs/api.md "Batches and upsert"). */
export const MAX_BATCH_OPERATIONS = 100;

/** The lists a batch body may hold: the entity's write operations, and `upsert` where the entity has one. */
export type BatchList = BatchedOperation | 'upsert';

/** One item of a batch, as sent: which list, where in it, and what it holds. */
export interface BatchItem {
  list: BatchList;
  index: number;
  /** An object (create, update, upsert), or a delete's id or object. */
  value: unknown;
}

/** One item's result: the single request's answer body plus its `status`, or its error (`status`, `message`, `errors`). */
export type ItemResult = Record<string, unknown> & { status: number };

/** What an item comes to: its single request (operation, path id, body), or a result without one (a 409 of an upsert). */
export type ItemPlan =
  | { operation: BatchedOperation; id?: string; body?: Record<string, unknown> }
  | { result: ItemResult };

/** An error as an item's result, in the contract's format. */
export const itemError = (error: unknown): ItemResult => errorToResult(error).body;

/** The id field of a resource: its answers' key (`product_id`, a langvar's `name`). */
export const idFieldOf = (def: EntityDefinition) => def.schema.idField ?? `${def.name}_id`;

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Reads a batch body — `{"create": [...], "update": [...], "delete": [...]}` (and `"upsert"` where `upsert` is
 * true) — into its items in the order sent. What makes the batch itself unreadable is a 400 for all of it, and
 * nothing runs: an unknown or unsupported list, a list that is not an array, an item that is not an object (a
 * delete's item: an id or an object), no item at all. More than MAX_BATCH_OPERATIONS items is a 413. An item's
 * content (its fields, its id's value) is judged later, as its own request would be.
 */
export function readBatch(def: EntityDefinition, body: RequestBody | undefined, upsert: boolean): BatchItem[] {
  const allowed: BatchList[] = [...batchedOperations(def), ...(upsert ? (['upsert'] as const) : [])];
  const errors: FieldError[] = [];
  const items: BatchItem[] = [];
  for (const [list, value] of Object.entries(body ?? {})) {
    if (!(allowed as string[]).includes(list)) {
      errors.push({ field: list, message: `A ${def.name} batch takes only ${allowed.join(', ')}` });
      continue;
    }
    if (!Array.isArray(value)) {
      errors.push({ field: list, message: `The ${list} field must be an array` });
      continue;
    }
    value.forEach((item: unknown, index) => {
      const fits = isObject(item) || (list === 'delete' && (typeof item === 'number' || typeof item === 'string'));
      if (!fits)
        errors.push({
          field: `${list}[${index}]`,
          message:
            list === 'delete'
              ? `Each delete item must be an id or an object with ${idFieldOf(def)}`
              : `Each ${list} item must be an object`,
        });
      items.push({ list: list as BatchList, index, value: item });
    });
  }
  if (errors.length > 0) throw new ValidationError(`Invalid batch: ${errors[0]!.field}: ${errors[0]!.message}`, errors);
  if (items.length > MAX_BATCH_OPERATIONS) {
    throw new HttpError(
      413,
      `a batch holds at most ${MAX_BATCH_OPERATIONS} operations (all lists together); this one has ${items.length}`,
    );
  }
  if (items.length === 0) throw badRequest(`A batch needs at least one item in ${allowed.join(', ')}`);
  return items;
}
