import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { deploymentBase, deploymentOrigin, docError, docResponse, readsDocs } from '../../lib/docs/responses.js';
import { eitherPayload } from '../../lib/http/payload-v2.js';
import { JSON_CONTENT_TYPE } from '../../lib/http/response.js';
import { buildOpenApiDocument } from '../../lib/openapi/document.js';
import { versionServers } from '../../lib/openapi/introduction.js';

// Built once per instance: the definitions do not change while it runs.
const document = buildOpenApiDocument();

/**
 * GET /api/openapi.json and /api/2.0/openapi.json, without credentials. The servers are the two versions' roots
 * under this deployment's own URL as the client addressed it (`http://localhost:3000/api`,
 * `https://….execute-api….amazonaws.com/dev/api/2.0`), so the page shows where the API is and "try it" works
 * behind any host or stage prefix; with a custom domain, that domain's two roots come first.
 */
async function serve(event: APIGatewayProxyEvent): Promise<APIGatewayProxyResult> {
  if (!readsDocs(event.httpMethod)) return docError(405, { Allow: 'GET' });
  const base = deploymentBase(event);
  const origin = deploymentOrigin(event);
  const root = origin ? `${origin}${base}` : base;
  // PUBLIC_URL: the stage's custom domain (infra/functions.cjs sets it from the customDomainName param), listed first.
  const domain = (process.env.PUBLIC_URL ?? '').replace(/\/+$/, '');
  const onDomain = domain
    ? versionServers(domain).map((server) => ({ ...server, description: `${server.description}, the API's domain` }))
    : [];
  const served = { ...document, servers: [...onDomain, ...(root === domain ? [] : versionServers(root))] };
  return docResponse(200, JSON.stringify(served), JSON_CONTENT_TYPE, {
    'Access-Control-Allow-Origin': '*',
    Vary: 'Host, X-Forwarded-Proto',
  });
}

/** Behind a REST or an HTTP API stage alike (lib/http/payload-v2.ts). */
export const handler = eitherPayload<void>(serve);
