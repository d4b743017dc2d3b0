import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { ConflictError, ValidationError } from '../errors.js';
import { DEFAULT_TABLE, type TableTarget } from './table-target.js';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * A transaction was refused because a condition did not hold; `failed` lists the indexes of the items whose
 * condition failed, and `current` the items as they are now, for those written with
 * `ReturnValuesOnConditionCheckFailure: 'ALL_OLD'` (absent for the others, and for an item that does not exist):
 * a caller that asked for them can decide again without reading again.
 */
export class ConditionFailed extends Error {
  constructor(
    readonly failed: number[],
    readonly current: Array<Record<string, unknown>> = [],
  ) {
    super(`Condition failed on transaction items ${failed.join(', ')}`);
    this.name = 'ConditionFailed';
  }
}

const MAX_CONFLICT_RETRIES = 8;

/** DynamoDB's limit on the items of one TransactWriteItems. */
export const MAX_TRANSACTION_ITEMS = 100;

/** Waits the backoff of retry `attempt`: random, growing with the attempt. */
export const pause = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * 2 ** Math.min(attempt, 5)));

/** Waits the backoff of retry `attempt` (random, growing), then runs `next`. */
export async function pauseThen<T>(attempt: number, next: () => Promise<T>): Promise<T> {
  await pause(attempt);
  return next();
}

/**
 * TransactWriteItems with retry on TransactionConflict (another transaction touched
 * the same item at the same time; the SDK does not retry that). A failed
 * condition is reported as ConditionFailed so the caller can re-read and decide.
 */
export async function transactWrite(items: TransactItem[], table: TableTarget = DEFAULT_TABLE): Promise<void> {
  if (items.length > MAX_TRANSACTION_ITEMS) {
    const split = splitPostings(items, table);
    if (split) return split();
  }
  // A record with very many index values (a product in dozens of categories) would need more items than one
  // transaction may hold; DynamoDB would refuse it with a ValidationException (a 500). Refused here, as the
  // client's request, before anything is written.
  if (items.length > MAX_TRANSACTION_ITEMS) {
    throw new ValidationError(
      `This write would change ${items.length} stored items at once, more than the ${MAX_TRANSACTION_ITEMS} one transaction may hold: give the object fewer categories, features or name words`,
    );
  }
  for (let attempt = 0; ; attempt++) {
    try {
      // The items name their table; `table` gives the client that sends them.
      await table.client.send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (error) {
      const codes = cancellationCodes(error);
      if (codes) {
        const failed = codes.flatMap((code, index) => (code === 'ConditionalCheckFailed' ? [index] : []));
        if (failed.length > 0) throw new ConditionFailed(failed, currentItems(error, failed));
        if (codes.includes('TransactionConflict') && attempt < MAX_CONFLICT_RETRIES) {
          await pause(attempt);
          continue;
        }
      }
      if ((error as Error).name === 'TransactionConflictException' && attempt < MAX_CONFLICT_RETRIES) {
        await pause(attempt);
        continue;
      }
      if (codes?.includes('TransactionConflict'))
        throw new ConflictError('The object is being changed by another request; try again');
      throw error;
    }
  }
}

/** A posting update (lib/db/postings.ts): `ADD`/`DELETE` of offsets on a `WP#` item, commutative, never conditioned. */
export const isPosting = (item: TransactItem) =>
  Boolean(item.Update && String(item.Update.Key?.pk ?? '').startsWith('WP#') && !item.Update.ConditionExpression);

/**
 * A write too wide for one transaction only because of its posting updates (a product renamed from one long name to
 * another: its text items and postings both change): the rest in one transaction, then the postings in their own
 * (they are commutative and unconditioned, so they cannot fail on a condition; a crash in between leaves them to the
 * record's next write to put right). A failed condition's indexes are those of `items`. Undefined when the rest
 * alone is still too wide.
 */
function splitPostings(items: TransactItem[], table: TableTarget): (() => Promise<void>) | undefined {
  const at = items.flatMap((item, index) => (isPosting(item) ? [] : [index]));
  const postings = items.filter(isPosting);
  if (postings.length === 0 || at.length > MAX_TRANSACTION_ITEMS) return undefined;
  return async () => {
    try {
      await transactWrite(
        at.map((index) => items[index]!),
        table,
      );
    } catch (error) {
      if (error instanceof ConditionFailed)
        throw new ConditionFailed(
          error.failed.map((index) => at[index]!),
          error.current,
        );
      throw error;
    }
    for (let from = 0; from < postings.length; from += MAX_TRANSACTION_ITEMS)
      await transactWrite(postings.slice(from, from + MAX_TRANSACTION_ITEMS), table);
  };
}

/** The images DynamoDB returned of the failed items that asked for them (ReturnValuesOnConditionCheckFailure). */
function currentItems(error: unknown, failed: number[]): Array<Record<string, unknown>> {
  const reasons = (error as { CancellationReasons?: Array<{ Item?: Record<string, AttributeValue> }> })
    .CancellationReasons;
  return failed.flatMap((index) => {
    const item = reasons?.[index]?.Item;
    return item ? [unmarshall(item)] : [];
  });
}

function cancellationCodes(error: unknown): string[] | undefined {
  if ((error as Error)?.name !== 'TransactionCanceledException') return undefined;
  const reasons = (error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons;
  if (reasons) return reasons.map((reason) => reason.Code ?? 'None');
  // DynamoDB Local sometimes only puts the codes in the message: "...[ConditionalCheckFailed, None]".
  const listed = /\[([^\]]*)\]/.exec((error as Error).message)?.[1];
  return listed ? listed.split(',').map((code) => code.trim()) : [];
}

/**
 * Runs a read-modify-write step until its conditional write goes through. The
 * step re-reads on every attempt; ConditionFailed means "what I read changed".
 */
export async function retryOnConditionFailed<T>(step: () => Promise<T>, attempts = 10): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      if (!(error instanceof ConditionFailed) || attempt >= attempts) {
        if (error instanceof ConditionFailed)
          throw new ConflictError('The object is being changed by another request; try again');
        throw error;
      }
      await pause(attempt);
    }
  }
}
