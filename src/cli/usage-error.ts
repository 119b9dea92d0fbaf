/** Usage errors (a wrong command line), written where the run's output mode says. */
import { optionError } from '../errors/tql-error.js';
import { EXIT, type CliIo } from './io.js';
import { errorJson } from './render-error.js';

/**
 * Writes a usage error and returns its exit status (2): under `--json` the `invalid_option`
 * error document on standard output, the one document of the run; else `text` (by default
 * `<from>: <message>`) on standard error.
 *
 * @example
 * ```ts
 * if (limit < 1) return usageError(io, `--limit takes a whole number of at least 1, not ${limit}`);
 * return usageError(io, 'takes no query', 'tql indexes'); // "tql indexes: takes no query"
 * ```
 */
export function usageError(io: CliIo, message: string, from = 'tql', text = `${from}: ${message}\n`): number {
  if (io.json === true) io.stdout.write(errorJson(optionError(message)));
  else io.stderr.write(text);
  return EXIT.usage;
}
