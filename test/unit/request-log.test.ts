import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { chooseLogFormat, formatLogLine, requestLogStream } from '../../scripts/lib/request-log.js';

const REQUEST =
  '{"level":"INFO","message":"request","timestamp":"2026-11-23T12:11:38.970Z","service":"store-api","cold_start":false,"function_arn":"offline_invokedFunctionArn_for_store-api-local-usergroups-get","function_memory_size":"512","function_name":"store-api-local-usergroups-get","function_request_id":"411b","sampling_rate":0,"requestId":"411b","method":"GET","path":"/api/usergroups/1","userId":1,"status":200,"latencyMs":77}';
const LOCAL =
  '{"level":"INFO","message":"request","timestamp":"2026-11-23T12:14:07.234Z","service":"store-api","source":"local server","status":400,"error":"HPE_INVALID_HEADER_TOKEN"}';
const WARN =
  '{"level":"WARN","message":"database unavailable","timestamp":"2026-11-23T12:14:07.234Z","service":"store-api","function_name":"store-api-local-users-list","error":{"name":"TimeoutError"}}';
const plain = { format: 'pretty', color: false } as const;
const hhmmss = (iso: string) => {
  const d = new Date(iso);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}:${String(d.getSeconds()).padStart(2, '0')}.${String(d.getMilliseconds()).padStart(3, '0')}`;
};

describe('formatLogLine', () => {
  it('pretty: a request line becomes one short line', () => {
    expect(formatLogLine(REQUEST, plain)).toBe(
      `${hhmmss('2026-11-23T12:11:38.970Z')}  GET      /api/usergroups/1  200  77 ms  user 1  usergroups-get`,
    );
  });

  it('pretty: an answer of the local server itself, and other entries with their extra fields', () => {
    expect(formatLogLine(LOCAL, plain)).toBe(
      `${hhmmss('2026-11-23T12:14:07.234Z')}  -        (not parsed)  400  local server  {"error":"HPE_INVALID_HEADER_TOKEN"}`,
    );
    expect(formatLogLine(WARN, plain)).toBe(
      `${hhmmss('2026-11-23T12:14:07.234Z')}  WARN   database unavailable  users-list  {"error":{"name":"TimeoutError"}}`,
    );
  });

  it("drops offline's per-request lines in both forms, keeps JSON lines as they are in json", () => {
    for (const format of ['pretty', 'json'] as const) {
      for (const chatter of [
        '',
        '  ',
        'GET /api/usergroups/1 (λ: usergroups-get)',
        'ANY /api.php (λ: api-php)',
        '(λ: usergroups-get) RequestId: 411b  Duration: 345.08 ms  Billed Duration: 346 ms',
      ]) {
        expect(formatLogLine(chatter, { format, color: false })).toBeUndefined();
      }
    }
    expect(formatLogLine(REQUEST, { format: 'json', color: false })).toBe(REQUEST);
  });

  it('passes anything else through', () => {
    for (const line of ['× Could not parse header', '{"not":"a log entry"}', '{broken', 'Error: x']) {
      expect(formatLogLine(line, plain)).toBe(line);
    }
  });

  it('colours the status only when asked', () => {
    expect(formatLogLine(REQUEST, { format: 'pretty', color: true })).toContain('\u001b[32m200\u001b[39m');
    expect(formatLogLine(REQUEST, plain)).not.toContain('\u001b');
  });
});

describe('requestLogStream', () => {
  it('reassembles lines split across chunks', async () => {
    const out = new PassThrough();
    let written = '';
    out.on('data', (chunk) => (written += String(chunk)));
    const stream = requestLogStream(out, { format: 'json', color: false });
    const text = `\n\nGET /api/usergroups/1 (λ: usergroups-get)\n${REQUEST}\n(λ: usergroups-get) RequestId: 411b  Duration: 1 ms  Billed Duration: 2 ms\n${WARN}`;
    for (let at = 0; at < text.length; at += 7) stream.write(text.slice(at, at + 7));
    await new Promise<void>((resolve) => stream.end(resolve));
    expect(written).toBe(`${REQUEST}\n${WARN}\n`);
  });
});

describe('chooseLogFormat', () => {
  it('pretty on a terminal, json otherwise, the flag wins, anything else is refused', () => {
    expect(chooseLogFormat(undefined, true)).toBe('pretty');
    expect(chooseLogFormat(undefined, false)).toBe('json');
    expect(chooseLogFormat('json', true)).toBe('json');
    expect(chooseLogFormat('pretty', false)).toBe('pretty');
    expect(() => chooseLogFormat('yaml', true)).toThrow(/pretty, json/);
  });
});
