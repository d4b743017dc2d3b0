/**
 * The admin command line (SPEC §9): what the API deliberately cannot do. Its commands and options are listed once,
 * in scripts/lib/admin-usage.ts (`npm run admin -- --help`, and docs/configuration.md, written from it).
 * Add `--stage NAME` to act on a deployed stage's table instead of the local one.
 */
import { parseArgs } from 'node:util';
import { ADMIN_USAGE } from './lib/admin-usage.js';
import { unreachableDatabaseMessage } from './lib/database-unreachable.js';
import { useTarget } from './lib/target-env.js';

const USAGE = ADMIN_USAGE;

class UsageError extends Error {}

/** Where the command is pointed, for the message when nothing answers there. */
let target: { endpoint: string; stage?: string } | undefined;

const OPTIONS = {
  email: { type: 'string' },
  type: { type: 'string' },
  root: { type: 'boolean', default: false },
  company: { type: 'string' },
  firstname: { type: 'string' },
  lastname: { type: 'string' },
  usergroup: { type: 'string' },
  generate: { type: 'boolean', default: false },
  rate: { type: 'string' },
  settle: { type: 'string' },
  stage: { type: 'string' },
  region: { type: 'string' },
  finish: { type: 'boolean', default: false },
  to: { type: 'string' },
  switch: { type: 'boolean', default: false },
  table: { type: 'string' },
  help: { type: 'boolean', default: false },
  from: { type: 'string' },
  key: { type: 'string' },
  resume: { type: 'boolean', default: false },
  since: { type: 'string' },
} as const;

function parseOptions(argv: string[]) {
  try {
    return parseArgs({ args: argv, allowPositionals: true, options: OPTIONS });
  } catch (error) {
    // An unknown or malformed option is a usage mistake: say so, with the usage.
    throw new UsageError(`${(error as Error).message}\n${USAGE}`);
  }
}

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseOptions(argv);
  const [command, ...rest] = positionals;
  if (values.help || command === 'help') {
    console.log(USAGE);
    return;
  }
  if (!command) throw new UsageError(USAGE);
  if (command === 'rotate-cursor-secret' || command === 'restore' || command === 'switch-table')
    return stageCommand(command, values);
  if (values.region) process.env.AWS_REGION = values.region;
  target = { endpoint: (await useTarget(values.stage)).endpoint, stage: values.stage };
  // Imported after the environment is set: the SDK client and config read it.
  const commands = await import('./lib/admin-commands.js');
  const email = () => values.email ?? fail('--email is required');
  switch (command) {
    case 'create-user':
      return commands.createUserCommand({
        email: email(),
        type: values.type ?? fail('--type is required (A, C or V)'),
        root: values.root,
        company: values.company,
        firstname: values.firstname,
        lastname: values.lastname,
      });
    case 'enable-api':
      return commands.enableApiCommand(email());
    case 'disable-api':
      return commands.disableApiCommand(email());
    case 'set-privileges':
      return commands.setPrivilegesCommand(values.usergroup ?? fail('--usergroup is required'), rest);
    case 'show-user':
      return commands.showUserCommand(email());
    case 'set-password':
      return commands.setPasswordCommand(email(), { generate: values.generate, readPassword });
    case 'replay-events':
      return replayEvents(
        values.stage ??
          fail(
            'replay-events needs --stage NAME: failed batches are kept by a deployed stage (locally a batch is retried until it goes through)',
          ),
      );
    case 'migrate':
      return commands.migrateCommand(values.rate);
    case 'sweep-orphans':
      return commands.sweepOrphansCommand(values.settle);
    case 'storefront-key':
      return commands.storefrontKeyCommand();
    case 'import':
    case 'export':
      return moveCommand(command, values);
    default:
      throw new UsageError(`unknown command '${command}'\n${USAGE}`);
  }
}

