import { expect } from 'vitest';
import type { ChangeEvent } from '../../lib/events/change-event.js';
import { expectChangeFeedRunning } from './change-feed.js';
import { type Auth, api } from './http.js';

/** GET /api/events pages (docs/api.md §11) walked from the present, for tests that check what a change made. */
export interface FeedPage {
  events: ChangeEvent[];
  params: { next: string; has_more: boolean; items_per_page: number };
}

/** One page of the pull feed as `auth` reads it; anything but a 200 fails the test with the answer's body. */
export async function feedPage(query: string, auth: Auth = 'admin'): Promise<FeedPage> {
  const response = await api('GET', `/api/events${query}`, { auth });
  expect(response.status, response.body).toBe(200);
  return response.json as FeedPage;
}

/** The cursor of the present: every event stored so far walked past. */
export async function feedCursorNow(filter = ''): Promise<string> {
  expectChangeFeedRunning();
  let page = await feedPage(`?items_per_page=250${filter}`);
  while (page.params.has_more)
    page = await feedPage(`?items_per_page=250${filter}&cursor=${encodeURIComponent(page.params.next)}`);
  return page.params.next;
}

/**
 * Every event after `cursor`, walked until `done` is satisfied or 60 s pass without a new event (events appear a
 * few seconds after their commit; a walk beside a long burst of writes keeps going while events keep coming).
 */
export async function feedEventsAfter(
  cursor: string,
  done: (seen: ChangeEvent[]) => boolean,
  filter = '',
): Promise<ChangeEvent[]> {
  expectChangeFeedRunning();
  const seen: ChangeEvent[] = [];
  const quietFor = 60_000;
  let deadline = Date.now() + quietFor;
  let next = cursor;
  while (Date.now() < deadline) {
    const page = await feedPage(`?items_per_page=100${filter}&cursor=${encodeURIComponent(next)}`);
    seen.push(...page.events);
    if (page.events.length > 0) deadline = Date.now() + quietFor;
    next = page.params.next;
    if (done(seen)) return seen;
    if (!page.params.has_more) await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return seen;
}
