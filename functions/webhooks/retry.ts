import { logger } from '../../lib/log.js';
import { runDueDeliveries } from '../../lib/webhooks/retry-runner.js';

/**
 * The retry runner, on an EventBridge schedule (every minute) deployed and a timer under npm start:
 * sends the webhook deliveries whose next attempt is due. Not an API route.
 */
export const handler = async (): Promise<{ attempted: number; delivered: number }> => {
  const summary = await runDueDeliveries();
  if (summary.attempted > 0) logger.info('webhook retries', { ...summary });
  return summary;
};
