import middy, { type MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { normalizeHeaders, normalizeQuery } from '../http/api-event.js';
import { errorToResult } from '../http/error-response.js';
import { type EitherPayloadHandler, eitherPayload } from '../http/payload-v2.js';
import { log, setLogContext } from '../log.js';
import { recordRequest } from '../metrics.js';
import { handlePanel } from './panel.js';
import type { PanelRequest } from './request-response.js';
import { messagePage } from './views.js';

/** Where API Gateway routes the panel (infra/function-table.cjs): `/admin` and `/admin/{proxy+}`. */
export const PANEL_PATH = '/admin';

type PanelContext = Context & { panel?: { request: PanelRequest; startedAt: number } };

/**
 * Served with every panel response. No script runs on these pages at all (`script-src` is not allowed),
 * forms may only post to the panel itself, and no other site may frame it.
 */
export function securityHeaders(secure: boolean): Record<string, string> {
  return {
    'Content-Security-Policy':
      "default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'same-origin',
    ...(secure ? { 'Strict-Transport-Security': 'max-age=31536000' } : {}),
  };
}

/**
 * The API Gateway event as the panel sees it. On an execute-api URL the browser's path starts with the
 * stage (`/dev/admin/...`, in requestContext.path) while `event.path` does not: the difference is where
 * links and the cookie path must point.
 */
export function panelRequest(event: APIGatewayProxyEvent, secure: boolean): PanelRequest {
  const path = event.path ?? PANEL_PATH;
  const browserPath = event.requestContext?.path ?? path;
  const prefix = browserPath.endsWith(path) ? browserPath.slice(0, browserPath.length - path.length) : '';
  const raw = event.body ?? '';
  return {
    method: (event.httpMethod ?? 'GET').toUpperCase(),
    subpath: path.startsWith(PANEL_PATH) ? path.slice(PANEL_PATH.length) : path,
    base: `${prefix}${PANEL_PATH}`,
    headers: normalizeHeaders(event),
    query: normalizeQuery(event),
    body: event.isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw,
    sourceIp: event.requestContext?.identity?.sourceIp || 'unknown',
    secure,
  };
}

function panelMiddleware(
  secure: boolean,
): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, PanelContext> {
  const finish = (context: PanelContext, status: number) => {
    const latencyMs = context.panel ? Date.now() - context.panel.startedAt : 0;
    log('info', 'request', { status, latencyMs });
    recordRequest(status, latencyMs);
  };
  return {
    before: ({ event, context }) => {
      const request = panelRequest(event, secure);
      context.panel = { request, startedAt: Date.now() };
      setLogContext(context, {
        requestId: context.awsRequestId ?? event.requestContext?.requestId,
        apiRequestId: event.requestContext?.requestId,
        method: request.method,
        path: event.path,
      });
    },
    after: ({ context, response }) => {
      if (!response) return;
      response.headers = { ...securityHeaders(secure), ...response.headers };
      finish(context, response.statusCode);
    },
    onError: (request) => {
      // Unexpected: logged by errorToResult; the page says only what the API would say (503 stays a 503).
      const failure = errorToResult(request.error);
      const base = request.context.panel?.request.base ?? PANEL_PATH;
      request.response = {
        statusCode: failure.status,
        headers: {
          ...securityHeaders(secure),
          'Content-Type': 'text/html; charset=utf-8',
          'Cache-Control': 'no-store',
          ...failure.headers,
        },
        body: messagePage({ base }, 'Something went wrong', failure.body.message).text,
      };
      finish(request.context, failure.status);
    },
  };
}

/** The panel Lambda. Cookies are `Secure` everywhere but under serverless offline (plain HTTP on a laptop). */
export function panelHandler(secure = process.env.IS_OFFLINE !== 'true'): EitherPayloadHandler {
  const stack = middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, PanelContext>({ timeoutEarlyInMillis: 0 })
    .use(panelMiddleware(secure))
    .handler(async (_event, context) => {
      if (!context.panel) throw new Error('the panel middleware did not run');
      const { status, headers, body } = await handlePanel(context.panel.request);
      return { statusCode: status, headers, body };
    });
  // An HTTP API stage's 2.0 event is read as its 1.0 twin; its Set-Cookie leaves in 2.0's `cookies`.
  return eitherPayload((event, context) => stack(event, context));
}
