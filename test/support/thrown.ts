import { expect } from 'vitest';

/** The error `act` throws, checked to be an instance of `type`; fails the test when nothing is thrown. */
export function thrownBy<T extends Error>(type: abstract new (...args: never[]) => T, act: () => unknown): T {
  try {
    act();
  } catch (error) {
    expect(error).toBeInstanceOf(type);
    return error as T;
  }
  throw new Error('expected the call to throw');
}
