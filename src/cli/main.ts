#!/usr/bin/env node
/** Entry point of the `tql` executable. */
import { processIo } from './io.js';
import { runCli } from './run.js';

// A reader that stops early (`tql filter … | head -1`) closes the pipe: that is the end of the
// output it wanted, not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

runCli(process.argv.slice(2), processIo()).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    // Commands turn every expected failure into an exit code; reaching here is a bug in tql.
    process.stderr.write(`tql: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 70;
  },
);
