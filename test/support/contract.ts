/**
 * The contract check of the OpenAPI document (issue: "a response the document does not describe is a
 * failure"): every response the e2e suites receive through `api()` for a documented path and method is
 * checked against the document — its status must be listed and its JSON body must match the schema.
 * Requests to paths or methods the document does not list (unknown entities, /api.php, OPTIONS) are not
 * operations of the document and are left to the suites' own assertions.
 */

import type { ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { buildOpenApiDocument } from '../../lib/openapi/document.js';

type Json = Record<string, any>;

const document = buildOpenApiDocument() as Json;
const ajv = new Ajv2020({ strict: false, allErrors: false });
const compiled = new Map<string, ValidateFunction>();

/** Inlines `#/components/...` references, so each response schema compiles on its own. */
function deref(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(deref);
  if (value === null || typeof value !== 'object') return value;
  const ref = (value as Json).$ref;
  if (typeof ref === 'string' && ref.startsWith('#/')) {
    return deref(
      ref
        .slice(2)
        .split('/')
        .reduce((node: Json, key) => node[key], document),
    );
  }
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, deref(inner)]));
}

const templates = Object.keys(document.paths).map((template) => ({
  template,
  pattern: new RegExp(`^${template.replace(/\./g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`, 'i'),
  // Literal segments first: /api/openapi.json-like paths before {id}.
  literal: template.split('/').filter((segment) => !segment.startsWith('{')).length,
}));
templates.sort((a, b) => b.literal - a.literal);

/** A version root the document's servers name (`/api/2.0` before `/api`); its paths are relative to it. */
const versionRoots = (document.servers as Array<{ url: string }>)
  .map(({ url }) => url)
  .sort((a, b) => b.length - a.length);

/** The document's operation for a request, if it documents one. */
function operationOf(method: string, url: string): { key: string; operation: Json } | undefined {
  const requested = decodeURIComponentSafe(url.split('?')[0]!.replace(/\/+$/, ''));
  const root = versionRoots.find((prefix) => requested.toLowerCase().startsWith(`${prefix}/`));
  if (!root) return undefined;
  const path = requested.slice(root.length);
  const found = templates.find(({ pattern }) => pattern.test(path));
  const operation = found ? document.paths[found.template][method.toLowerCase()] : undefined;
  return found && operation ? { key: `${method.toLowerCase()} ${found.template}`, operation } : undefined;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const responses = new Map<string, Json | undefined>();

/** The document's response for an operation's status, its references inlined once per run. */
function responseOf(found: { key: string; operation: Json }, status: number): Json | undefined {
  const key = `${found.key} ${status}`;
  if (!responses.has(key)) responses.set(key, deref(found.operation.responses[String(status)]) as Json | undefined);
  return responses.get(key);
}

/** Why a response breaks the document, or undefined when it does not. */
export function contractViolation(
  method: string,
  url: string,
  status: number,
  contentType: string | null,
  body: string,
): string | undefined {
  const found = operationOf(method, url);
  if (!found) return undefined;
  const response = responseOf(found, status);
  if (!response)
    return `${found.key} answered ${status}, which the document does not list (${Object.keys(found.operation.responses).join(', ')})`;
  const schema = response.content?.['application/json']?.schema;
  if (!schema) return body === '' ? undefined : `${found.key} ${status} has a body the document does not describe`;
  if (!contentType?.startsWith('application/json'))
    return `${found.key} ${status}: Content-Type ${contentType}, not JSON`;
  const key = `${found.key} ${status}`;
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(schema as Json);
    compiled.set(key, validate);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `${key}: the body is not JSON`;
  }
  if (validate(parsed)) return undefined;
  return `${key}: ${ajv.errorsText(validate.errors, { separator: '; ' })} — body ${body.slice(0, 300)}`;
}
