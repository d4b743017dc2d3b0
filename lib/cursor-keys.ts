import type { SSMClient } from '@aws-sdk/client-ssm';
import { config } from './config.js';

/**
 * The keys list cursors are signed with (lib/http/cursor.ts). Deployed, they live in one SSM SecureString,
 * named by CURSOR_SECRET_PARAMETER (infra/secrets.cjs), as `{"current":"…","previous":["…"]}`: new cursors are
 * signed with `current`, and a cursor signed with a `previous` key still verifies, so a rotation
 * (`npm run admin -- rotate-cursor-secret`) breaks no walk in progress. Read once per cold start and cached;
 * read again (at most once a minute) when a cursor arrives signed with a key this instance does not know yet,
 * which is how a warm instance learns a rotation. Locally (no parameter): CURSOR_SECRET, or the local default.
 */
export interface CursorKeySet {
  current: string;
  previous: string[];
}

const REFRESH_AFTER_MS = 60_000;

let loaded: CursorKeySet | undefined;
let loading: Promise<void> | undefined;
let lastReadAt = 0;
let client: SSMClient | undefined;

/** The parameter's value: the JSON key set, or (a value written by hand) a single key. */
export function parseCursorKeys(text: string): CursorKeySet {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{')) return { current: trimmed, previous: [] };
  const parsed = JSON.parse(trimmed) as Partial<CursorKeySet>;
  if (typeof parsed.current !== 'string' || parsed.current.length < 16)
    throw new Error('the cursor key parameter has no "current" key of 16 characters or more');
  return {
    current: parsed.current,
    previous: (parsed.previous ?? []).filter((key): key is string => typeof key === 'string' && key.length > 0),
  };
}

/** The keys this instance signs and verifies with right now. */
export function cursorKeys(): CursorKeySet {
  return loaded ?? { current: config().cursorSecret, previous: [] };
}

type SsmModule = typeof import('@aws-sdk/client-ssm');

/**
 * The SSM client, loaded at the first read rather than at the top: only the functions that sign cursors pay for its
 * initialisation (hundreds of ms when loaded with every function). In the deployed CommonJS bundle through `require`,
 * which finds the runtime's SDK (import() would not: it ignores NODE_PATH); under tsx and Vitest (ES modules) through import().
 */
async function loadSsm(): Promise<SsmModule> {
  return typeof require === 'function' ? (require('@aws-sdk/client-ssm') as SsmModule) : import('@aws-sdk/client-ssm');
}

async function read(name: string): Promise<void> {
  const { GetParameterCommand, SSMClient } = await loadSsm();
  client ??= new SSMClient({});
  const answer = await client.send(new GetParameterCommand({ Name: name, WithDecryption: true }));
  loaded = parseCursorKeys(answer.Parameter?.Value ?? '');
  lastReadAt = Date.now();
}

/** Loads the key set once (no-op without CURSOR_SECRET_PARAMETER); `refresh`: read it again unless read within the last minute. */
export async function loadCursorKeys({ refresh = false } = {}): Promise<void> {
  const name = process.env.CURSOR_SECRET_PARAMETER;
  if (!name) return;
  if (loaded && (!refresh || Date.now() - lastReadAt < REFRESH_AFTER_MS)) return;
  loading ??= read(name).finally(() => {
    loading = undefined;
  });
  await loading;
}
