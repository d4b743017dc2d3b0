/**
 * What `npm start` shows of serverless offline's output once the API is up. The functions log one JSON object
 * per line (lib/log.ts, Powertools), and offline surrounds each request with lines of its own (blank lines,
 * `GET /api/users (λ: users-list)`, `(λ: users-list) RequestId: … Duration: …`). Two forms:
 *
 * - `pretty` (the default on a terminal): one short line per request —
 *   `12:11:38.970  GET      /api/usergroups/1  200  77 ms  user 1  usergroups-get` — and one line per other
 *   log entry (`WARN database unavailable {…}`); offline's per-request lines are dropped;
 * - `json` (the default otherwise): the JSON lines as the functions wrote them, offline's per-request lines
 *   dropped, so each request is one JSON object on one line.
 *
 * Anything else (offline's warnings and errors, a handler's stray console output) passes through as it is.
 * Only the local terminal output changes: deployed functions log exactly the same JSON.
 */
import { Writable } from 'node:stream';

export type LogFormat = 'pretty' | 'json';
export const LOG_FORMATS: readonly LogFormat[] = ['pretty', 'json'];

export interface FormatOptions {
  format: LogFormat;
  /** ANSI colours for the status and the level (pretty only). */
  color: boolean;
}

/** offline's own lines around every request: the route line and the duration line. */
const OFFLINE_CHATTER = [/^[A-Z]+ \S+ \(λ: [^)]+\)$/, /^\(λ: [^)]+\) RequestId: \S+\s+Duration: /];

/** Keys every Powertools line carries (or offline adds): not worth a place on a one-line summary. */
const ROUTINE_KEYS = new Set([
  'level',
  'message',
  'timestamp',
  'service',
  'cold_start',
  'function_arn',
  'function_memory_size',
  'function_name',
  'function_request_id',
  'sampling_rate',
  'xray_trace_id',
  'requestId',
  'source',
]);

/** The text to print for one line of offline's output (without the newline), or undefined to drop it. */
export function formatLogLine(line: string, options: FormatOptions): string | undefined {
  const text = line.replace(/\r$/, '');
  if (text.trim() === '' || OFFLINE_CHATTER.some((pattern) => pattern.test(text))) return undefined;
  const entry = parseEntry(text);
  if (!entry || options.format === 'json') return text;
  return entry.message === 'request' && typeof entry.status === 'number'
    ? prettyRequest(entry, options.color)
    : prettyEntry(entry, options.color);
}

type Entry = Record<string, unknown> & { message?: unknown; level?: unknown };

function parseEntry(text: string): Entry | undefined {
  if (!text.startsWith('{')) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) && 'level' in value
      ? (value as Entry)
      : undefined;
  } catch {
    return undefined;
  }
}

function prettyRequest(entry: Entry, color: boolean): string {
  const status = entry.status as number;
  const parts = [
    dim(time(entry.timestamp), color),
    String(entry.method ?? '-').padEnd(7),
    String(entry.path ?? '(not parsed)'),
    paint(String(status), status >= 500 ? 31 : status >= 400 ? 33 : 32, color),
  ];
  if (typeof entry.latencyMs === 'number') parts.push(`${entry.latencyMs} ms`);
  if (entry.userId !== undefined) parts.push(`user ${String(entry.userId)}`);
  const where = entry.source ?? shortFunctionName(entry.function_name);
  if (where !== undefined) parts.push(dim(String(where) + (entry.cold_start === true ? ' (cold)' : ''), color));
  const rest = extraFields(entry, ['method', 'path', 'status', 'latencyMs', 'userId']);
  if (rest) parts.push(rest);
  return parts.join('  ');
}

function prettyEntry(entry: Entry, color: boolean): string {
  const level = String(entry.level ?? 'INFO').toUpperCase();
  const code = level === 'ERROR' || level === 'CRITICAL' ? 31 : level === 'WARN' ? 33 : 36;
  const parts = [dim(time(entry.timestamp), color), paint(level.padEnd(5), code, color), String(entry.message ?? '')];
  const where = entry.source ?? shortFunctionName(entry.function_name);
  if (where !== undefined) parts.push(dim(String(where), color));
  const rest = extraFields(entry, []);
  if (rest) parts.push(rest);
  return parts.join('  ');
}

/** `store-api-local-users-list` → `users-list`. */
function shortFunctionName(name: unknown): string | undefined {
  return typeof name === 'string' ? name.replace(/^store-api-[^-]+-/, '') : undefined;
}

function extraFields(entry: Entry, shown: string[]): string {
  const rest = Object.fromEntries(
    Object.entries(entry).filter(([key]) => !ROUTINE_KEYS.has(key) && !shown.includes(key)),
  );
  return Object.keys(rest).length > 0 ? JSON.stringify(rest) : '';
}

/** HH:MM:SS.mmm in local time, from the entry's ISO timestamp (now if it has none). */
function time(timestamp: unknown): string {
  const date = typeof timestamp === 'string' && !Number.isNaN(Date.parse(timestamp)) ? new Date(timestamp) : new Date();
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
}

function paint(text: string, code: number, color: boolean): string {
  return color ? `\u001b[${code}m${text}\u001b[39m` : text;
}

function dim(text: string, color: boolean): string {
  return color ? `\u001b[2m${text}\u001b[22m` : text;
}

/** A stream that takes offline's output in any chunks and writes `out` one formatted line at a time. */
export function requestLogStream(out: NodeJS.WritableStream, options: FormatOptions): Writable {
  let pending = '';
  const emit = (line: string) => {
    const text = formatLogLine(line, options);
    if (text !== undefined) out.write(`${text}\n`);
  };
  return new Writable({
    decodeStrings: false,
    write(chunk: string | Buffer, _encoding, done) {
      pending += String(chunk);
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) emit(line);
      done();
    },
    final(done) {
      if (pending !== '') emit(pending);
      pending = '';
      done();
    },
  });
}

/** The format `npm start` uses: the flag's, else pretty on a terminal and JSON otherwise. */
export function chooseLogFormat(flag: string | undefined, isTerminal: boolean): LogFormat {
  if (flag === undefined) return isTerminal ? 'pretty' : 'json';
  if ((LOG_FORMATS as readonly string[]).includes(flag)) return flag as LogFormat;
  throw new Error(`--log-format must be one of ${LOG_FORMATS.join(', ')}, not '${flag}'`);
}
