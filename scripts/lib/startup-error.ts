/**
 * A failure the user can fix (no Java, port taken, server did not come up). Its message is the whole story,
 * so the stack is dropped: the dev server prints just the message, and Vitest shows no frames for it.
 */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
    this.stack = message;
  }
}
