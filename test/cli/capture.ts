/** Running the CLI in process with captured output, for the CLI tests. */
import type { CliIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/run.js';

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export interface FakeIoOptions {
  /** What standard input holds (chunks are given one by one). */
  readonly stdin?: string | readonly (string | Buffer)[];
  readonly color?: boolean;
  readonly interactive?: boolean;
  /** Standard input is a pipe or a file (default false: a terminal). */
  readonly stdinPiped?: boolean;
  readonly now?: () => number;
}

/**
 * `tql <argv…>` in process.
 *
 * @example
 * ```ts
 * const { code, stdout } = await tql(['check', 'agent.name EQ x']);
 * ```
 */
export async function tql(argv: readonly string[], options: FakeIoOptions = {}): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const chunks = typeof options.stdin === 'string' ? [options.stdin] : (options.stdin ?? []);
  const io: CliIo = {
    stdout: { write: (s: string) => ((stdout += s), true) },
    stderr: { write: (s: string) => ((stderr += s), true) },
    readStdin: async function* () {
      yield* chunks;
    },
    color: options.color ?? false,
    interactive: options.interactive ?? false,
    stdinPiped: options.stdinPiped ?? false,
    ...(options.now === undefined ? {} : { now: options.now }),
  };
  const code = await runCli(argv, io);
  return { code, stdout, stderr };
}
