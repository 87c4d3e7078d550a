// What every command shares: the error that says a command was used wrongly (exit 2). Nothing else here,
// so the path `hookpanel emit` takes on every tool call imports nothing through it.

const USAGE_ERROR = Symbol.for('hookpanel.usage-error');

export class UsageError extends Error {
  readonly [USAGE_ERROR] = true;
  /**
   * Told by its mark, not by which copy of the class made it: the entry (main.ts) holds its own copy,
   * bundled with emit's path, and each command's bundle another.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && USAGE_ERROR in value;
  }
}
