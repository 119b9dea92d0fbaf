/** Where the repository is, whether the bench runs from its sources or from bench/.build/. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The nearest directory above this module with a package.json and a bench/ folder.
 *
 * @example
 * ```ts
 * repoRoot(); // '/work/main'
 * ```
 */
export function repoRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(path.join(dir, 'package.json')) && existsSync(path.join(dir, 'bench'))) return dir;
    const up = path.dirname(dir);
    if (up === dir) throw new Error('cannot find the repository root above the bench');
    dir = up;
  }
}
