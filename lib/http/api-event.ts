import type { APIGatewayProxyEvent } from 'aws-lambda';

/** The API Gateway (REST, proxy) event every API function receives. */
export type ApiEvent = APIGatewayProxyEvent;

/**
 * Lower-cased header names; the first value of a repeated header. API Gateway
 * fills `multiValueHeaders` with exactly what the client sent, so it is read
 * when present (serverless-offline adds a Content-Type of its own to `headers`);
 * `headers` serves hand-built events.
 */
export function normalizeHeaders(event: ApiEvent): Record<string, string> {
  const headers: Record<string, string> = {};
  const multi = event.multiValueHeaders;
  if (multi && Object.keys(multi).length > 0) {
    for (const [name, values] of Object.entries(multi)) {
      const first = values?.[0];
      if (first !== undefined && !(name.toLowerCase() in headers)) headers[name.toLowerCase()] = first;
    }
    return headers;
  }
  for (const [name, value] of Object.entries(event.headers ?? {})) {
    if (value !== undefined && !(name.toLowerCase() in headers)) headers[name.toLowerCase()] = value;
  }
  return headers;
}

/**
 * Query parameters, the last value winning for repeated ones (as PHP reads them). PHP's array form
 * `key[]=1&key[]=2` also gives `key` its values comma-joined (`1,2`), unless `key` itself was sent, so
 * id-list filters (`product_ids`) take both forms.
 */
export function normalizeQuery(event: ApiEvent): Record<string, string> {
  const query: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [name, value] of Object.entries(event.queryStringParameters ?? {})) {
    if (value !== undefined) query[name] = value;
  }
  const arrays: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [name, values] of Object.entries(event.multiValueQueryStringParameters ?? {})) {
    const last = values?.[values.length - 1];
    if (last !== undefined) query[name] = last;
    if (name.length > 2 && name.endsWith('[]') && values) arrays[name.slice(0, -2)] = values.join(',');
  }
  for (const [name, joined] of Object.entries(arrays)) if (!(name in query)) query[name] = joined;
  return query;
}
