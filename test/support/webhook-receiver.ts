import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Webhook } from 'standardwebhooks';

/** One POST a receiver got: its Standard Webhooks headers and the raw body. */
export interface Received {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  headers: IncomingHttpHeaders;
  /** performance.now() when the whole body had arrived (the bench times commit → delivered by it). */
  at: number;
}

/**
 * A webhook receiver on 127.0.0.1 (a free port), as an integration would run one: it records every POST
 * and answers with the next status of `statuses` (the last one repeats; 204 when none are given).
 */
export class WebhookReceiver {
  readonly received: Received[] = [];
  private server: Server | undefined;
  private answered = 0;

  constructor(private readonly statuses: readonly number[] = [204]) {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        this.received.push({
          id: String(req.headers['webhook-id']),
          timestamp: String(req.headers['webhook-timestamp']),
          signature: String(req.headers['webhook-signature']),
          body: Buffer.concat(chunks).toString('utf8'),
          headers: req.headers,
          at: performance.now(),
        });
        const status = this.statuses[Math.min(this.answered, this.statuses.length - 1)] ?? 204;
        this.answered += 1;
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Each received message verified with the `standardwebhooks` library; throws on a bad signature. */
  verified(secret: string): Array<Record<string, unknown>> {
    const verifier = new Webhook(secret);
    return this.received.map(
      (message) =>
        verifier.verify(message.body, {
          'webhook-id': message.id,
          'webhook-timestamp': message.timestamp,
          'webhook-signature': message.signature,
        }) as Record<string, unknown>,
    );
  }
}

/** A URL nothing listens on (a port opened and closed again): a receiver that is down. */
export async function downUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/hooks`;
}
