/**
 * Structured JSON logs, one line each, with the request id and caller where known.
 * Never log credentials: the Authorization header and API keys stay out.
 */
type Level = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

let requestFields: Record<string, unknown> = {};

export function setLogContext(fields: Record<string, unknown>): void {
  requestFields = fields;
}

export function addLogContext(fields: Record<string, unknown>): void {
  requestFields = { ...requestFields, ...fields };
}

function threshold(): number {
  const level = (process.env.LOG_LEVEL ?? 'info').toLowerCase() as Level;
  return ORDER[level] ?? ORDER.info;
}

export function log(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  if (ORDER[level] < threshold()) return;
  const line = JSON.stringify({ level, message, time: new Date().toISOString(), ...requestFields, ...fields });
  if (level === 'error' || level === 'warn') console.error(line);
  else console.log(line);
}
