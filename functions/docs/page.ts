import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import bundle from 'swagger-ui-dist/swagger-ui-bundle.js' with { type: 'text' };
import css from 'swagger-ui-dist/swagger-ui.css' with { type: 'text' };
import { docError, docResponse, readsDocs } from '../../lib/docs/responses.js';

/**
 * GET /api/docs: the API reference, rendered by Swagger UI (swagger-ui-dist from npm, bundled into this
 * function: nothing comes from a CDN) from /api/openapi.json. Asset paths are relative, so the page works
 * behind any stage prefix.
 */
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Store API reference</title>
<link rel="stylesheet" href="docs/swagger-ui.css">
</head>
<body>
<div id="ui"></div>
<script src="docs/swagger-ui-bundle.js"></script>
<script src="docs/init.js"></script>
</body>
</html>`;

const INIT = `window.ui = SwaggerUIBundle({ url: 'openapi.json', dom_id: '#ui', deepLinking: true, tryItOutEnabled: false });`;

const ASSETS: Record<string, { body: string; type: string }> = {
  'swagger-ui.css': { body: css, type: 'text/css; charset=utf-8' },
  'swagger-ui-bundle.js': { body: bundle, type: 'text/javascript; charset=utf-8' },
  'init.js': { body: INIT, type: 'text/javascript; charset=utf-8' },
};

const CSP = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; connect-src 'self'; frame-ancestors 'none'";

export async function handler(event: APIGatewayProxyEvent): Promise<APIGatewayProxyResult> {
  if (!readsDocs(event.httpMethod)) return docError(405, { Allow: 'GET' });
  const raw = event.path ?? '';
  const path = raw.replace(/\/+$/, '');
  // The page's asset paths are relative to /api/docs, not /api/docs/.
  if (path !== raw && /\/api\/docs$/.test(path)) return docResponse(301, '', 'text/plain; charset=utf-8', { Location: '../docs' });
  if (/\/api\/docs$/.test(path)) return docResponse(200, PAGE, 'text/html; charset=utf-8', { 'Content-Security-Policy': CSP });
  const asset = ASSETS[path.slice(path.lastIndexOf('/') + 1)];
  if (!asset || !/\/api\/docs\/[^/]+$/.test(path)) return docError(404);
  return docResponse(200, asset.body, asset.type);
}
