import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { StartupError } from './startup-error.js';

const LOOPBACK = '127.0.0.1';

/**
 * Where the OS picks the local ports of outgoing connections (and of `listen(0)`): Linux's own range, or its default.
 */
function ephemeralPorts(): { low: number; high: number } {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (low && high) return { low, high };
  } catch {
    // Not Linux: macOS and Windows start their range at 49152, above Linux's default.
  }
  return { low: 32768, high: 60999 };
}

/** Below the ephemeral range, where no outgoing connection takes a port: 10000 up to the range's start. */
const FLOOR = 10_000;

/** Whether a server can listen on `port` right now. */
function listenable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, LOOPBACK, () => server.close(() => resolve(true)));
  });
}

/** A port the OS hands out as free right now (listen on port 0, read it, close). */
function osPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, LOOPBACK, () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => (port > 0 ? resolve(port) : reject(new Error('the OS returned no port'))));
    });
  });
}

/**
 * A port free right now, for a server started a few seconds later (DynamoDB Local, serverless offline and its Lambda
 * port, moto). Taken below the ephemeral range: a port from `listen(0)` lies inside it, where every outgoing
 * connection of a busy test run also takes its local port, and one did take serverless offline's Lambda port between
 * the choice and the listen (EADDRINUSE). Chosen at random, so concurrent runs and callers never collide in practice.
 */
export async function freePort(): Promise<number> {
  const ceiling = Math.min(ephemeralPorts().low, 32_768) - 1;
  for (let attempt = 0; attempt < 50 && ceiling > FLOOR; attempt++) {
    const port = FLOOR + Math.floor(Math.random() * (ceiling - FLOOR + 1));
    if (await listenable(port)) return port;
  }
  return osPort();
}

/**
 * Fails clearly when a fixed port (PORT, DYNAMODB_PORT) is taken. Without this check a DynamoDB Local that is
 * already running on the port would answer our readiness probe while the one we started dies.
 */
export function assertPortFree(port: number, hint: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'EADDRINUSE' ? new StartupError(`Port ${port} is already in use (${hint})`) : error);
    });
    server.listen(port, LOOPBACK, () => server.close(() => resolve()));
  });
}
