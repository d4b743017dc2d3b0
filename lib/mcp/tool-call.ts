import { claimKey, completeKey, releaseKey } from '../db/idempotency.js';
import type { Caller } from '../entities/caller.js';
import { fingerprintOf } from '../stack/dispatch/idempotency.js';
import { callEntityTool, type ToolArguments } from './entity-call.js';
import type { RestCall } from './rest-call.js';
import { TASKS } from './task-tools.js';
import { refused, type ToolOutcome } from './tool-outcome.js';
import type { ToolSpec } from './tool-types.js';

/** MCP's CallToolResult: the structured answer and a one-line text, or `isError` with the API's message. */
export interface CallToolResult {
  content: { type: 'text'; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

export interface CallContext {
  caller: Caller;
  rest: RestCall;
  /** The stage param `mcpWrites`: false refuses every write tool. */
  writesOn: boolean;
}

const MAX_KEY_LENGTH = 200;
/** Idempotency keys of tool calls live beside the REST header's, apart from them (lib/db/idempotency.ts). */
const KEY_PREFIX = 'mcp:';

export function resultOf(outcome: ToolOutcome): CallToolResult {
  if (!outcome.ok) return { content: [{ type: 'text', text: outcome.message }], isError: true };
  // The one-line text first; the JSON too, for clients that show the model only `content`.
  return {
    content: [
      { type: 'text', text: outcome.text },
      { type: 'text', text: JSON.stringify(outcome.structured) },
    ],
    structuredContent: outcome.structured,
  };
}

const run = (tool: ToolSpec, args: ToolArguments, rest: RestCall): Promise<ToolOutcome> => {
  const task = tool.task ? TASKS[tool.task] : undefined;
  return task ? task(args, rest) : callEntityTool(tool, args, rest);
};

/**
 * A tools/call of a known tool. Arguments that are no object, a write while MCP writes are off, and anything the REST
 * operation refuses come back as tool errors. A write with `idempotency_key` claims (user, key) as the REST
 * Idempotency-Key does: a retry with the same arguments gets the first result and changes nothing, one with other
 * arguments is refused, and a failure worth retrying (5xx) frees the key.
 */
export async function callTool(tool: ToolSpec, rawArgs: unknown, context: CallContext): Promise<CallToolResult> {
  if (rawArgs !== undefined && (rawArgs === null || typeof rawArgs !== 'object' || Array.isArray(rawArgs)))
    return resultOf(refused('Bad Request: the arguments must be a JSON object'));
  const args = (rawArgs ?? {}) as ToolArguments;
  if (tool.writes && !context.writesOn)
    return resultOf(refused('Forbidden: writes through MCP are turned off on this stage (mcpWrites)', 403));
  const key = args.idempotency_key;
  if (!tool.writes || key === undefined) return resultOf(await run(tool, args, context.rest));
  if (typeof key !== 'string' || key.trim() === '' || key.length > MAX_KEY_LENGTH)
    return resultOf(refused(`Bad Request: idempotency_key must be 1 to ${MAX_KEY_LENGTH} characters`));
  const { idempotency_key: _key, ...rest } = args;
  const userId = context.caller.userId;
  const fingerprint = fingerprintOf('MCP', tool.name, {}, rest);
  const claim = await claimKey(userId, KEY_PREFIX + key, fingerprint);
  if (claim.kind !== 'claimed') {
    if (claim.fingerprint !== fingerprint)
      return resultOf(refused('Unprocessable Entity: this idempotency_key was used with another tool call', 422));
    if (claim.kind === 'pending')
      return resultOf(refused('Conflict: a call with this idempotency_key is still in progress; retry later', 409));
    return JSON.parse(claim.answer.body ?? '{}') as CallToolResult;
  }
  let outcome: ToolOutcome;
  try {
    outcome = await run(tool, args, context.rest);
  } catch (error) {
    await releaseKey(userId, KEY_PREFIX + key, claim.token).catch(() => undefined);
    throw error;
  }
  const result = resultOf(outcome);
  // A refusal that may pass later (429, 5xx) leaves the key free for the retry; any other answer is the key's.
  if (!outcome.ok && (outcome.status >= 500 || outcome.status === 429))
    await releaseKey(userId, KEY_PREFIX + key, claim.token).catch(() => undefined);
  else
    await completeKey(userId, KEY_PREFIX + key, claim.token, { status: 200, body: JSON.stringify(result) }).catch(
      // The work is done and its result goes out; only the replay is lost: free the key rather than leave it locked.
      () => releaseKey(userId, KEY_PREFIX + key, claim.token).catch(() => undefined),
    );
  return result;
}
