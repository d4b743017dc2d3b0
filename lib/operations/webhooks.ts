import {
  type Delivery,
  findDelivery,
  getDelivery,
  listDeliveries,
  rescheduleDelivery,
} from '../db/webhook-deliveries.js';
import type { FieldValues } from '../entities/validate.js';
import { webhooksEntity } from '../entities/webhooks.js';
import { invalidField, NotFoundError } from '../errors.js';
import { badRequest } from '../http/http-errors.js';
import type { ApiRequest, Operation } from '../http/operation.js';
import { readPaging } from '../http/paging.js';
import { type ApiResult, created, ok } from '../http/response.js';
import { parseId } from '../http/route.js';
import { attemptDelivery } from '../webhooks/attempt.js';
import { isEventEntity } from '../webhooks/event-names.js';
import { rotatedSecret } from '../webhooks/secret-rotation.js';
import { newSigningSecret } from '../webhooks/signature.js';
import { resolvedUrlProblem } from '../webhooks/url-policy.js';
import { createOperation, type EntityHooks, updateOperation } from './crud.js';
import { instanceRepository } from './instance-repository.js';

const webhooks = /* @__PURE__ */ instanceRepository(webhooksEntity);

const ACTIONS = ['created', 'updated', 'deleted', '*'];

/** `events`: a non-empty list of `*`, `<entity>.*` or `<entity>.<created|updated|deleted>` naming a known entity. */
function checkEvents(value: unknown): string[] {
  const message = 'The events field must be a list of event names (products.created, orders.*, or *)';
  if (!Array.isArray(value) || value.length === 0 || value.length > 100) throw invalidField('events', message);
  const patterns = new Set<string>();
  for (const pattern of value) {
    if (typeof pattern !== 'string') throw invalidField('events', message);
    if (pattern !== '*') {
      const [entity = '', action = '', ...rest] = pattern.split('.');
      if (rest.length > 0 || !ACTIONS.includes(action) || !isEventEntity(entity)) {
        throw invalidField('events', `The events field names an unknown event: ${pattern.slice(0, 80)}`);
      }
    }
    patterns.add(pattern);
  }
  return [...patterns];
}

async function checkUrl(value: unknown): Promise<string> {
  const url = String(value ?? '').trim();
  const problem = await resolvedUrlProblem(url);
  if (problem) throw invalidField('url', problem);
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

/**
 * Caps (docs/api.md "Webhooks"): every change is matched against every active subscription, so their number
 * bounds the consumer's work per event. At most MAX_WEBHOOKS per store, and MAX_WEBHOOKS_PER_COMPANY bound to one
 * company. Checked when a webhook is created or bound to another company (two requests at once may pass one over).
 */
export const MAX_WEBHOOKS = 50;
export const MAX_WEBHOOKS_PER_COMPANY = 10;

async function checkCaps(companyId: number, except?: number): Promise<void> {
  const { records } = await webhooks.list({ conditions: [], sortBy: 'id', descending: false, page: 1 });
  const others = records.filter((record) => record.webhook_id !== except);
  if (except === undefined && others.length >= MAX_WEBHOOKS)
    throw badRequest(`A store has at most ${MAX_WEBHOOKS} webhooks; delete one first`);
  if (companyId > 0 && others.filter((record) => record.company_id === companyId).length >= MAX_WEBHOOKS_PER_COMPANY) {
    throw badRequest(`A company has at most ${MAX_WEBHOOKS_PER_COMPANY} webhooks bound to it; delete one first`);
  }
}

/** The secret each create or rotation generated, for its answer (the only time it is shown). */
const secrets = new WeakMap<ApiRequest, string>();

export const webhookHooks: EntityHooks<typeof webhooksEntity> = {
  create: async (values, request) => {
    await checkCaps(values.company_id ?? 0);
    const secret = newSigningSecret();
    secrets.set(request, secret);
    return { ...(await checked(values)), secret };
  },
  update: async (changes, current, request) => {
    const { rotate_secret: rotate, ...rest } = changes;
    // A body's company_id is validated to a number, so it is here exactly when it was sent.
    if (rest.company_id !== undefined && rest.company_id !== current.company_id)
      await checkCaps(rest.company_id, current.webhook_id);
    const out = await checked(rest);
    if (rotate !== 'Y') return out;
    const rotated = rotatedSecret(current);
    secrets.set(request, rotated.secret);
    return { ...out, ...rotated };
  },
};

/** Adds the secret this request generated, if any, to its answer. */
const withSecret = (request: ApiRequest, result: ApiResult): ApiResult => {
  const secret = secrets.get(request);
  return secret === undefined ? result : { ...result, body: { ...(result.body as object), secret } };
};

/** POST /webhooks: the usual `{"webhook_id": N}` plus the signing `secret`, shown this once. */
export function createWebhookOperation(): Operation {
  const create = createOperation(webhooks, webhookHooks);
  return async (request) => withSecret(request, await create(request));
}

/** PUT /webhooks/:id: `{"webhook_id": N}`, plus the new `secret` when `rotate_secret` is Y (shown this once). */
export function updateWebhookOperation(): Operation {
  const update = updateOperation(webhooks, webhookHooks);
  return async (request) => withSecret(request, await update(request));
}

/** A delivery as GET /webhooks/:id/deliveries shows it (the body sent is the event: not repeated here). */
function presentDelivery(delivery: Delivery) {
  return {
    event_id: delivery.event_id,
    event_type: delivery.event_type,
    status: delivery.status,
    created_at: delivery.created_at,
    next_attempt_at:
      delivery.status === 'pending' && delivery.next_attempt_at
        ? new Date(delivery.next_attempt_at).toISOString()
        : null,
    attempts: delivery.attempts.map((attempt) => ({
      at: attempt.at,
      response_code: attempt.code,
      error: attempt.error ?? null,
      duration_ms: attempt.duration_ms,
    })),
  };
}

async function webhookOrNotFound(request: ApiRequest) {
  const id = parseId(request.route.id);
  const webhook = await webhooks.get(id);
  if (!webhook) throw new NotFoundError();
  return { id, webhook };
}

const DEFAULT_DELIVERIES_PAGE = 50;

/**
 * GET /webhooks/:id/deliveries: newest first, `items_per_page` read by the API's one paging parser (as every
 * list and GET /events: a decimal integer from 1 to 250; absent or empty means the default, here 50).
 */
export async function listWebhookDeliveries(request: ApiRequest): Promise<ApiResult> {
  const { id } = await webhookOrNotFound(request);
  const { itemsPerPage } = readPaging(request.query);
  const limit = (request.query.items_per_page?.trim() ?? '') === '' ? DEFAULT_DELIVERIES_PAGE : itemsPerPage;
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
  if (typeof eventId !== 'string' || eventId === '') throw invalidField('event_id', 'The event_id field is required');
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
