/**
 * npm start's stand-in for the deployed retry schedule (EventBridge, every minute; infra/function-table.cjs
 * SCHEDULED): runs the webhook retry runner in this process every few seconds, so retries of deliveries to
 * a receiver on the developer's machine happen locally too. Runs never overlap; a failed run is reported
 * and the next one tries again.
 */
export function startWebhookRetryTimer(intervalMs = 5_000, report: (message: string) => void = console.error): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    // Imported on first use: lib/ must see the environment the dev server set (TABLE_NAME, the endpoint).
    import('../../lib/webhooks/retry-runner.js')
      .then(({ runDueDeliveries }) => runDueDeliveries())
      .catch((error: unknown) => report(`webhook retries: ${(error as Error).message}`))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
