import type { APIGatewayProxyResult } from 'aws-lambda';

/** What an operation hands back; the stack turns it into an API Gateway response. */
export interface ApiResult {
  status: number;
  body?: unknown;
  /** Headers of this answer (an `ETag`), sent beside the stack's own. */
  headers?: Record<string, string>;
  /** `body` already serialised (by conditionalGet, which hashed it for the ETag); sent as it is. */
  text?: string;
}

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export const ok = (body: unknown): ApiResult => ({ status: 200, body });
export const created = (body: unknown): ApiResult => ({ status: 201, body });
export const noContent = (): ApiResult => ({ status: 204 });

export function toProxyResult(result: ApiResult, stackHeaders: Record<string, string> = {}): APIGatewayProxyResult {
  const headers = { ...stackHeaders, ...result.headers };
  if (result.status === 204 || result.status === 304 || result.body === undefined) {
    return { statusCode: result.status, headers, body: '' };
  }
  return {
    statusCode: result.status,
    headers: { 'Content-Type': JSON_CONTENT_TYPE, ...headers },
    body: result.text ?? JSON.stringify(result.body),
  };
}
