import type { ChangeEvent } from '../entities/change-event.js';

/** What a webhook subscribes to: its `events` patterns and the company it is bound to (0: every company). */
export interface Subscription {
  events: readonly string[];
  company_id: number;
}

/**
 * Whether a subscription receives an event: a pattern names it (`orders.created`), its entity (`orders.*`)
 * or everything (`*`); a subscription bound to a company receives only events of that company's objects,
 * so an event of an object without a company never reaches it.
 */
export function subscriptionMatches(subscription: Subscription, event: ChangeEvent): boolean {
  if (subscription.company_id > 0 && event.company_id !== subscription.company_id) return false;
  return subscription.events.some(
    (pattern) => pattern === '*' || pattern === event.type || pattern === `${event.entity}.*`,
  );
}
