/**
 * fast-check, an optional peer dependency that tql/testing generates with: its name, and the
 * error that says to install it. No import of fast-check here, so that what catches its absence
 * (the loaders, `tql prove`) loads without it.
 */
import { isTqlError, optionError, type TqlError } from '../errors/tql-error.js';

/** Named by a variable, so that a bundler does not try to resolve it at build time. */
export const FAST_CHECK: string = 'fast-check';

const MISSING = 'tql/testing generates queries and records with fast-check, an optional peer dependency of tql: install it (npm install --save-dev fast-check).';

/**
 * Whether `error` says that fast-check is not installed: {@link fastCheckMissing}'s error, or
 * Node's "not found" for fast-check itself (ESM or CommonJS), not for a module it imports.
 *
 * @example
 * ```ts
 * try { await import('tql/testing'); } catch (e) { if (isFastCheckMissing(e)) console.error('npm install --save-dev fast-check'); }
 * ```
 */
export function isFastCheckMissing(error: unknown): boolean {
  if (isTqlError(error)) return error.issues[0]?.message === MISSING;
  const code = (error as { code?: unknown } | null)?.code;
  return (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && /['"]fast-check['"]/.test(String((error as Error).message));
}

/**
 * The `invalid_option` error of an import of tql/testing where fast-check is not installed,
 * instead of Node's bare "Cannot find package".
 *
 * @example
 * ```ts
 * fastCheckMissing().message; // 'invalid_option: tql/testing generates queries and records with fast-check, …'
 * ```
 */
export function fastCheckMissing(): TqlError {
  return optionError(MISSING);
}
