import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { docError, docResponse, readsDocs } from '../../lib/docs/responses.js';
import { JSON_CONTENT_TYPE } from '../../lib/http/response.js';
import { buildOpenApiDocument } from '../../lib/openapi/document.js';

// Built once per instance: the definitions do not change while it runs.
const document = buildOpenApiDocument();

/**
 * GET /api/openapi.json and /api/2.0/openapi.json, without credentials. The server URL is relative to the
 * document, so "try it" works behind any host or stage prefix.
 */
export async function handler(event: APIGatewayProxyEvent): Promise<APIGatewayProxyResult> {
  if (!readsDocs(event.httpMethod)) return docError(405, { Allow: 'GET' });
  const underVersion2 = (event.path ?? '').includes('/2.0/');
  const served = { ...document, servers: [{ url: underVersion2 ? '../..' : '..' }] };
  return docResponse(200, JSON.stringify(served), JSON_CONTENT_TYPE, { 'Access-Control-Allow-Origin': '*' });
}
