// Bundles the bench, with tql's sources, into bench/.build/ for plain `node`. Running the
// TypeScript through tsx instead would measure tsx: its esbuild transform keeps function names
// by wrapping every closure it creates in a defineProperty call, which made compilePredicate
// several times slower than the same code built by tsup.
import { buildSync } from 'esbuild';

buildSync({
  entryPoints: ['bench/run.ts'],
  outfile: 'bench/.build/run.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  keepNames: false,
  logLevel: 'warning',
});
