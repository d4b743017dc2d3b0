/**
 * The deploy check's `api: http` stage (scripts/deploy-check.ts `--http`): deployed on the emulator, its HTTP API
 * read back, smoke requests sent through it, then removed.
 */
import { startHttpApiRouter } from './http-api-router.js';
import { checkHttpApi, readHttpApi, smokeRequests } from './http-stage-check.js';
import { repoRoot } from './repo.js';
import { runScript } from './run-script.js';
import { copyService } from './service-copy.js';
import { resolveConfig, stageParam } from './stage-expectations.js';

const REGION = 'us-east-1';

/**
 * The stacks an `api: http` stage deploys in the check: the core (the HTTP API, `$default`, /api.php, docs, panel)
 * and the domain stacks the smoke requests reach (a domain's dispatcher, the store context's, the catalogue's);
 * the other domain stacks differ from these only in their route list, which the deploy tests check packaged.
 */
export const HTTP_CHECK_STACKS = ['core', 'accounts', 'catalog', 'companies'];

/** The http stage deployed beside REST stage `restStage`: no name of one starts with the other's. */
export const httpStageName = (restStage: string) => `http${restStage}`;

/** An administrator of the http stage, written by its admin command line for the smoke requests. */
const HTTP_ADMIN = 'http-check@example.com';

/**
 * The `api: http` stage: its stacks deployed (HTTP_CHECK_STACKS), its HTTP API read back and compared with the
 * function table, smoke requests sent through the emulator's router (scripts/lib/http-api-router.ts: moto runs no
 * Lambda code, the router runs each route's deployed function) with the payload sizes they measured, then removed
 * with nothing left.
 */
export async function httpStage(
  restStage: string,
  env: NodeJS.ProcessEnv,
  motoEnv: Record<string, string>,
  step: (name: string, body: () => Promise<string[]>) => Promise<boolean>,
  log: (line: string) => void,
  /** The service its `npm run deploy` runs in: a copy of this checkout when the REST stage deploys at the same time. */
  root = repoRoot,
): Promise<boolean> {
  // Not `<rest stage>http`: the REST stage's read-back takes what starts with `store-api-<rest stage>` as its own.
  const stage = httpStageName(restStage);
  const params = ['--param=api=http', '--param=alarmEmail=ops@example.com'];
  const script = async (name: string, args: string[]) => {
    const { code, output } = await runScript(name === 'deploy.ts' ? root : repoRoot, name, args, env, log);
    return { problems: code === 0 ? [] : [`${name} ${args.join(' ')} exited with ${code}`], output };
  };
  const admin = (...args: string[]) => script('admin.ts', [...args, '--stage', stage]);
  let apiId = '';
  return (
    (await step(`deploy an http stage (api=http): ${HTTP_CHECK_STACKS.join(', ')}`, async () => {
      const only = ['--only', HTTP_CHECK_STACKS.join(',')];
      return (await script('deploy.ts', ['--stage', stage, '--region', REGION, ...params, ...only])).problems;
    })) &&
    (await step('read back the HTTP API and compare with the code', async () => {
      const api = await readHttpApi(stage, REGION, motoEnv);
      apiId = api.apiIds[0] ?? '';
      const config = await resolveConfig(stage, env, params);
      const throttle = {
        rateLimit: Number(stageParam(config, stage, 'throttleRateLimit')),
        burstLimit: Number(stageParam(config, stage, 'throttleBurstLimit')),
      };
      log(`   read back: HTTP API ${apiId}, ${api.routes.size} routes`);
      return checkHttpApi(api, stage, throttle, HTTP_CHECK_STACKS);
    })) &&
    (await step('smoke requests through the HTTP API, each run by its deployed function', async () => {
      const created = await admin('create-user', '--email', HTTP_ADMIN, '--type', 'A', '--root');
      const enabled = await admin('enable-api', '--email', HTTP_ADMIN);
      const storefront = await admin('storefront-key');
      const setup = [...created.problems, ...enabled.problems, ...storefront.problems];
      if (setup.length > 0) return setup;
      const lastLine = (output: string[]) =>
        output
          .filter((line) => line.trim())
          .pop()
          ?.trim() ?? '';
      const router = await startHttpApiRouter({ apiId, region: REGION, env: motoEnv });
      try {
        const admin = { email: HTTP_ADMIN, key: lastLine(enabled.output) };
        const problems = await smokeRequests(router, stage, admin, lastLine(storefront.output));
        for (const call of router.calls)
          log(
            `   ${call.status} ${call.method} ${call.path} → ${call.routeKey} → ${call.functionName}: request ${call.requestBytes} B, answer ${call.responseBytes} B`,
          );
        const largest = Math.max(...router.calls.map((c) => Math.max(c.requestBytes, c.responseBytes)));
        log(`   largest request or answer: ${largest} B: each is 1 billed HTTP API request (512 KB per request)`);
        return problems;
      } finally {
        await router.close();
      }
    })) &&
    (await step('remove the http stage: nothing of it is left', async () => {
      const removed = await script('deploy.ts', ['--stage', stage, '--region', REGION, ...params, '--remove']);
      const api = await readHttpApi(stage, REGION, motoEnv);
      return [
        ...removed.problems,
        ...api.apiIds.map((id) => `left behind: HTTP API ${id}`),
        ...(api.routes.size > 0 ? [`left behind: ${api.routes.size} routes`] : []),
      ];
    }))
  );
}

/**
 * The http stage deployed from a copy of this checkout, so that it runs beside the
 * REST stage's deploys: each `serverless deploy` writes its package to `<service>/.serverless/`. The two stages share
 * no name (httpStageName) and moto answers one request at a time (scripts/lib/moto-server.py), so neither sees the
 * other; what overlaps is their packaging and the framework's waiting, on a machine with a core to spare.
 */
export async function httpBeside(
  stage: string,
  env: NodeJS.ProcessEnv,
  motoEnv: Record<string, string>,
  step: (name: string, body: () => Promise<string[]>) => Promise<boolean>,
  log: (line: string) => void,
): Promise<boolean> {
  const copy = await copyService('http');
  try {
    return await httpStage(stage, env, motoEnv, step, (line) => log(`[http] ${line}`), copy.root);
  } finally {
    await copy.remove();
  }
}
