import { createHash } from 'node:crypto';
import { streamImage as image } from '../db/stream-image.js';
import { inBatches } from '../in-batches.js';
import type { ChangeAction, ChangeEvent } from './change-event.js';
import { classifyItem, companyOf, type ItemKind, objectIdOf } from './changed-item.js';
import { presentObject } from './present-object.js';

/**
 * One record of the table's stream (NEW_AND_OLD_IMAGES), as a stream-triggered Lambda receives it and as
 * the local poller (scripts/lib/local-stream.ts) hands it on: images in DynamoDB's attribute-value form,
 * the commit time in epoch seconds.
 */
export interface StreamChange {
  eventID?: string;
  eventName?: 'INSERT' | 'MODIFY' | 'REMOVE' | string;
  dynamodb?: {
    Keys?: Record<string, unknown>;
    NewImage?: Record<string, unknown>;
    OldImage?: Record<string, unknown>;
    SequenceNumber?: string;
    ApproximateCreationDateTime?: number;
  };
}

/** Presents one record as its single GET (lib/events/present-object.ts); replaceable in unit tests. */
export type Presenter = (item: ItemKind, record: Record<string, unknown>) => Promise<Record<string, unknown>>;

const ACTIONS: Readonly<Record<string, ChangeAction>> = { INSERT: 'created', MODIFY: 'updated', REMOVE: 'deleted' };

/** `evt_` + a digest of the stream record's id and sequence number: the same change always has the same id. */
export function eventIdOf(change: StreamChange): string {
  const digest = createHash('sha256')
    .update(`${change.eventID ?? ''}|${change.dynamodb?.SequenceNumber ?? ''}`)
    .digest('hex');
  return `evt_${digest.slice(0, 32)}`;
}

/** The names of the shown fields whose value differs (compared as JSON), in the object's field order. */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const names = [...new Set([...Object.keys(after), ...Object.keys(before)])];
  return names.filter((name) => JSON.stringify(before[name]) !== JSON.stringify(after[name]));
}

/**
 * The events of a batch of stream records, in the batch's order. A record of a bookkeeping item makes none,
 * and so does an update that changes nothing a GET shows (a version bump, a hidden index field): the event is
 * about the object as clients see it. Deterministic: the same records give the same events (ids included).
 */
export async function deriveEvents(
  changes: readonly StreamChange[],
  present: Presenter = presentObject,
): Promise<ChangeEvent[]> {
  // Presented side by side (a presenter may read, e.g. a user's company name), kept in the batch's order.
  const derived: Array<ChangeEvent | undefined> = new Array(changes.length);
  await inBatches([...changes.keys()], PARALLEL_PRESENTS, async (i) => {
    derived[i] = await deriveEvent(changes[i]!, present);
  });
  return derived.filter((event): event is ChangeEvent => event !== undefined);
}

/** Records presented at once. */
const PARALLEL_PRESENTS = 16;

async function deriveEvent(change: StreamChange, present: Presenter): Promise<ChangeEvent | undefined> {
  const action = ACTIONS[change.eventName ?? ''];
  const keys = image(change.dynamodb?.Keys);
  if (!action || !keys || typeof keys.pk !== 'string' || typeof keys.sk !== 'string') return undefined;
  const item = classifyItem(keys.pk, keys.sk);
  if (!item) return undefined;
  const before = image(change.dynamodb?.OldImage);
  const after = image(change.dynamodb?.NewImage);
  const last = action === 'deleted' ? before : after;
  if (!last) return undefined;
  const object = await present(item, last);
  const data: ChangeEvent['data'] = { object };
  if (action === 'updated') {
    const changed = before ? changedFields(await present(item, before), object) : Object.keys(object);
    if (changed.length === 0) return undefined;
    data.changed_fields = changed;
  }
  const seconds = change.dynamodb?.ApproximateCreationDateTime;
  return {
    id: eventIdOf(change),
    type: `${item.entity}.${action}`,
    entity: item.entity,
    action,
    object_id: objectIdOf(item, last),
    company_id: companyOf(item, last),
    created_at: new Date(typeof seconds === 'number' ? seconds * 1000 : Date.now()).toISOString(),
    data,
  };
}