/** The commands on a deployed stage's AWS resources rather than on its data (scripts/lib/cursor-secret.ts, restore.ts, active-table.ts). */
async function stageCommand(
  command: 'rotate-cursor-secret' | 'restore' | 'switch-table',
  values: ReturnType<typeof parseOptions>['values'],
): Promise<void> {
  const stage = values.stage ?? fail(`${command} needs --stage NAME`);
  const region = values.region ?? process.env.AWS_REGION ?? 'us-east-1';
  if (command === 'rotate-cursor-secret') {
    const { rotateCursorSecret } = await import('./lib/cursor-secret.js');
    console.log(await rotateCursorSecret(stage, region, { finish: values.finish }));
    return;
  }
  const { switchTable } = await import('./lib/active-table.js');
  if (command === 'switch-table') {
    console.log(
      await switchTable(
        stage,
        region,
        values.table ?? fail(`switch-table needs --table NAME (store-api-${stage}: the stage's own table)`),
      ),
    );
    return;
  }
  const given = values.to ?? fail('restore needs --to TIME (ISO 8601, e.g. 2026-11-26T07:00:00Z) or --to latest');
  const to = given === 'latest' ? undefined : new Date(given);
  if (to && Number.isNaN(to.getTime()))
    fail(`--to ${given} is not a time (ISO 8601, e.g. 2026-11-26T07:00:00Z) or latest`);
  const { formatRestoreReport, restoreTable } = await import('./lib/restore.js');
  const report = await restoreTable({ stage, to, region });
  console.log(formatRestoreReport(report));
  if (report.problems.length > 0) process.exitCode = 1;
  // Only a restore that checked out is switched to, and only when asked.
  else if (values.switch) console.log(await switchTable(stage, region, report.target));
}

/** `import` and `export` (docs/moving.md): their options checked here, a mistake a usage error (exit 2). */
async function moveCommand(command: 'import' | 'export', values: ReturnType<typeof parseOptions>['values']) {
  const { exportCommand, importCommand } = await import('./lib/move-commands.js');
  if (command === 'export') return exportCommand(values.to ?? fail('export needs --to FOLDER'), values.stage);
  const from = values.from ?? fail('import needs --from URL|FOLDER (a CS-Cart base URL, or a folder export wrote)');
  const isUrl = /^https?:\/\//i.test(from);
  if (isUrl && (values.email === undefined || values.key === undefined))
    fail('import from a store needs --email E --key K (an administrator of that store and its API key)');
  let since: number | undefined;
  if (values.since !== undefined) {
    const at = Date.parse(values.since);
    if (!/^\d{4}-\d{2}-\d{2}/.test(values.since) || Number.isNaN(at))
      fail(`--since ${values.since} is not an ISO 8601 date or time (e.g. 2026-11-26 or 2026-11-26T07:00:00Z)`);
    since = Math.floor(at / 1000);
  }
  let rate: number | undefined;
  if (values.rate !== undefined) {
    rate = Number(values.rate);
    if (!Number.isFinite(rate) || rate <= 0) fail('--rate must be a positive number of write units per second');
  }
  return importCommand({
    from,
    isUrl,
    email: values.email,
    key: values.key,
    stage: values.stage,
    resume: values.resume,
    since,
    rate,
  });
}

/**
 * The new password: typed twice at a terminal (not echoed), or the first line of standard input
 * (`printf '%s\n' "$PW" | npm run admin -- set-password --email E`). Never an argument: those show in `ps`
 * and in shell history.
 */
async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    let text = '';
    for await (const chunk of process.stdin) text += String(chunk);
    return text.split(/\r?\n/)[0] ?? '';
  }
  const first = await promptHidden('New panel password: ');
  const second = await promptHidden('Repeat it: ');
  if (first !== second) throw new UsageError('the two passwords differ');
  return first;
}

async function promptHidden(question: string): Promise<string> {
  const { createInterface } = await import('node:readline');
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  // readline echoes what is typed through _writeToOutput; after the question, write nothing.
  const output = rl as unknown as { _writeToOutput: (text: string) => void };
  let asked = false;
  output._writeToOutput = (text: string) => {
    if (!asked) process.stdout.write(text);
  };
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      process.stdout.write('\n');
      rl.close();
      resolve(answer);
    });
    asked = true;
  });
}

async function replayEvents(stage: string): Promise<void> {
  const { replayFailedBatches, useDeliveryQueue } = await import('./lib/replay-events.js');
  await useDeliveryQueue(stage);
  const { consumeChanges } = await import('../lib/events/consume.js');
  const { replayed, failed } = await replayFailedBatches(
    stage,
    (changes) => consumeChanges(changes),
    (line) => console.log(line),
  );
  console.log(`replay-events: ${replayed} batch(es) replayed, ${failed} left in the queue`);
  if (failed > 0) process.exitCode = 1;
}

function fail(message: string): never {
  throw new UsageError(message);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const unreachable = target && unreachableDatabaseMessage(error, target.endpoint, target.stage);
  const message = unreachable ?? (error instanceof Error ? error.message || error.name : String(error));
  console.error(`admin: ${message}`);
  process.exit(error instanceof UsageError ? 2 : 1);
});
