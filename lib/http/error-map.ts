import type { FieldError } from '../errors.js';

/** What an error becomes on the wire: its status, the detail after the reason phrase, extra headers, field errors. */
export interface ErrorAnswer {
  status: number;
  detail?: string;
  headers?: Record<string, string>;
  errors?: FieldError[];
}

// Abstract classes register too (a family of errors sharing one answer).
type ErrorClass<E extends Error> = abstract new (...args: never[]) => E;
type Answer<E extends Error> = (error: E) => ErrorAnswer;

/**
 * Error class → answer, each said once. `resolve` walks the error's class chain from the most specific class up,
 * so a subclass has its own answer or inherits its parent's; an error no class answers resolves to undefined
 * (the caller decides what an unexpected error becomes).
 */
export class ErrorMap {
  readonly #answers = new Map<ErrorClass<Error>, Answer<Error>>();

  register<E extends Error>(type: ErrorClass<E>, answer: Answer<E>): this {
    this.#answers.set(type, answer as Answer<Error>);
    return this;
  }

  resolve(error: unknown): ErrorAnswer | undefined {
    if (!(error instanceof Error)) return undefined;
    for (let type = error.constructor; type && type !== Error; type = Object.getPrototypeOf(type)) {
      const answer = this.#answers.get(type as ErrorClass<Error>);
      if (answer) return answer(error);
    }
    return undefined;
  }
}
