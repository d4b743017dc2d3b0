import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  NumberValue,
  PutCommand,
  QueryCommand,
  ScanCommand,
  TransactGetCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { config } from '../../lib/config.js';
import { totalWriteUnits } from '../../lib/db/billed-units.js';
import { WRITE_COMMANDS, withWriteImages } from './write-images.js';

/**
 * Counts and records the DynamoDB calls a request makes, with an SDK middleware on the document client the
 * handlers use (lib/db/client.ts `db()`), and replays them directly for the "bare" half of the overhead ratio.
 *
 * The middleware sits in the `initialize` step, i.e. before the document client marshals the input, so what it
 * records is exactly what lib/ passed to `send()`: replaying it through the same document client repeats the
 * same marshalling, signing and HTTP work, and the difference between request and replay is our own code.
 */

type Input = Record<string, unknown>;
type Sender = (client: DynamoDBDocumentClient, input: Input) => Promise<unknown>;

/** The SDK names the low-level command (GetItemCommand); the document client class lib/ used is this one. */
const DOCUMENT_COMMANDS: Record<string, { name: string; send: Sender }> = {
  GetItemCommand: { name: 'GetCommand', send: (client, input) => client.send(new GetCommand(input as never)) },
  PutItemCommand: { name: 'PutCommand', send: (client, input) => client.send(new PutCommand(input as never)) },
  UpdateItemCommand: { name: 'UpdateCommand', send: (client, input) => client.send(new UpdateCommand(input as never)) },
  DeleteItemCommand: { name: 'DeleteCommand', send: (client, input) => client.send(new DeleteCommand(input as never)) },
  QueryCommand: { name: 'QueryCommand', send: (client, input) => client.send(new QueryCommand(input as never)) },
  ScanCommand: { name: 'ScanCommand', send: (client, input) => client.send(new ScanCommand(input as never)) },
  BatchGetItemCommand: {
    name: 'BatchGetCommand',
    send: (client, input) => client.send(new BatchGetCommand(input as never)),
  },
  BatchWriteItemCommand: {
    name: 'BatchWriteCommand',
    send: (client, input) => client.send(new BatchWriteCommand(input as never)),
  },
  TransactGetItemsCommand: {
    name: 'TransactGetCommand',
    send: (client, input) => client.send(new TransactGetCommand(input as never)),
  },
  TransactWriteItemsCommand: {
    name: 'TransactWriteCommand',
    send: (client, input) => client.send(new TransactWriteCommand(input as never)),
  },
};

export interface RecordedCall {
  /** The SDK's low-level name, e.g. GetItemCommand. */
  sdkCommand: string;
  /** The document-client class lib/ sent, e.g. GetCommand. */
  command: string;
  input: Input;
  /** HTTP attempts the SDK made for this call (>1 only when it retried). */
  attempts: number;
  /** Calls started while another was in flight (a Promise.all in lib/) share a wave and are replayed together. */
  wave: number;
  /** The error name when the call failed (a failed condition is a round trip too); the replay expects the same. */
  failed?: string;
  /** Capacity units DynamoDB reported for the call, while capacity is being recorded (recordCapacity). */
  consumed?: { read: number; write: number };
}

interface Metadata {
  $metadata?: { attempts?: number };
}

let sink: RecordedCall[] | undefined;
let capacity = false;

/**
 * While on, every recorded call asks DynamoDB for its consumed capacity (ReturnConsumedCapacity TOTAL) and keeps
 * it: the read and write units bench/lib/cost.ts prices. Write units are not taken from DynamoDB Local, which
 * under-reports transactions: they are computed from the images of the items written, as AWS bills them
 * (lib/db/billed-units.ts). Off while timing, so that the timed request and its bare replay send the same
 * inputs (and no image is read).
 */
export function recordCapacity(on: boolean): void {
  capacity = on;
}

const READ_COMMANDS = new Set([
  'GetItemCommand',
  'QueryCommand',
  'ScanCommand',
  'BatchGetItemCommand',
  'TransactGetItemsCommand',
]);

interface ConsumedCapacity {
  CapacityUnits?: number;
  ReadCapacityUnits?: number;
  WriteCapacityUnits?: number;
}

/** Read and write units of a call's ConsumedCapacity (one entry, or one per table for batches and transactions). */
function unitsOf(
  sdkCommand: string,
  consumed: ConsumedCapacity | ConsumedCapacity[] | undefined,
): { read: number; write: number } {
  let read = 0;
  let write = 0;
  for (const entry of [consumed ?? []].flat()) {
    if (entry.ReadCapacityUnits !== undefined || entry.WriteCapacityUnits !== undefined) {
      read += entry.ReadCapacityUnits ?? 0;
      write += entry.WriteCapacityUnits ?? 0;
    } else if (READ_COMMANDS.has(sdkCommand)) read += entry.CapacityUnits ?? 0;
    else write += entry.CapacityUnits ?? 0;
  }
  return { read, write };
}
let inFlight = 0;
let wave = 0;

