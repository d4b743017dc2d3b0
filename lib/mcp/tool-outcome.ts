import type { RestAnswer } from './rest-call.js';

/**
 * What a tool call comes to before it is written as MCP's CallToolResult (lib/mcp/tool-call.ts): the structured
 * answer and its one-line text, or a refusal with the API's own message (which field, why).
 */
export type ToolOutcome =
  | { ok: true; structured: Record<string, unknown>; text: string }
  | { ok: false; message: string; status: number };

/** Whether a value is an outcome (a refusal, mostly) rather than what was being built: a query's values are text. */
export const isOutcome = (value: unknown): value is ToolOutcome =>
  typeof (value as { ok?: unknown } | null)?.ok === 'boolean';

export const refused = (message: string, status = 400): ToolOutcome => ({ ok: false, message, status });

interface ErrorBody {
  message?: unknown;
  errors?: { field?: unknown; message?: unknown }[];
}

/** A REST error answer as a refusal: its message, and every field error after it (the first is the message). */
export function refusalOf(answer: RestAnswer): ToolOutcome {
  const body = (answer.body ?? {}) as ErrorBody;
  const message = typeof body.message === 'string' ? body.message : `HTTP ${answer.status}`;
  const more = (body.errors ?? [])
    .map((error) => `${String(error.field)}: ${String(error.message)}`)
    .filter((line) => !message.includes(line.slice(line.indexOf(': ') + 2)));
  return refused(more.length > 0 ? `${message} (${more.join('; ')})` : message, answer.status);
}

/** The rows of a collection answer (`{"products": [...]}`, a keyed object, a bare list) and its total, if paged. */
export function rowsOf(body: unknown): { rows: number; total?: number; next?: string } {
  if (Array.isArray(body)) return { rows: body.length };
  if (body === null || typeof body !== 'object') return { rows: 0 };
  const record = body as Record<string, unknown>;
  const params = record.params as { total_items?: number; next?: string | null } | undefined;
  if (!params) return { rows: Object.keys(record).length };
  const list = Object.entries(record).find(([key]) => key !== 'params' && key !== 'search')?.[1];
  const rows = Array.isArray(list) ? list.length : list && typeof list === 'object' ? Object.keys(list).length : 0;
  return { rows, total: params.total_items, ...(params.next ? { next: params.next } : {}) };
}
