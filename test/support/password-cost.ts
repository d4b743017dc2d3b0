/**
 * The scrypt cost (log2 N) passwords are hashed at in the suite's stores: PASSWORD_SCRYPT_LOG2N, which
 * lib/auth/passwords.ts honours under serverless offline only (IS_OFFLINE), set by env.ts for the handlers run
 * in-process and by the global setup for each store's serverless offline. About 1 ms a hash instead of ~0.4 s of CPU
 * at the deployed N=2^17, which test/unit/passwords.test.ts proves. A caller's own PASSWORD_SCRYPT_LOG2N wins (17: the
 * suite at the deployed cost). Nothing else here: env.ts imports it before any lib/ module reads the environment.
 */
export const suitePasswordCost = (): string => process.env.PASSWORD_SCRYPT_LOG2N ?? '10';
