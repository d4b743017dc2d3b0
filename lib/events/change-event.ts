/**
 * The change event's types live with the entity definitions (lib/entities/change-event.ts), below every layer
 * that handles events: the webhooks and the feed's storage read them without importing the change feed.
 */
export type { ChangeAction, ChangeEvent, ChangeEventOf, EventSink } from '../entities/change-event.js';
