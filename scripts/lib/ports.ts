import { createServer } from 'node:net';
import { StartupError } from './startup-error.js';

const LOOPBACK = '127.0.0.1';

/** A port the OS considers free right now (listen on port 0, read it, close). Tests use these so runs never collide. */
export function freePort(): Promise<number> {
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
