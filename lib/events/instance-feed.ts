import { feedStoreOn } from '../db/feed-store.js';
import { defaultTableContext } from '../db/table-context.js';
import { type EventStore, eventStoreOver } from './event-store.js';
import { type FeedReader, feedReaderOver } from './feed-reader.js';

/**
 * The change feed of this instance's table, wired once: the feed store over the default table context
 * (lib/db/table-context.ts), the event store the stream consumer's sinks write with (lib/events/sinks.ts) and the
 * reader GET /events reads with (lib/operations/events.ts). Everything else receives a FeedStore; a test builds its
 * own from a context of its own (test/integration/event-feed-shards.test.ts).
 */
const feed = feedStoreOn(defaultTableContext());

export const instanceEventStore: EventStore = eventStoreOver(feed);

export const readFeed: FeedReader = feedReaderOver(feed);
