import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { deploymentBase, deploymentOrigin, docError, docResponse, readsDocs } from '../../lib/docs/responses.js';
import { JSON_CONTENT_TYPE } from '../../lib/http/response.js';
import { buildOpenApiDocument } from '../../lib/openapi/document.js';

// Built once per instance: the definitions do not change while it runs.
const document = buildOpenApiDocument();

/**
 * GET /api/openapi.json and /api/2.0/openapi.json, without credentials. The server entry is this deployment's
 * own URL as the client addressed it (`http://localhost:3000`, `https://….execute-api….amazonaws.com/dev`), so
 * the page shows where the API is and "try it" works behind any host or stage prefix; with a custom domain, that
 * domain comes first.
 */
export async function handler(event: APIGatewayProxyEvent): Promise<APIGatewayProxyResult> {
  if (!readsDocs(event.httpMethod)) return docError(405, { Allow: 'GET' });
  const base = deploymentBase(event);
  const origin = deploymentOrigin(event);
  const url = origin ? `${origin}${base}` : base || '/';
  // PUBLIC_URL: the stage's custom domain (infra/functions.cjs sets it from the customDomainName param), listed first.
  const domain = (process.env.PUBLIC_URL ?? '').replace(/\/+$/, '');
  const servers = [...(domain ? [{ url: domain, description: "The API's domain" }] : []), ...(url === domain ? [] : [{ url, description: 'This deployment' }])];
  const served = { ...document, servers };
  return docResponse(200, JSON.stringify(served), JSON_CONTENT_TYPE, { 'Access-Control-Allow-Origin': '*', Vary: 'Host, X-Forwarded-Proto' });
}
