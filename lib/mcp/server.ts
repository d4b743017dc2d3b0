import { ENTITIES } from '../entities/registry.js';
import {
  classify,
  failure,
  INVALID_PARAMS,
  INVALID_REQUEST,
  METHOD_NOT_FOUND,
  type RpcAnswer,
  type RpcRequest,
  result,
} from './json-rpc.js';
import { offeredTools } from './offer.js';
import { type CallContext, callTool } from './tool-call.js';
import { allTools } from './tool-catalog.js';
import type { ToolSpec } from './tool-types.js';

/**
 * The MCP methods this server answers (SPEC §13): initialize, ping, tools/list and tools/call. Stateless: every
 * request carries its caller, nothing of one request is kept for the next, so no session id is given or needed.
 */

/** Newest first: what initialize answers a client asking for a version it does not know (MCP's negotiation). */
export const PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18'] as const;

export const SERVER_INFO = { name: 'store-api', title: 'Store API', version: '1.0.0' };

const INSTRUCTIONS =
  "Tools of a CS-Cart-compatible store, with the permissions of the API key's user: lists take filters, sort_by, items_per_page and the `cursor` of the previous answer's params.next; writes take an idempotency_key that makes a retry safe. A refused call answers the API's own message.";

let catalogue: { tools: ToolSpec[]; byName: Map<string, ToolSpec> } | undefined;

/** Every tool, built once per instance from the entity definitions. */
export function toolCatalogue() {
  if (!catalogue) {
    const tools = allTools(Object.values(ENTITIES));
    catalogue = { tools, byName: new Map(tools.map((tool) => [tool.name, tool])) };
  }
  return catalogue;
}

/** A tool as tools/list shows it. */
const listed = (tool: ToolSpec) => ({
  name: tool.name,
  title: tool.annotations.title,
  description: tool.description,
  inputSchema: tool.inputSchema,
  outputSchema: tool.outputSchema,
  annotations: tool.annotations,
});

async function answerRequest(request: RpcRequest, context: CallContext): Promise<RpcAnswer> {
  const { id, params } = request;
  switch (request.method) {
    case 'initialize': {
      const asked = params.protocolVersion;
      const version = (PROTOCOL_VERSIONS as readonly unknown[]).includes(asked) ? asked : PROTOCOL_VERSIONS[0];
      return result(id, {
        protocolVersion: version,
        capabilities: { tools: { listChanged: false } },
        serverInfo: SERVER_INFO,
        instructions: INSTRUCTIONS,
      });
    }
    case 'ping':
      return result(id, {});
    case 'tools/list': {
      const tools = await offeredTools(context.caller, toolCatalogue().tools, context.writesOn);
      return result(id, { tools: tools.map(listed) });
    }
    case 'tools/call': {
      if (typeof params.name !== 'string') return failure(id, INVALID_PARAMS, 'Invalid params: name must be a string');
      const tool = toolCatalogue().byName.get(params.name);
      if (!tool) return failure(id, INVALID_PARAMS, `Unknown tool: ${params.name}`);
      return result(id, await callTool(tool, params.arguments, context));
    }
    default:
      return failure(id, METHOD_NOT_FOUND, `Method not found: ${request.method}`);
  }
}

/**
 * The answers to one POST's JSON: a message or a batch of them. undefined when nothing needs an answer (only
 * notifications and responses: HTTP 202).
 */
export async function answerMessages(
  payload: unknown,
  context: CallContext,
): Promise<RpcAnswer | RpcAnswer[] | undefined> {
  if (Array.isArray(payload)) {
    if (payload.length === 0) return failure(null, INVALID_REQUEST, 'Invalid Request: an empty batch');
    const answers: RpcAnswer[] = [];
    for (const message of payload) {
      const answer = await answerOne(message, context);
      if (answer) answers.push(answer);
    }
    return answers.length > 0 ? answers : undefined;
  }
  return answerOne(payload, context);
}

async function answerOne(message: unknown, context: CallContext): Promise<RpcAnswer | undefined> {
  const classified = classify(message);
  if (classified.kind === 'notification') return undefined;
  if (classified.kind === 'invalid') return failure(classified.id, INVALID_REQUEST, classified.message);
  return answerRequest(classified, context);
}
