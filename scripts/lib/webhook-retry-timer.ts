/**
 * npm start's retry schedule: runs the webhook retry sweep in this process every few seconds, handing due
 * deliveries to this process's per-endpoint queue (lib/webhooks/endpoint-queue.ts), so the first retries (5 s,
 * 5 min) of deliveries to a receiver on the developer's machine come on time. serverless offline also invokes
 * the scheduled function (infra/function-table.cjs SCHEDULED) each minute, as EventBridge does deployed; every
 * attempt is claimed first, so the two never send one twice. Runs of this timer never overlap (a sweep only
 * reads the due index and queues: it never waits for a receiver); a failed run is reported and the next one
 * tries again.
 */
export function startWebhookRetryTimer(
  intervalMs = 5_000,
  report: (message: string) => void = console.error,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    // Imported on first use: lib/ must see the environment the dev server set (TABLE_NAME, the endpoint).
    import('../../lib/webhooks/retry-runner.js')
      .then(({ sweepDueDeliveries }) => sweepDueDeliveries())
      .catch((error: unknown) => report(`webhook retries: ${(error as Error).message}`))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
