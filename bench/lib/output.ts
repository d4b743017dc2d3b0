/**
 * Where the benchmark writes. With --json, stdout carries exactly one JSON object, so everything meant for
 * people goes to stderr. The handlers run in this process and log to stdout/stderr themselves (one JSON line
 * per request, EMF metrics); those lines would both corrupt the JSON and flood the terminal, so the process
 * streams are swapped for a sink that keeps only the last few kilobytes, shown when a request goes wrong.
 * The handlers still format every line, so their logging cost stays in the measurement; only the pipe write
 * is skipped.
 */
const TAIL_CHARS = 8_000;

const realStdout = process.stdout.write.bind(process.stdout);
const realStderr = process.stderr.write.bind(process.stderr);
let jsonMode = false;
let captured = '';

type Write = typeof process.stdout.write;

const sink: Write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
  captured = (captured + (typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'))).slice(-TAIL_CHARS);
  const callback = rest.find((arg): arg is () => void => typeof arg === 'function');
  callback?.();
  return true;
}) as Write;

/** From now on, anything written to process.stdout/stderr by other code is captured, not printed. */
export function captureProcessOutput(json: boolean): void {
  jsonMode = json;
  process.stdout.write = sink;
  process.stderr.write = sink;
}

export function restoreProcessOutput(): void {
  process.stdout.write = realStdout;
  process.stderr.write = realStderr;
}

/** The last lines the handlers wrote, for an error message. */
export function capturedTail(): string {
  return captured;
}

/** A line for people: stdout normally, stderr in --json mode. */
export function say(line = ''): void {
  (jsonMode ? realStderr : realStdout)(`${line}\n`);
}

/** The one JSON document of --json mode. */
export function emitJson(value: unknown): void {
  realStdout(`${JSON.stringify(value, null, 2)}\n`);
}

/** Errors always go to the real stderr. */
export function sayError(line: string): void {
  realStderr(`${line}\n`);
}
