import { describe, expect, it } from 'vitest';
import { lockedForSeconds, MAX_FAILURES, WINDOW_SECONDS } from '../../lib/db/login-attempts.js';

const NOW = 1_700_000_000;

describe('lockedForSeconds (SPEC §4)', () => {
  it('uses 10 failures within 15 minutes', () => {
    // Assess
    expect(MAX_FAILURES).toBe(10);
    expect(WINDOW_SECONDS).toBe(900);
  });

  it('is not locked without any record', () => {
    // Act + Assess
    expect(lockedForSeconds(undefined, NOW)).toBe(0);
  });

  it('is not locked under 10 failures', () => {
    // Prepare
    const window = { count: 9, window_start: NOW - 10 };
    // Act
    const seconds = lockedForSeconds(window, NOW);
    // Assess
    expect(seconds).toBe(0);
  });

  it('10 failures within the window lock for the rest of it', () => {
    // Prepare
    const window = { count: 10, window_start: NOW - 60 };
    // Act
    const seconds = lockedForSeconds(window, NOW);
    // Assess
    expect(seconds).toBe(900 - 60);
  });

  it('more than 10 failures lock too', () => {
    // Prepare
    const window = { count: 25, window_start: NOW - 899 };
    // Act
    const seconds = lockedForSeconds(window, NOW);
    // Assess
    expect(seconds).toBe(1);
  });

  it.each([900, 901, 3600])('is not locked once the window is over (%d s later)', (elapsed) => {
    // Prepare
    const window = { count: 10, window_start: NOW - elapsed };
    // Act
    const seconds = lockedForSeconds(window, NOW);
    // Assess
    expect(seconds).toBe(0);
  });
});
