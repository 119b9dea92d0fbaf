/**
 * Child processes of the suite run bundled code (esbuild, no `keepNames`), like the suite
 * itself (bench/build.mjs), so they measure tql and not what a TypeScript loader adds.
 */
import path from 'node:path';
import { buildSync } from 'esbuild';

/**
 * Bundles `bench/sections/<name>.ts` with tql's sources into bench/.build/ and returns the file.
 *
 * @example
 * ```ts
 * spawnSync(process.execPath, [bundleChild(repoRoot, 'allocation-child')]);
 * ```
 */
export function bundleChild(repoRoot: string, name: string): string {
  const outfile = path.join(repoRoot, 'bench', '.build', `${name}.mjs`);
  buildSync({
    entryPoints: [path.join(repoRoot, 'bench', 'sections', `${name}.ts`)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    keepNames: false,
    logLevel: 'warning',
  });
  return outfile;
}
