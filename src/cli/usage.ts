/** The error type for a wrong command line: the CLI prints its message and exits with code 2. */
export class UsageError extends Error {
  /**
   * @example
   * throw new UsageError(`--seed expects a non-negative integer, got "abc"`);
   */
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}
