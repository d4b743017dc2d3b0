import { getRecord } from '../db/entity-store.js';
import { findDelivery, getDelivery, listDeliveries, rescheduleDelivery, type Delivery } from '../db/webhook-deliveries.js';
import type { FieldValues } from '../entities/validate.js';
import { webhooksEntity } from '../entities/webhooks.js';
import { NotFoundError, ValidationError } from '../errors.js';
import type { ApiRequest } from '../http/api-request.js';
import { apiHandler, type LambdaHandler } from '../http/api-handler.js';
import { badRequest } from '../http/http-errors.js';
import { created, ok, type ApiResult } from '../http/response.js';
import { parseId } from '../http/route.js';
import { attemptDelivery } from '../webhooks/attempt.js';
import { isEventEntity } from '../webhooks/event-names.js';
import { newSigningSecret } from '../webhooks/signature.js';
import { resolvedUrlProblem } from '../webhooks/url-policy.js';
import { createOperation, type EntityHooks } from './crud.js';

const invalid = (field: string, message: string) => new ValidationError(message, [{ field, message }]);

const ACTIONS = ['created', 'updated', 'deleted', '*'];

/** `events`: a non-empty list of `*`, `<entity>.*` or `<entity>.<created|updated|deleted>` naming a known entity. */
function checkEvents(value: unknown): string[] {
  const message = 'The events field must be a list of event names (products.created, orders.*, or *)';
  if (!Array.isArray(value) || value.length === 0 || value.length > 100) throw invalid('events', message);
  const patterns = new Set<string>();
  for (const pattern of value) {
    if (typeof pattern !== 'string') throw invalid('events', message);
    if (pattern !== '*') {
      const [entity = '', action = '', ...rest] = pattern.split('.');
      if (rest.length > 0 || !ACTIONS.includes(action) || !isEventEntity(entity)) {
        throw invalid('events', `The events field names an unknown event: ${pattern.slice(0, 80)}`);
      }
    }
    patterns.add(pattern);
  }
  return [...patterns];
}

async function checkUrl(value: unknown): Promise<string> {
  const url = String(value ?? '').trim();
  const problem = await resolvedUrlProblem(url);
  if (problem) throw invalid('url', problem);
  return url;
}

async function checked(values: FieldValues): Promise<FieldValues> {
  const out = { ...values };
  if (Object.hasOwn(values, 'url')) out.url = await checkUrl(values.url);
  if (Object.hasOwn(values, 'events')) out.events = checkEvents(values.events);
  // Enabling again clears the reason it was disabled for.
  if (values.status === 'A') out.disabled_reason = '';
  return out;
}

/** The secret each create generated, for its answer (the only time it is shown). */
const secrets = new WeakMap<ApiRequest, string>();

export const webhookHooks: EntityHooks = {
  create: async (values, request) => {
    const secret = newSigningSecret();
    secrets.set(request, secret);
    return { ...(await checked(values)), secret };
  },
  update: (changes) => checked(changes),
};

/** POST /webhooks: the usual `{"webhook_id": N}` plus the signing `secret`, shown this once. */
export function createWebhookHandler(): LambdaHandler {
  const create = createOperation(webhooksEntity, webhookHooks);
  return apiHandler('webhooks.create', async (request) => {
    const result = await create(request);
    return { ...result, body: { ...(result.body as object), secret: secrets.get(request) } };
  });
}

/** A delivery as GET /webhooks/:id/deliveries shows it (the body sent is the event: not repeated here). */
function presentDelivery(delivery: Delivery) {
  return {
    event_id: delivery.event_id,
    event_type: delivery.event_type,
    status: delivery.status,
    created_at: delivery.created_at,
    next_attempt_at: delivery.status === 'pending' && delivery.next_attempt_at ? new Date(delivery.next_attempt_at).toISOString() : null,
    attempts: delivery.attempts.map((attempt) => ({ at: attempt.at, response_code: attempt.code, error: attempt.error ?? null, duration_ms: attempt.duration_ms })),
  };
}

async function webhookOrNotFound(request: ApiRequest) {
  const id = parseId(request.route.id);
  const webhook = await getRecord(webhooksEntity, id);
  if (!webhook) throw new NotFoundError();
  return { id, webhook };
}

const MAX_PAGE = 250;

/** GET /webhooks/:id/deliveries: newest first, `items_per_page` (default 50, at most 250), with every attempt. */
export async function listWebhookDeliveries(request: ApiRequest): Promise<ApiResult> {
  const { id } = await webhookOrNotFound(request);
  const raw = request.query.items_per_page;
  const limit = raw === undefined ? 50 : Number(raw);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE) throw badRequest(`items_per_page must be an integer from 1 to ${MAX_PAGE}`);
  const deliveries = await listDeliveries(id, limit);
  return ok({ deliveries: deliveries.map(presentDelivery), params: { items_per_page: limit } });
}

/**
 * POST /webhooks/:id/deliveries {"event_id"}: sends a finished (failed, or succeeded) delivery again, now,
 * with the same event id, body and a fresh signature; a new round of retries follows if it fails.
 */
export async function redeliver(request: ApiRequest): Promise<ApiResult> {
  const { id, webhook } = await webhookOrNotFound(request);
  const eventId = request.body?.event_id;
  if (typeof eventId !== 'string' || eventId === '') throw invalid('event_id', 'The event_id field is required');
  if (webhook.status !== 'A') throw badRequest('The webhook is disabled; set its status to A first');
  const found = await findDelivery(id, eventId);
  if (!found) throw new NotFoundError('No delivery of this event to this webhook');
  if (found.delivery.status === 'pending') throw badRequest('The delivery is still being attempted');
  const now = Date.now();
  if (!(await rescheduleDelivery(found.ref, now))) throw badRequest('The delivery is still being attempted');
  await attemptDelivery(found.ref, now, now, new Map([[id, Promise.resolve(webhook)]]));
  const after = await getDelivery(found.ref);
  return created({ event_id: eventId, delivery: after ? presentDelivery(after) : null });
}
