/**
 * A store of the run (test/support/global-setup.ts) in a process of its own: test/support/test-store.ts sets
 * process.env for lib/. Prints `database: {json}` once DynamoDB Local and the table are ready, then `store: {json}` once
 * it is ready (serverless offline answering, when it runs one), and stops everything it started on SIGTERM. Reads
 * STORE_LOG_DIR, STORE_ADMIN_EMAIL, STORE_ADMIN_KEY, STORE_OFFLINE ('false': no serverless offline) and
 * STORE_OFFLINE_AFTER (a file to wait for before starting offline).
 */
import { startTestStore } from './test-store.js';

const { STORE_LOG_DIR, STORE_ADMIN_EMAIL, STORE_ADMIN_KEY } = process.env;
if (!STORE_LOG_DIR || !STORE_ADMIN_EMAIL || !STORE_ADMIN_KEY) {
  console.error('STORE_LOG_DIR, STORE_ADMIN_EMAIL and STORE_ADMIN_KEY are required');
  process.exit(2);
}
const started = await startTestStore({
  logDir: STORE_LOG_DIR,
  adminEmail: STORE_ADMIN_EMAIL,
  adminKey: STORE_ADMIN_KEY,
  offline: process.env.STORE_OFFLINE !== 'false',
  offlineAfter: process.env.STORE_OFFLINE_AFTER,
  onDatabaseReady: (store) => console.log(`database: ${JSON.stringify(store)}`),
});
console.log(`store: ${JSON.stringify(started.store)}`);
for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.once(signal, () => {
    started.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
