import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { ATTEMPT_TIMEOUT_MS } from './retry-schedule.js';
import { signWithEach } from './signature.js';
import { guardedLookup, type UrlPolicy, urlPolicy, urlProblem } from './url-policy.js';

/** One attempt's outcome: the receiver's status code (0 when there was no answer) and, on failure, why. */
export interface AttemptOutcome {
  ok: boolean;
  code: number;
  error?: string;
  duration_ms: number;
}

export interface Message {
  /** `webhook-id`: the event's id, the same on every attempt, so the receiver can de-duplicate. */
  id: string;
  body: string;
  /** The signing secret, or several (during a rotation's overlap): one `v1,` signature each. */
  secret: string | readonly string[];
}

/** Only so much of an answer is read: its status is what counts. */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * POSTs one message with the Standard Webhooks headers. Redirects are not followed (a 3xx is a failure: a
 * redirect could lead anywhere, including inside the network); the host is resolved through the SSRF guard.
 */
export function sendMessage(
  url: string,
  message: Message,
  policy: UrlPolicy = urlPolicy(),
  timeoutMs = ATTEMPT_TIMEOUT_MS,
): Promise<AttemptOutcome> {
  const started = Date.now();
  const done = (code: number, error?: string): AttemptOutcome => ({
    ok: error === undefined && code >= 200 && code < 300,
    code,
    ...(error !== undefined ? { error } : code >= 200 && code < 300 ? {} : { error: `HTTP ${code}` }),
    duration_ms: Date.now() - started,
  });
  const refused = urlProblem(url, policy);
  if (refused) return Promise.resolve(done(0, refused));
  const timestamp = Math.floor(Date.now() / 1000);
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const req = send(
      target,
      {
        method: 'POST',
        lookup: guardedLookup(policy) as never,
        timeout: timeoutMs,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(message.body),
          'user-agent': 'store-api-webhooks/1',
          'webhook-id': message.id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signWithEach(
            typeof message.secret === 'string' ? [message.secret] : message.secret,
            message.id,
            timestamp,
            message.body,
          ),
        },
      },
      (res) => {
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) res.destroy();
        });
        res.on('close', () => resolve(done(res.statusCode ?? 0)));
        res.on('error', () => resolve(done(res.statusCode ?? 0)));
      },
    );
    // A receiver that does not answer within the timeout counts as a failed attempt.
    const deadline = setTimeout(() => req.destroy(new Error(`No answer within ${timeoutMs} ms`)), timeoutMs);
    req.on('timeout', () => req.destroy(new Error(`No answer within ${timeoutMs} ms`)));
    req.on('error', (error: NodeJS.ErrnoException) =>
      resolve(done(0, error.code === 'EWEBHOOKBLOCKED' ? error.message : error.message || String(error.code))),
    );
    req.on('close', () => clearTimeout(deadline));
    req.end(message.body);
  });
}
