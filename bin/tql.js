#!/usr/bin/env node
// The `tql` executable: the built CLI (dist/cli.js) when there is one, else the TypeScript
// sources through tsx (a development checkout before `npm run build`).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const built = new URL('../dist/cli.js', import.meta.url);

if (existsSync(fileURLToPath(built))) {
  await import(built.href);
} else {
  // A checkout has no install script to generate the grammar files: make them first if needed.
  await import(new URL('../scripts/ensure-generated.mjs', import.meta.url).href);
  let register;
  try {
    ({ register } = await import('tsx/esm/api'));
  } catch {
    process.stderr.write('tql: dist/cli.js is missing and tsx is not installed: run `npm run build` first.\n');
    process.exit(70);
  }
  register();
  await import(new URL('../src/cli/main.ts', import.meta.url).href);
}
