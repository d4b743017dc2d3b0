import { logger } from '../../lib/log.js';
import { sweepDueDeliveries } from '../../lib/webhooks/retry-runner.js';

/**
 * The retry sweep, on an EventBridge schedule (every minute) deployed and a timer under npm start: hands the
 * webhook deliveries whose next attempt is due to the delivery queue (WebhookDeliveryQueue) and returns; it
 * sends nothing itself, so a hanging receiver cannot hold it up. Not an API route.
 */
export const handler = async (): Promise<{ queued: number }> => {
  const queued = await sweepDueDeliveries();
  if (queued > 0) logger.info('webhook deliveries due', { queued });
  return { queued };
};
