import { badRequest, payloadTooLarge, unsupportedMediaType } from './http-errors.js';

/** Bodies over 1 MiB are refused before decoding (SPEC §2). */
export const MAX_BODY_BYTES = 1024 * 1024;
/** A batch body (POST /<entity>/batch) may be as large as API Gateway takes: 10 MB (its hard payload limit). */
export const BATCH_MAX_BODY_BYTES = 10 * 1000 * 1000;

export type RequestBody = Record<string, unknown>;

const JSON_TYPES = new Set(['application/json']);
// The seed's usergroup examples send `key=value&...` as text/plain; no Content-Type means text/plain.
const FORM_TYPES = new Set(['text/plain', 'application/x-www-form-urlencoded']);

/** The media type of a Content-Type header, without parameters; a missing header is text/plain. */
export function mediaType(contentType: string | undefined): string {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return type === '' ? 'text/plain' : type;
}

/**
 * Decodes a PUT/POST body by its Content-Type (SPEC §2): JSON objects, or
 * form-encoded `key=value&...` for text/plain and x-www-form-urlencoded.
 * 413 over 1 MiB, 415 for any other type, 400 for empty or malformed bodies.
 */
export function decodeBody(
  rawBody: string | null | undefined,
  isBase64: boolean,
  contentType: string | undefined,
  maxBytes = MAX_BODY_BYTES,
): RequestBody {
  const bytes = Buffer.from(rawBody ?? '', isBase64 ? 'base64' : 'utf8');
  if (bytes.length > maxBytes)
    throw payloadTooLarge(
      maxBytes === MAX_BODY_BYTES
        ? undefined
        : `a batch body may be at most ${maxBytes} bytes (API Gateway's payload limit)`,
    );
  const type = mediaType(contentType);
  const isJson = JSON_TYPES.has(type);
  if (!isJson && !FORM_TYPES.has(type)) throw unsupportedMediaType();
  const text = bytes.toString('utf8');
  if (text.trim() === '') throw badRequest('Missing parameters');
  const body = isJson ? parseJsonObject(text) : parseForm(text);
  if (Object.keys(body).length === 0) throw badRequest('Missing parameters');
  return body;
}

function parseJsonObject(text: string): RequestBody {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badRequest('Syntax error, malformed JSON');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw badRequest('Syntax error, malformed JSON');
  }
  return parsed as RequestBody;
}

function decodeComponent(text: string): string {
  // Runs of %XX are decoded together (multi-byte UTF-8); a run that is not valid UTF-8, or a stray '%', stays literal.
  return text.replace(/\+/g, ' ').replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

/**
 * `a=1&b=x+y&c%5B%5D=1&c[]=2` → `{a: '1', b: 'x y', c: ['1', '2']}`. A repeated
 * key keeps its last value; `key[]` collects an array. The result has no
 * prototype, so keys like `__proto__` are plain data.
 */
export function parseForm(text: string): RequestBody {
  const body: RequestBody = Object.create(null) as RequestBody;
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const key = decodeComponent(eq === -1 ? pair : pair.slice(0, eq));
    const value = eq === -1 ? '' : decodeComponent(pair.slice(eq + 1));
    if (key.endsWith('[]') && key.length > 2) {
      const name = key.slice(0, -2);
      const existing = body[name];
      body[name] = Array.isArray(existing) ? [...existing, value] : [value];
    } else if (key !== '') {
      body[key] = value;
    }
  }
  return body;
}
