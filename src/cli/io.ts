import { fstatSync } from 'node:fs';

/** What a CLI command may touch, so tests can run commands in-process with captured output. */
export interface CliIo {
  readonly stdout: { write(chunk: string): unknown };
  readonly stderr: { write(chunk: string): unknown };
  /** Reads all of standard input (only called when a command reads records from `-`). */
  readonly readStdin: () => AsyncIterable<string | Buffer>;
  /** Colour only when writing to a terminal and NO_COLOR is unset. */
  readonly color: boolean;
  /** Standard error is a terminal: progress lines make sense. */
  readonly interactive: boolean;
  /**
   * Standard input is a pipe or a file (not a terminal, not /dev/null): `tql filter` without
   * `--input` then reads its records there, as jq and grep do. Default false.
   */
  readonly stdinPiped?: boolean;
  /** A monotonic clock in milliseconds, for progress lines. Default `performance.now`. */
  readonly now?: () => number;
  /**
   * `--json` was given: standard output is one JSON document whatever happens, so errors of
   * every kind are written there as `{ "error": … }` (docs/cli.md). Set by `runCli`.
   */
  readonly json?: boolean;
}

/** Exit codes a shell script can rely on. */
export const EXIT = {
  ok: 0,
  /** The query is invalid (a TqlError about the query). */
  invalidQuery: 1,
  /** `tql prove`: the database answers some query otherwise than tql means it. */
  disagrees: 1,
  /** `tql check-records`: some attribute's stored values do not fit its declared storage. */
  mismatches: 1,
  /** The command line is wrong (unknown command or option, missing argument). */
  usage: 2,
  /** Input data (a record file, stdin) could not be read. */
  input: 3,
} as const;

/** The real process's streams. */
export function processIo(): CliIo {
  const tty = Boolean(process.stdout.isTTY);
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    readStdin: () => process.stdin,
    color: tty && process.env.NO_COLOR === undefined && process.env.TERM !== 'dumb',
    interactive: Boolean(process.stderr.isTTY),
    stdinPiped: stdinIsPiped(),
    now: () => performance.now(),
  };
}

/** Whether file descriptor 0 is a pipe or a regular file (a terminal or /dev/null is neither). */
function stdinIsPiped(): boolean {
  try {
    const stat = fstatSync(0);
    return stat.isFIFO() || stat.isFile();
  } catch {
    return false;
  }
}
