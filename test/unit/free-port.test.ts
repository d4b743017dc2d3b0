/**
 * scripts/lib/ports.ts freePort: a port for a server started seconds later is taken below the ephemeral range, where
 * no outgoing connection of the busy test run can take it meanwhile, and it can be listened on.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/lib/ports.js';

const ephemeralLow = (() => {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
  } catch {
    return 32_768;
  }
})();

const listenOn = (port: number) =>
  new Promise<void>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => server.close(() => resolve()));
  });

describe('freePort', () => {
  it('gives distinct ports from 10000 up to the ephemeral range, each free to listen on', async () => {
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(10_000);
      expect(port).toBeLessThan(Math.min(ephemeralLow, 32_768));
      await listenOn(port);
    }
    expect(new Set(ports).size).toBeGreaterThan(15);
  });
});