/** Installs the recorder on the client; idempotent per client. */
export function installRecorder(client: DynamoDBDocumentClient): void {
  const name = 'benchRoundTripRecorder';
  if (client.middlewareStack.identify().some((entry) => entry.startsWith(name))) return;
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const calls = sink;
      if (!calls) return next(args);
      const sdkCommand = String(context.commandName ?? 'UnknownCommand');
      if (inFlight === 0) wave++;
      inFlight++;
      const call: RecordedCall = {
        sdkCommand,
        command: DOCUMENT_COMMANDS[sdkCommand]?.name ?? sdkCommand,
        // A copy: lib/ may reuse the object, and the replay must send what was sent then.
        input: cloneInput(args.input as Input),
        attempts: 1,
        wave,
      };
      calls.push(call);
      if (capacity) args = { ...args, input: { ...(args.input as Input), ReturnConsumedCapacity: 'TOTAL' } };
      try {
        const metered = capacity && WRITE_COMMANDS.has(sdkCommand);
        const { result, images } = metered
          ? await withWriteImages(sdkCommand, call.input, config().tableName, () => next(args))
          : { result: await next(args), images: undefined };
        call.attempts = (result.output as Metadata).$metadata?.attempts ?? 1;
        if (capacity) {
          const reported = unitsOf(
            sdkCommand,
            (result.output as { ConsumedCapacity?: ConsumedCapacity | ConsumedCapacity[] }).ConsumedCapacity,
          );
          call.consumed = images
            ? { read: reported.read, write: totalWriteUnits(images.items, images.transactional) }
            : reported;
        }
        return result;
      } catch (error) {
        call.attempts = (error as Metadata).$metadata?.attempts ?? 1;
        call.failed = (error as Error).name;
        throw error;
      } finally {
        inFlight--;
      }
    },
    { step: 'initialize', name, priority: 'high' },
  );
}

/**
 * A deep copy of a document-client input that keeps what the document client marshals by class: NumberValue
 * (exact numbers on index items) stays a NumberValue, Sets stay Sets, binary stays binary. structuredClone
 * would turn a NumberValue into a plain object, which the client would then write as a map.
 */
export function cloneInput<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof NumberValue) return NumberValue.from(value.toString()) as T;
  if (value instanceof Set) return new Set([...value].map((entry) => cloneInput(entry))) as T;
  if (ArrayBuffer.isView(value)) return structuredClone(value);
  if (Array.isArray(value)) return value.map((entry) => cloneInput(entry)) as T;
  return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, cloneInput(entry)])) as T;
}

/** Records every call until the returned function is called, which hands them back. */
export function startRecording(): () => RecordedCall[] {
  const calls: RecordedCall[] = [];
  sink = calls;
  return () => {
    if (sink === calls) sink = undefined;
    return calls;
  };
}

/** Round trips = HTTP requests to DynamoDB, retries included. */
export function roundTrips(calls: readonly RecordedCall[]): number {
  return calls.reduce((sum, call) => sum + call.attempts, 0);
}

/** `BatchGetItem, GetItem, 4×Query ∥` — the calls in order; a wave of parallel calls is shown as one entry. */
export function describeCalls(calls: readonly RecordedCall[]): string {
  const parts: string[] = [];
  for (const group of byWave(calls)) {
    const names = [...new Set(group.map((call) => call.sdkCommand.replace(/Command$/, '')))];
    parts.push(group.length === 1 ? (names[0] ?? '') : `${group.length}×${names.join('/')} ∥`);
  }
  return parts.join(', ');
}

/** Sequential steps: the waves of calls one after another (the calls of a wave run side by side, so add no wait). */
export function steps(calls: readonly RecordedCall[]): number {
  return byWave(calls).length;
}

function byWave(calls: readonly RecordedCall[]): RecordedCall[][] {
  const waves = new Map<number, RecordedCall[]>();
  for (const call of calls) waves.set(call.wave, [...(waves.get(call.wave) ?? []), call]);
  return [...waves.values()];
}

/**
 * Sends the recorded calls again, directly, in the same order and with the same concurrency (one wave after
 * another, the calls of a wave together). A call that failed then must fail the same way now.
 */
export async function replay(client: DynamoDBDocumentClient, calls: readonly RecordedCall[]): Promise<void> {
  for (const group of byWave(calls)) {
    await Promise.all(group.map((call) => send(client, call)));
  }
}

/** The per-user rate-limit bucket's update (lib/db/rate-limit.ts): a write every authenticated request makes. */
export function isRateLimitCall(call: RecordedCall): boolean {
  const key = call.input.Key as { pk?: unknown } | undefined;
  return typeof key?.pk === 'string' && key.pk.startsWith('RATE#');
}

async function send(client: DynamoDBDocumentClient, call: RecordedCall): Promise<void> {
  const factory = DOCUMENT_COMMANDS[call.sdkCommand];
  if (!factory) throw new Error(`cannot replay ${call.sdkCommand}: not a document-client command the bench knows`);
  try {
    // The recorded input is never mutated (the document client marshals into a new object), so it is sent as is.
    await factory.send(client, call.input);
  } catch (error) {
    if ((error as Error).name === call.failed) return;
    // The per-user rate-limit bucket's update is conditioned on the clock (lib/db/rate-limit.ts): replayed later,
    // its condition may fail where the request's passed. It is the same round trip either way.
    if ((error as Error).name === 'ConditionalCheckFailedException' && isRateLimitCall(call)) return;
    throw error;
  }
  if (call.failed)
    throw new Error(`replayed ${call.command} succeeded where the request's call failed with ${call.failed}`);
}
