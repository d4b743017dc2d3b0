/**
 * What the panel test files (test/e2e/panel-*.test.ts) share: a signed-in panel client, the API access tab
 * submitted as its form would, and the admin command line fed on its standard input.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { adminCommand } from '../support/admin-command.js';
import { cliEnv } from '../support/fixtures.js';
import { type PanelAdmin, PanelClient } from '../support/panel.js';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The admin command line with `input` on its standard input (adminCli leaves stdin open). */
export function cliWithInput(args: string[], input: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      ...adminCommand(args),
      { cwd: REPO_ROOT, env: cliEnv(), timeout: 60_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout: String(stdout), stderr: String(stderr) }),
    );
    child.stdin!.end(input);
  });
}

export async function signedIn(admin: PanelAdmin): Promise<PanelClient> {
  const client = new PanelClient();
  const answer = await client.signIn(admin.email, admin.password);
  expect(answer.status, answer.body.slice(0, 400)).toBe(303);
  return client;
}

/** Submits the API access tab of `userId` as the page's form would. */
export async function saveApiAccess(client: PanelClient, userId: number, on: boolean) {
  const csrf = await client.csrfToken();
  return client.post(`/admin/users/${userId}/api`, {
    csrf_token: csrf,
    action: 'save',
    ...(on ? { api_access: 'Y' } : {}),
  });
}
