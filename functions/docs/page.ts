import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import css from 'swagger-ui-dist/swagger-ui.css' with { type: 'text' };
import bundle from 'swagger-ui-dist/swagger-ui-bundle.js' with { type: 'text' };
import { deploymentBase, docError, docResponse, readsDocs } from '../../lib/docs/responses.js';
import { eitherPayload } from '../../lib/http/payload-v2.js';

/**
 * GET /api/docs: the API reference, rendered by Swagger UI (swagger-ui-dist from npm, bundled into this
 * function: nothing comes from a CDN) from /api/openapi.json. Asset URLs are absolute paths under this
 * deployment's base (a stage prefix included), so the page loads the same at `/api/docs` and `/api/docs/`
 * (serverless offline hands both to the handler as `/api/docs`, so a redirect cannot tell them apart).
 */
const page = (assets: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Store API reference</title>
<link rel="stylesheet" href="${assets}/swagger-ui.css">
</head>
<body>
<div id="ui"></div>
<script src="${assets}/swagger-ui-bundle.js"></script>
<script src="${assets}/init.js"></script>
</body>
</html>`;

// The document is found from this script's own URL (…/api/docs/init.js → …/api/openapi.json), whatever the page's URL.
const INIT = `window.ui = SwaggerUIBundle({ url: new URL('../openapi.json', document.currentScript.src).href, dom_id: '#ui', deepLinking: true, tryItOutEnabled: false });`;

const ASSETS: Record<string, { body: string; type: string }> = {
  'swagger-ui.css': { body: css, type: 'text/css; charset=utf-8' },
  'swagger-ui-bundle.js': { body: bundle, type: 'text/javascript; charset=utf-8' },
  'init.js': { body: INIT, type: 'text/javascript; charset=utf-8' },
};

const CSP =
  "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; connect-src 'self'; frame-ancestors 'none'";

async function serve(event: APIGatewayProxyEvent): Promise<APIGatewayProxyResult> {
  if (!readsDocs(event.httpMethod)) return docError(405, { Allow: 'GET' });
  const raw = event.path ?? '';
  const path = raw.replace(/\/+$/, '');
  // One address for the page (API Gateway hands on the trailing slash; its assets load either way).
  if (path !== raw && /\/api\/docs$/.test(path))
    return docResponse(301, '', 'text/plain; charset=utf-8', { Location: '../docs' });
  if (/\/api\/docs$/.test(path)) {
    const assets = encodeURI(`${deploymentBase(event)}/api/docs`);
    return docResponse(200, page(assets), 'text/html; charset=utf-8', { 'Content-Security-Policy': CSP });
  }
  const asset = ASSETS[path.slice(path.lastIndexOf('/') + 1)];
  if (!asset || !/\/api\/docs\/[^/]+$/.test(path)) return docError(404);
  return docResponse(200, asset.body, asset.type);
}

/** Behind a REST or an HTTP API stage alike (lib/http/payload-v2.ts). */
export const handler = eitherPayload<void>(serve);
