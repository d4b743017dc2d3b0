/**
 * The body of a shopper's review (`POST /sra_discussion`), read once where it enters: which parts were sent (the
 * add-on's `empty()`: absent, null or blank text is not sent) and whether a rating was given. The operation judges
 * the parts in the add-on's order (lib/operations/sra-discussion/create.ts), so reading never answers a 400 itself;
 * the values go on as sent to the post's create, which validates them (a rating 1–5, a name's length).
 */
import { blankSent } from './blank-sent.js';

/** A review body: the thread or object it names stays in `body` (read by the operation's own id rules). */
export interface SentReview {
  body: Record<string, unknown>;
  /** `name`, `message` and `rating_value` as sent, or undefined when blank. */
  name: unknown;
  message: unknown;
  rating: unknown;
  /**
   * Whether a rating was given: sent and not one that reads as 0 (`"0"`, `0`), which asks for none, as the add-on's
   * `empty()`. Text that reads as no number ("five") counts as given: the create refuses it with its own 400.
   */
  rated: boolean;
}

export function readReview(body: Record<string, unknown> | undefined): SentReview {
  const sent = body ?? {};
  const part = (name: string): unknown => (blankSent(sent[name]) ? undefined : sent[name]);
  const rating = part('rating_value');
  return {
    body: sent,
    name: part('name'),
    message: part('message'),
    rating,
    rated: rating !== undefined && Number(rating) !== 0,
  };
}
