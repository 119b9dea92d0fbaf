/** Reading option values that must be one of a few words or a number, with usage errors on stderr. */
import { orList } from '../errors/wording.js';
import type { CliIo } from './io.js';
import { usageError } from './usage-error.js';

/**
 * The option's value if it is one of `allowed`, `fallback` when absent; otherwise writes a usage
 * error (JSON under --json) and returns undefined.
 *
 * @example
 * ```ts
 * oneOf('dialect', options.dialect, ['postgres', 'sqlite'], 'postgres', io); // 'sqlite', or undefined after a usage error
 * ```
 */
export function oneOf<const T extends string>(
  name: string,
  value: unknown,
  allowed: readonly T[],
  fallback: T,
  io: CliIo,
): T | undefined {
  if (value === undefined) return fallback;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  usageError(io, `--${name} takes ${orList(allowed)}, not ${JSON.stringify(value)}`);
  return undefined;
}

/**
 * The option's value as a whole number of at least `least` (default 1), undefined when absent, or
 * null (after writing a usage error) when it is not one.
 *
 * @example
 * ```ts
 * positiveInteger('limit', '20', io); // 20
 * positiveInteger('limit', '0', io);  // null, and "--limit takes a whole number of at least 1" on stderr
 * ```
 */
export function positiveInteger(name: string, value: unknown, io: CliIo, least = 1): number | undefined | null {
  if (value === undefined) return undefined;
  const n = typeof value === 'string' && /^[0-9]+$/.test(value) ? Number(value) : Number.NaN;
  if (Number.isSafeInteger(n) && n >= least) return n;
  usageError(io, `--${name} takes a whole number of at least ${least}, not ${JSON.stringify(value)}`);
  return null;
}
