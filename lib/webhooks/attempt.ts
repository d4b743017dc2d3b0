import { randomUUID } from 'node:crypto';
import { type EntityRecord, getRecord, updateRecord } from '../db/entity-store.js';
import {
  abandonDelivery,
  claimDelivery,
  type DeliveryRef,
  finishAttempt,
  lastSuccessAt,
  recordSuccess,
} from '../db/webhook-deliveries.js';
import type { StoredValue } from '../entities/types.js';
import { webhooksEntity } from '../entities/webhooks.js';
import { logger } from '../log.js';
import { countEvent } from '../metrics.js';
import { ATTEMPT_TIMEOUT_MS, MAX_ATTEMPTS, nextAttemptAt } from './retry-schedule.js';
import { signingSecrets } from './secret-rotation.js';
import { sendMessage } from './send.js';
import { urlPolicy } from './url-policy.js';

/** A claim outlives the longest attempt, so a sender that dies mid-attempt is retried after it. */
const LEASE_MS = ATTEMPT_TIMEOUT_MS + 50_000;

/** Webhooks read once per run of the sink or the runner (many deliveries share one). */
export type WebhookCache = Map<number, Promise<EntityRecord | undefined>>;

function webhookOf(cache: WebhookCache, id: number): Promise<EntityRecord | undefined> {
  let found = cache.get(id);
  if (!found) {
    found = getRecord(webhooksEntity, id);
    cache.set(id, found);
  }
  return found;
}

/**
 * An endpoint that kept failing: the delivery exhausted every retry (27 h) and nothing else got through
 * since its first attempt. The webhook is disabled with the reason; re-enabling is a PUT of `status` A.
 */
async function disableIfFailing(
  webhookId: number,
  roundStartedAt: number,
  lastError: string,
  cache: WebhookCache,
): Promise<void> {
  if ((await lastSuccessAt(webhookId)) >= roundStartedAt) return;
  const reason = `Disabled on ${new Date().toISOString()}: ${MAX_ATTEMPTS} attempts over 24 h failed (last: ${lastError})`;
  await updateRecord(
    webhooksEntity,
    webhookId,
    (current): Record<string, StoredValue> => (current.status === 'D' ? {} : { status: 'D', disabled_reason: reason }),
  )
    .then(() => countEvent('webhooksDisabled'))
    .catch((error: unknown) => logger.warn('could not disable webhook', { webhookId, error: String(error) }));
  cache.delete(webhookId);
}

/** How an attempt went: whether the delivery got through, and whether the receiver answered at all (a status). */
export interface AttemptResult {
  delivered: boolean;
  /** False for a time-out, a refused or reset connection: the sender's queue slows down for such an endpoint. */
  answered: boolean;
}

/**
 * One attempt of one due delivery: claim it (a conditional update, so no attempt is sent twice), POST it,
 * record the outcome and when to try again. Undefined when it was not ours to send (claimed by another sender,
 * or no longer due).
 */
export async function attemptDelivery(
  ref: DeliveryRef,
  seenDueAt: number,
  nowMs: number,
  cache: WebhookCache,
): Promise<AttemptResult | undefined> {
  const token = randomUUID();
  const delivery = await claimDelivery(ref, seenDueAt, nowMs, LEASE_MS, token);
  if (!delivery) return undefined;
  const { webhookId } = ref;
  const webhook = await webhookOf(cache, webhookId);
  if (!webhook || webhook.status !== 'A') {
    await abandonDelivery(ref, token, webhook ? 'The webhook is disabled' : 'The webhook was deleted', nowMs);
    return { delivered: false, answered: true };
  }
  const startedAt = new Date().toISOString();
  const outcome = await sendMessage(
    String(webhook.url),
    { id: delivery.event_id, body: delivery.body, secret: signingSecrets(webhook) },
    urlPolicy(),
  );
  const attempt = {
    at: startedAt,
    code: outcome.code,
    duration_ms: outcome.duration_ms,
    ...(outcome.error ? { error: outcome.error.slice(0, 300) } : {}),
  };
  if (outcome.ok) {
    await finishAttempt(ref, token, attempt, { status: 'succeeded', failures: delivery.failures });
    await recordSuccess(webhookId, nowMs);
    return { delivered: true, answered: true };
  }
  const answered = outcome.code > 0;
  countEvent('webhookDeliveryFailures');
  const failures = delivery.failures + 1;
  const next = nextAttemptAt(failures, nowMs);
  if (next !== undefined) {
    await finishAttempt(ref, token, attempt, { status: 'pending', at: next, failures });
    return { delivered: false, answered };
  }
  await finishAttempt(ref, token, attempt, { status: 'failed', failures });
  await disableIfFailing(webhookId, delivery.round_started_at ?? nowMs, outcome.error ?? `HTTP ${outcome.code}`, cache);
  return { delivered: false, answered };
}
