import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../../lib/config.js';
import { itemWriteUnits } from '../../lib/db/billed-units.js';
import { WRITE_COMMANDS, withWriteImages } from './write-images.js';

/**
 * Meters every DynamoDB call lib/ makes while a measurement runs: the capacity units it costs on AWS and the
 * partition keys they fall on. A middleware on the document client's stack (before marshalling, so keys are
 * plain values). Reads: DynamoDB's ReturnConsumedCapacity (INDEXES), split evenly over the keys of a batch.
 * Writes: computed from the items' images as AWS bills them (lib/db/billed-units.ts), because DynamoDB Local
 * under-reports transactions. A Query's key is its partition key condition; an index partition is named
 * `gsi1:<key>`, a table partition by its `pk`.
 */

type Input = Record<string, unknown>;

export interface KeyUnits {
  key: string;
  read: number;
  write: number;
}

export interface MeteredCall {
  command: string;
  read: number;
  write: number;
  keys: KeyUnits[];
  failed?: string;
}

let sink: MeteredCall[] | undefined;

interface Consumed {
  CapacityUnits?: number;
  ReadCapacityUnits?: number;
  Table?: { CapacityUnits?: number; ReadCapacityUnits?: number };
  GlobalSecondaryIndexes?: Record<string, { CapacityUnits?: number; ReadCapacityUnits?: number }>;
}

const readOf = (consumed: Consumed | Consumed[] | undefined) =>
  [consumed ?? []].flat().reduce((sum, entry) => sum + (entry.ReadCapacityUnits ?? entry.CapacityUnits ?? 0), 0);

/** The partition a read falls on: `pk` / `gsi1:<gsi1pk>` for Get and Query, every key of a BatchGet. */
function readKeys(sdkCommand: string, input: Input): string[] {
  if (sdkCommand === 'GetItemCommand') return [String((input.Key as Input).pk)];
  if (sdkCommand === 'BatchGetItemCommand') {
    return Object.values(input.RequestItems as Record<string, { Keys: Input[] }>).flatMap((request) =>
      request.Keys.map((key) => String(key.pk)),
    );
  }
  if (sdkCommand === 'TransactGetItemsCommand')
    return (input.TransactItems as Array<{ Get: { Key: Input } }>).map((entry) => String(entry.Get.Key.pk));
  if (sdkCommand === 'QueryCommand') {
    const names = (input.ExpressionAttributeNames ?? {}) as Record<string, string>;
    const values = (input.ExpressionAttributeValues ?? {}) as Record<string, unknown>;
    for (const [, name, value] of String(input.KeyConditionExpression).matchAll(/(#?\w+)\s*=\s*(:\w+)/g)) {
      const attribute = names[name!] ?? name!;
      if (attribute === 'pk') return [String(values[value!])];
      if (attribute === 'gsi1pk') return [`gsi1:${String(values[value!])}`];
    }
  }
  return ['(scan)'];
}

/** Installs the meter on the client (idempotent); it records only between startMetering and its stop. */
export function installMeter(client: DynamoDBDocumentClient): void {
  const name = 'benchCapacityMeter';
  if (client.middlewareStack.identify().some((entry) => entry.startsWith(name))) return;
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const calls = sink;
      if (!calls) return next(args);
      const sdkCommand = String(context.commandName ?? 'UnknownCommand');
      const input = args.input as Input;
      const call: MeteredCall = { command: sdkCommand.replace(/Command$/, ''), read: 0, write: 0, keys: [] };
      calls.push(call);
      const sent = { ...args, input: { ...input, ReturnConsumedCapacity: 'INDEXES' } };
      try {
        if (WRITE_COMMANDS.has(sdkCommand)) {
          const { result, images } = await withWriteImages(sdkCommand, input, config().tableName, () => next(sent));
          for (const item of images.items) {
            const units = itemWriteUnits(item, images.transactional);
            call.keys.push({ key: item.key.pk, read: 0, write: units.table });
            for (const index of units.index) call.keys.push({ key: `gsi1:${index.key}`, read: 0, write: index.units });
          }
          call.write = call.keys.reduce((sum, key) => sum + key.write, 0);
          return result;
        }
        const result = await next(sent);
        call.read = readOf((result.output as { ConsumedCapacity?: Consumed | Consumed[] }).ConsumedCapacity);
        const keys = readKeys(sdkCommand, input);
        call.keys = keys.map((key) => ({ key, read: call.read / keys.length, write: 0 }));
        return result;
      } catch (error) {
        call.failed = (error as Error).name;
        throw error;
      }
    },
    { step: 'initialize', name, priority: 'high' },
  );
}

/** Meters every call until the returned function is called, which hands them back. */
export function startMetering(): () => MeteredCall[] {
  const calls: MeteredCall[] = [];
  sink = calls;
  return () => {
    if (sink === calls) sink = undefined;
    return calls;
  };
}

/** Units per partition key over some calls (summed). */
export function unitsByKey(calls: readonly MeteredCall[]): Map<string, { read: number; write: number }> {
  const byKey = new Map<string, { read: number; write: number }>();
  for (const { key, read, write } of calls.flatMap((call) => call.keys)) {
    const sum = byKey.get(key) ?? { read: 0, write: 0 };
    byKey.set(key, { read: sum.read + read, write: sum.write + write });
  }
  return byKey;
}
