/**
 * SPEC §4: a 401 for an unknown e-mail and a 401 for a known e-mail with a wrong key "take the same time".
 * lib/auth/authenticate.ts makes the same calls on both paths (one BatchGetItem, one hash + constant-time
 * compare against a dummy hash when there is no account, one UpdateItem to count the failure).
 *
 * Measured in-process against DynamoDB Local: 200 requests of each kind, interleaved (ABAB… in a shuffled
 * order per pair, so drift on a shared machine hits both), every request from its own source address so the
 * limiter never locks anything. The medians and their ratio are PRINTED — that figure is the point; the
 * assertion is only a loose sanity bound, since a 2-core machine shared with a JVM is noisy.
 */
import { describe, expect, it, vi } from 'vitest';
import { handler as versionGet } from '../../functions/version/get.js';
import { event, invoke, keyedUser, uniqueAddress } from './hostile-support.js';

vi.hoisted(() => {
  process.env.LOG_LEVEL = 'error';
});

const SAMPLES = Number(process.env.TIMING_SAMPLES ?? 200);
const WARM_UP = 20;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

// Random start, so a rerun against the same database never meets its own earlier windows.
let ipCounter = Math.floor(Math.random() * 2 ** 23);
/** A fresh address for every request, so no (e-mail, IP) pair ever gets a second failure. */
function nextIp(): string {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

async function timed(auth: readonly [string, string]): Promise<{ ms: number; status: number; body: string }> {
  const e = event('GET', '/api/version', { auth, sourceIp: nextIp() });
  const started = process.hrtime.bigint();
  const answer = await invoke(versionGet, e);
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  return { ms, status: answer.status, body: answer.body };
}

describe('authentication timing (SPEC §4: no user enumeration by time)', () => {
  it(`unknown e-mail vs known e-mail with a wrong key: medians over ${SAMPLES} interleaved requests each`, async () => {
    const known = await keyedUser('A');
    const wrongKey = 'W'.repeat(32);
    const kinds = {
      unknown: () => timed([uniqueAddress('nobody'), wrongKey]),
      known: () => timed([known.email, wrongKey]),
    };
    for (let i = 0; i < WARM_UP; i++) {
      await kinds.unknown();
      await kinds.known();
    }
    const samples: Record<keyof typeof kinds, number[]> = { unknown: [], known: [] };
    for (let i = 0; i < SAMPLES; i++) {
      const order: Array<keyof typeof kinds> = Math.random() < 0.5 ? ['unknown', 'known'] : ['known', 'unknown'];
      for (const kind of order) {
        const result = await kinds[kind]();
        // Identical answers, byte for byte.
        expect(result.status).toBe(401);
        expect(result.body).toBe('{"message":"Unauthorized","status":401}');
        samples[kind].push(result.ms);
      }
    }
    const unknownMedian = median(samples.unknown);
    const knownMedian = median(samples.known);
    const ratio = knownMedian / unknownMedian;
    console.log(
      [
        `auth timing over ${SAMPLES} interleaved requests each (in-process, DynamoDB Local):`,
        `  unknown e-mail          median ${unknownMedian.toFixed(2)} ms  p90 ${percentile(samples.unknown, 90).toFixed(2)} ms`,
        `  known e-mail, wrong key median ${knownMedian.toFixed(2)} ms  p90 ${percentile(samples.known, 90).toFixed(2)} ms`,
        `  ratio known/unknown = ${ratio.toFixed(3)}`,
      ].join('\n'),
    );
    // Loose: a real difference (e.g. a bcrypt only for known e-mails, or no counter write for unknown ones)
    // shows up as a factor of 2 or more; noise on a shared machine stays well inside it.
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  }, 120_000);
});
