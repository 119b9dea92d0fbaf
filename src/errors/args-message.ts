/** The message of a command line that node:util's `parseArgs` refused, shared by the CLI and the reference server. */

/**
 * What a `parseArgs` error says, for a usage message (the CLI's and the server's). It explains
 * unknown options and missing values well; only its first sentence is kept, not its advice on
 * positionals that start with "-".
 *
 * @example
 * ```ts
 * parseArgsMessage(new TypeError("Unknown option '--x'. To specify a positional argument starting with a '-', …"));
 * // "Unknown option '--x'."
 * ```
 */
export function parseArgsMessage(e: unknown): string {
  return e instanceof Error ? e.message.split('\n')[0]!.replace(/\. To specify a positional argument.*$/, '.') : String(e);
}
