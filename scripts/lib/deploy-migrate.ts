import { useTarget } from './target-env.js';

/**
 * The migrations `npm run deploy` runs right after the core stack (the table) is deployed and before the
 * functions that read the new layout are: a stage deployed before a layout change gets the new items in
 * place (lib/db/migrations/runner.ts; idempotent, so a deploy with nothing to do costs a GetItem per
 * migration). `MIGRATION_RATE` bounds it (records per second, default 50).
 */
export async function migrateDeployedStage(stage: string, region: string | undefined): Promise<void> {
  const before = { TABLE_NAME: process.env.TABLE_NAME, AWS_REGION: process.env.AWS_REGION };
  if (region) process.env.AWS_REGION = region;
  await useTarget(stage);
  try {
    const { migrationRateFromEnv, runMigrations } = await import('../../lib/db/migrations/runner.js');
    const ran = await runMigrations({
      recordsPerSecond: migrationRateFromEnv(),
      log: (line) => console.log(line),
    });
    console.log(ran.length ? `migrations: ${ran.join(', ')} done` : 'migrations: none needed');
  } finally {
    // The serverless runs that follow see the environment they were started with.
    for (const [name, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}
