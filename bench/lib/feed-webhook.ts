import { WebhookReceiver } from '../../test/support/webhook-receiver.js';
import { handlerOf, objectPath } from './entity-objects.js';
import { lambdaContext, proxyEvent, type RequestSpec } from './events.js';

/**
 * A receiver on 127.0.0.1 subscribed to `events` as an integrator would: a root administrator of its own
 * (made once per table), then POST /api/webhooks through the function's own handler, in-process. `stop`
 * DELETEs the subscription (nothing written after the bench is delivered to it) and closes the receiver.
 */
export interface FeedWebhook {
  receiver: WebhookReceiver;
  webhookId: number;
  stop(): Promise<void>;
}

export async function subscribeLocalReceiver(events: string[]): Promise<FeedWebhook> {
  const receiver = new WebhookReceiver();
  const subscription = await subscribeUrl(await receiver.start(), events).catch(async (error: unknown) => {
    await receiver.stop();
    throw error;
  });
  return {
    receiver,
    webhookId: subscription.webhookId,
    async stop() {
      try {
        await subscription.stop();
      } finally {
        await receiver.stop();
      }
    },
  };
}

/** A subscription of `url` to `events` (POST /api/webhooks in-process); `stop` DELETEs it. */
export async function subscribeUrl(
  url: string,
  events: string[],
): Promise<{ webhookId: number; stop(): Promise<void> }> {
  // A loopback receiver is refused unless the local setting allows it (docs/configuration.md); restored on stop.
  const allowedBefore = process.env.WEBHOOKS_ALLOW_PRIVATE_URLS;
  process.env.WEBHOOKS_ALLOW_PRIVATE_URLS = 'true';
  const { createCaller } = await import('./world.js');
  const { caller } = await createCaller(
    'root',
    `feed-root-${Date.now()}-${Math.random().toString(36).slice(2)}@bench.example.com`,
    true,
  );
  const request = (spec: Omit<RequestSpec, 'authorization'>, operation: 'create' | 'delete') =>
    handlerOf('webhooks', operation).then((handler) =>
      handler(proxyEvent({ ...spec, authorization: caller.authorization }), lambdaContext(`webhooks-${operation}`)),
    );
  const created = await request(
    { method: 'POST', path: '/api/webhooks', resource: '/api/webhooks', body: { url, events } },
    'create',
  );
  if (created.statusCode !== 201)
    throw new Error(`bench webhook: POST /api/webhooks gave ${created.statusCode} ${created.body}`);
  const webhookId = Number((JSON.parse(created.body) as { webhook_id: number }).webhook_id);
  return {
    webhookId,
    async stop() {
      try {
        const deleted = await request({ method: 'DELETE', ...objectPath('webhooks', webhookId) }, 'delete');
        if (deleted.statusCode !== 204)
          throw new Error(
            `bench webhook: DELETE /api/webhooks/${webhookId} gave ${deleted.statusCode} ${deleted.body}`,
          );
      } finally {
        if (allowedBefore === undefined) delete process.env.WEBHOOKS_ALLOW_PRIVATE_URLS;
        else process.env.WEBHOOKS_ALLOW_PRIVATE_URLS = allowedBefore;
      }
    },
  };
}
