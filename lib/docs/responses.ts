import type { APIGatewayProxyResult } from 'aws-lambda';
import { JSON_CONTENT_TYPE } from '../http/response.js';

/** Answers of the public documentation functions (no credentials, GET and HEAD only). */
export function docResponse(status: number, body: string, contentType: string, extra: Record<string, string> = {}): APIGatewayProxyResult {
  return {
    statusCode: status,
    headers: { 'Content-Type': contentType, 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'public, max-age=300', ...extra },
    body,
  };
}

export function docError(status: 404 | 405, extra: Record<string, string> = {}): APIGatewayProxyResult {
  const message = status === 404 ? 'Not Found' : 'Method Not Allowed';
  return docResponse(status, JSON.stringify({ message, status }), JSON_CONTENT_TYPE, { 'Cache-Control': 'no-store', ...extra });
}

/** Only GET reads the docs; anything else is a 405 in the API's error format. */
export const readsDocs = (method: string | undefined) => (method ?? 'GET').toUpperCase() === 'GET';
