/** The TypeScript files of the package's sources, for tests that read the code itself. */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The folder of the package's sources, with a trailing slash. */
export const SRC = new URL('../../src/', import.meta.url).pathname;

/**
 * Every `.ts` file below `dir`, as absolute paths.
 *
 * @example
 * ```ts
 * sourceFiles(SRC).length; // every source file of the package
 * ```
 */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}
