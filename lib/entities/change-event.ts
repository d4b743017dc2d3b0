/**
 * One committed change of an entity record, as the change feed (GET /api/events) and the webhooks deliver it.
 * Events come from the table's stream (new and old images), never from the handlers: a change that was
 * committed makes exactly one event per stream record, at least once; receivers de-duplicate by `id`.
 *
 * `id` is stable for one stream record (derived from the record's sequence number), so a redelivery, a
 * replay of the stream or a retried consumer batch carries the same id.
 *
 * The types sit with the entity definitions, below every layer that handles events (the webhooks, the feed's
 * storage, the GET /events operation, the change feed in lib/events), so none of them imports the change feed.
 */
import type { WireOf } from './wire-types.js';

export const CHANGE_ACTIONS = ['created', 'updated', 'deleted'] as const;
export type ChangeAction = (typeof CHANGE_ACTIONS)[number];

export interface ChangeEvent<O extends object = Record<string, unknown>> {
  /** `evt_` + a stable id derived from the stream record: the same change always has the same id. */
  id: string;
  /** `<entity>.<action>`, e.g. `products.updated`, `orders.created`, `users.deleted`. */
  type: `${string}.${ChangeAction}`;
  /** The entity's API name (`products`, `orders`, `users`, `memberships`, …). */
  entity: string;
  action: ChangeAction;
  /** The object's id as its single GET path names it (a string: ids may be names or hashes). */
  object_id: string;
  /** The company the object belongs to, when the entity is company-owned; subscriptions bound to one company filter on it. */
  company_id: number | null;
  /** ISO 8601 time of the commit (the stream record's ApproximateCreationDateTime). */
  created_at: string;
  data: {
    /** The object as its single GET shows it (the `event` view); for deletes, its last state. */
    object: O;
    /** For updates: the names of the fields (as the GET shows them) whose value changed. */
    changed_fields?: string[];
  };
}

/**
 * A change event of one entity, its object typed by the entity's definition as a GET answer is (wire-types.ts
 * `WireOf<D, 'event'>`): `ChangeEventOf<typeof productsEntity>['data']['object']['product_id']` is a number.
 */
export type ChangeEventOf<D> = ChangeEvent<WireOf<D, 'event'>>;

/** Something the stream consumer hands committed events to (the event store for the pull feed, the webhooks). */
export type EventSink = (events: readonly ChangeEvent[]) => Promise<void>;
