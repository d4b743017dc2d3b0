/**
 * The stage's cursor key parameter (infra/secrets.cjs, lib/cursor-keys.ts): created by `npm run deploy` when
 * absent, rotated by `npm run admin -- rotate-cursor-secret`. A SecureString under the account's aws/ssm key.
 */
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { GetParameterCommand, PutParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { type CursorKeySet, parseCursorKeys } from '../../lib/cursor-keys.js';
import { deleteParameter, isParameterNotFound } from './ssm-parameter.js';

const require = createRequire(import.meta.url);
const { cursorSecretParameter } = require('../../infra/secrets.cjs') as {
  cursorSecretParameter: (service: string, stage: string) => string;
};

const newKey = () => randomBytes(32).toString('base64url');

async function readKeys(ssm: SSMClient, name: string): Promise<CursorKeySet | undefined> {
  try {
    const answer = await ssm.send(new GetParameterCommand({ Name: name, WithDecryption: true }));
    return parseCursorKeys(answer.Parameter?.Value ?? '');
  } catch (error) {
    if (isParameterNotFound(error)) return undefined;
    throw error;
  }
}

async function writeKeys(ssm: SSMClient, name: string, keys: CursorKeySet, overwrite: boolean): Promise<void> {
  await ssm.send(
    new PutParameterCommand({
      Name: name,
      Type: 'SecureString',
      Value: JSON.stringify(keys),
      Overwrite: overwrite,
      Description:
        'store-api list cursor keys: {"current": signs, "previous": still verify} (docs/deploy.md, "Secrets")',
    }),
  );
}

/**
 * Creates `/<service>/<stage>/cursor-secret` unless it exists. A stage deployed before the key moved to SSM signed its
 * cursors with the deploying shell's CURSOR_SECRET: given one, it becomes the current key, so no cursor in flight breaks.
 */
export async function ensureCursorSecret(
  stage: string,
  region: string,
  fromShell?: string,
): Promise<'created' | 'exists'> {
  const ssm = new SSMClient({ region });
  const name = cursorSecretParameter('store-api', stage);
  try {
    if (await readKeys(ssm, name)) return 'exists';
    await writeKeys(
      ssm,
      name,
      { current: fromShell && fromShell.length >= 16 ? fromShell : newKey(), previous: [] },
      false,
    );
    return 'created';
  } finally {
    ssm.destroy();
  }
}

/**
 * A new current key; the old one stays valid as `previous` until the next rotation (or `finish`, which drops the
 * previous keys once every client has moved on). Instances learn the new key on their next cold start, or the
 * first time they see a cursor signed with it.
 */
export async function rotateCursorSecret(stage: string, region: string, { finish = false } = {}): Promise<string> {
  const ssm = new SSMClient({ region });
  const name = cursorSecretParameter('store-api', stage);
  try {
    const keys = await readKeys(ssm, name);
    if (!keys) throw new Error(`${name} does not exist: deploy the stage first (npm run deploy -- --stage ${stage})`);
    if (finish) {
      await writeKeys(ssm, name, { current: keys.current, previous: [] }, true);
      return `${name}: previous keys dropped; cursors signed with them are now a 400`;
    }
    await writeKeys(ssm, name, { current: newKey(), previous: [keys.current] }, true);
    return `${name}: new current key; cursors signed with the previous one still verify until the next rotation (or --finish)`;
  } finally {
    ssm.destroy();
  }
}

/** With the core stack gone, the stage's key signs nothing any more: `npm run deploy -- --remove` deletes it. */
export const deleteCursorSecret = (stage: string, region: string) =>
  deleteParameter(cursorSecretParameter('store-api', stage), region);
