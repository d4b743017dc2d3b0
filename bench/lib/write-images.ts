import { BatchGetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { WrittenItem } from '../../lib/db/billed-units.js';
import { createDocumentClient } from '../../lib/db/client.js';

/**
 * The items a write call touches, with their images before and after, so lib/db/billed-units.ts can price
 * it as AWS would. Images are read with a client of their own (no bench middleware on it), strongly
 * consistent, right before the call and — for updates, whose result lib/ does not send — right after.
 */

type Input = Record<string, unknown>;
type Key = { pk: string; sk: string };

export const WRITE_COMMANDS = new Set([
  'PutItemCommand',
  'UpdateItemCommand',
  'DeleteItemCommand',
  'BatchWriteItemCommand',
  'TransactWriteItemsCommand',
]);

interface Touched {
  key: Key;
  /** The item a Put writes (undefined: read it after the call — an Update). */
  put?: Input;
  op: 'put' | 'update' | 'delete' | 'check';
}

const keyOf = (item: Input): Key => ({ pk: String(item.pk), sk: String(item.sk) });

function touchedBy(sdkCommand: string, input: Input): Touched[] {
  switch (sdkCommand) {
    case 'PutItemCommand':
      return [{ key: keyOf(input.Item as Input), put: input.Item as Input, op: 'put' }];
    case 'UpdateItemCommand':
      return [{ key: keyOf(input.Key as Input), op: 'update' }];
    case 'DeleteItemCommand':
      return [{ key: keyOf(input.Key as Input), op: 'delete' }];
    case 'BatchWriteItemCommand':
      return Object.values(input.RequestItems as Record<string, Input[]>)
        .flat()
        .map((request) => {
          const put = (request.PutRequest as { Item: Input } | undefined)?.Item;
          return put
            ? { key: keyOf(put), put, op: 'put' as const }
            : { key: keyOf((request.DeleteRequest as { Key: Input }).Key), op: 'delete' as const };
        });
    case 'TransactWriteItemsCommand':
      return (input.TransactItems as Input[]).map((entry) => {
        if (entry.Put)
          return {
            key: keyOf((entry.Put as { Item: Input }).Item),
            put: (entry.Put as { Item: Input }).Item,
            op: 'put' as const,
          };
        if (entry.Update) return { key: keyOf((entry.Update as { Key: Input }).Key), op: 'update' as const };
        if (entry.Delete) return { key: keyOf((entry.Delete as { Key: Input }).Key), op: 'delete' as const };
        return { key: keyOf((entry.ConditionCheck as { Key: Input }).Key), op: 'check' as const };
      });
    default:
      return [];
  }
}

let reader: DynamoDBDocumentClient | undefined;

async function readImages(tableName: string, itemKeys: readonly Key[]): Promise<Map<string, Input>> {
  reader ??= createDocumentClient();
  const found = new Map<string, Input>();
  const unique = [...new Map(itemKeys.map((key) => [`${key.pk}\u0000${key.sk}`, key])).values()];
  for (let i = 0; i < unique.length; i += 100) {
    let pending: Key[] = unique.slice(i, i + 100);
    while (pending.length > 0) {
      const result = await reader.send(
        new BatchGetCommand({ RequestItems: { [tableName]: { Keys: pending, ConsistentRead: true } } }),
      );
      for (const item of result.Responses?.[tableName] ?? [])
        found.set(`${String(item.pk)}\u0000${String(item.sk)}`, item);
      pending = (result.UnprocessedKeys?.[tableName]?.Keys ?? []) as Key[];
    }
  }
  return found;
}

export interface WriteImages {
  transactional: boolean;
  items: Array<WrittenItem & { key: Key }>;
}

/** Runs `send` (the write) between reading the images of what it touches; `tableName` is the one table lib/ uses. */
export async function withWriteImages<T>(
  sdkCommand: string,
  input: Input,
  tableName: string,
  send: () => Promise<T>,
): Promise<{ result: T; images: WriteImages }> {
  const touched = touchedBy(sdkCommand, input);
  const id = (key: Key) => `${key.pk}\u0000${key.sk}`;
  const before = await readImages(
    tableName,
    touched.map((t) => t.key),
  );
  // A write that fails (a condition) throws on; the caller counts it without units.
  const result = await send();
  const updated = touched.filter((t) => t.op === 'update');
  const after =
    updated.length > 0
      ? await readImages(
          tableName,
          updated.map((t) => t.key),
        )
      : new Map<string, Input>();
  const items = touched.map((t) => ({
    key: t.key,
    before: before.get(id(t.key)),
    after:
      t.op === 'put'
        ? t.put
        : t.op === 'update'
          ? after.get(id(t.key))
          : t.op === 'check'
            ? before.get(id(t.key))
            : undefined,
    checkOnly: t.op === 'check',
  }));
  return { result, images: { transactional: sdkCommand === 'TransactWriteItemsCommand', items } };
}
