import middy from '@middy/core';
import { ForbiddenError } from '../errors.js';
import type { ApiEvent } from '../http/api-event.js';
import { badRequest, methodNotAllowed, unsupportedMediaType } from '../http/http-errors.js';
import { eitherPayload } from '../http/payload-v2.js';
import type { ApiResult } from '../http/response.js';
import { toProxyResult } from '../http/response.js';
import { callerAdmission } from '../stack/admission/index.js';
import type { LambdaHandler } from '../stack/api-handler.js';
import { type Admission, enteringStack, type StackContext } from '../stack/request.js';
import { response } from '../stack/response/index.js';
import { failure, PARSE_ERROR } from './json-rpc.js';
import { type Handlers, restCaller } from './rest-call.js';
import { answerMessages, PROTOCOL_VERSIONS } from './server.js';

/** Bodies a JSON-RPC message or batch may take: the API's own limit for a body (SPEC §2). */
const MAX_BODY_BYTES = 1024 * 1024;

/** The stage param `mcpWrites` (docs/configuration.md): anything but `false` leaves MCP writes on. */
export const mcpWritesOn = (env: NodeJS.ProcessEnv = process.env) =>
  (env.MCP_WRITES ?? 'true').trim().toLowerCase() !== 'false';

/**
 * `POST /mcp`, MCP's Streamable HTTP transport without its optional server stream: every POST is answered with JSON
 * (or 202 when it held only notifications), `GET` and `DELETE` with 405 (no stream, no session to end). The request
 * is admitted by the API's own stack — credentials (401 with WWW-Authenticate, the lockout's 429), the caller's rate
 * limit, CORS preflights — and every tool then runs its REST operation in-process with that caller (`handlers`: the
 * dispatchers' table, lib/mcp/rest-call.ts). A shopper's token or the storefront key is refused (403): MCP is for API
 * users.
 */
export function mcpHandler(handlers: Handlers): LambdaHandler {
  const stack = middy<ApiEvent, ApiResult, Error, StackContext<Omit<Admission, 'path' | 'route'>>>({
    timeoutEarlyInMillis: 0,
  })
    .use(response())
    .use(callerAdmission())
    .handler(async (event, { api, awsRequestId }) => {
      if (api.method !== 'POST') throw methodNotAllowed('MCP takes POST; this server opens no stream', ['POST']);
      if (api.caller.storefront) throw new ForbiddenError('MCP is for API users (an e-mail and API key)');
      const type = (api.headers['content-type'] ?? 'application/json').split(';')[0]!.trim().toLowerCase();
      if (type !== 'application/json') throw unsupportedMediaType();
      const version = api.headers['mcp-protocol-version'];
      if (
        version !== undefined &&
        !(PROTOCOL_VERSIONS as readonly string[]).includes(version) &&
        version !== '2025-03-26'
      )
        throw badRequest(`Unsupported MCP-Protocol-Version ${version}: ${PROTOCOL_VERSIONS.join(', ')}`);
      const bytes = Buffer.from(event.body ?? '', event.isBase64Encoded ? 'base64' : 'utf8');
      if (bytes.length > MAX_BODY_BYTES) throw badRequest('The JSON-RPC message is over 1 MiB');
      let payload: unknown;
      try {
        payload = JSON.parse(bytes.toString('utf8'));
      } catch {
        return { status: 400, body: failure(null, PARSE_ERROR, 'Parse error: the body is not JSON') };
      }
      const rest = restCaller(handlers, api.caller, api.sourceIp, awsRequestId ?? 'mcp');
      const answers = await answerMessages(payload, { caller: api.caller, rest, writesOn: mcpWritesOn() });
      return answers === undefined ? { status: 202 } : { status: 200, body: answers };
    });
  return eitherPayload(async (event, context) => toProxyResult(await stack(event, enteringStack(context))));
}
