import { rateLimitPolicy, takeToken } from '../db/rate-limit.js';
import type { Caller } from '../entities/caller.js';
import { RateLimitedError } from '../errors.js';

/** A batch's items pay this many items per token, on top of the one token the batch request took. */
export const ITEMS_PER_TOKEN = 4;

/** The tokens a batch's items take on top of the request's one: ⌈items / 4⌉, at most the burst less one. */
export const batchItemTokens = (items: number, burst: number) =>
  Math.max(0, Math.min(Math.ceil(items / ITEMS_PER_TOKEN), burst - 1));

/**
 * The rate limit of a batch (docs/api.md "Batches and upsert"): the request took one token like any other;
 * its items then take ⌈items / 4⌉ more from the same bucket, in one conditional UpdateItem, before any item
 * runs — a 100-item batch costs 26 tokens, so batches let a user write at most 4 times as many objects as
 * single requests would, never an unbounded number. Capped at the burst less one, so a small bucket still
 * admits a full batch once it is full. Not enough tokens → 429 with Retry-After, and nothing ran.
 */
export async function chargeBatch(caller: Caller, items: number): Promise<void> {
  const policy = rateLimitPolicy();
  if (!policy) return;
  const tokens = batchItemTokens(items, policy.burst);
  if (tokens < 1) return;
  const decision = await takeToken(caller.email, policy, Date.now, tokens);
  if (!decision.allowed) throw new RateLimitedError(decision.retryAfterSeconds);
}
