// Bundles the bench, with tql's sources, into bench/.build/ for plain `node`. Running the
// TypeScript through tsx instead would measure tsx: its esbuild transform keeps function names
// by wrapping every closure it creates in a defineProperty call, which made compilePredicate
// several times slower than the same code built by tsup.
// bench/sections/bundle-child.ts repeats these options for the child processes on purpose: it
// is TypeScript inside the bundle this file makes, and this file is plain JavaScript that node
// runs before any bundle exists: sharing them would take a JavaScript module with a declaration
// file of its own, more than the seven lines it would save.
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
