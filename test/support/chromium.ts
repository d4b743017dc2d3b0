/**
 * The Chromium the browser tests drive: Debian's `chromium` package, never a browser downloaded by a test
 * tool. On a machine without it (a fresh CI machine) it is installed with apt-get when the tests run as
 * root; otherwise the error says what to install. CHROMIUM_PATH points at another build if needed.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** Flags for a quiet, headless, sandbox-less run that contacts nothing but the pages it is sent to. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function ensureChromium(log: (line: string) => void = console.log): Promise<string> {
  const wanted = process.env.CHROMIUM_PATH || DEBIAN_CHROMIUM;
  if (existsSync(wanted)) return wanted;
  const canInstall = !process.env.CHROMIUM_PATH && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!canInstall) {
    throw new Error(
      `The browser tests need Chromium at ${wanted}: on Debian or Ubuntu, apt-get install chromium (or set CHROMIUM_PATH).`,
    );
  }
  log('[chromium] /usr/bin/chromium is missing: installing the Debian package (apt-get install chromium)...');
  const options = {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    timeout: 15 * 60_000,
    maxBuffer: 64 * 1024 * 1024,
  };
  await run('apt-get', ['update', '-qq'], options);
  await run('apt-get', ['install', '-y', '-qq', 'chromium'], options);
  if (!existsSync(DEBIAN_CHROMIUM))
    throw new Error('apt-get install chromium finished but /usr/bin/chromium is still missing');
  log('[chromium] installed');
  return DEBIAN_CHROMIUM;
}
