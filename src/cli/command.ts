/** The shape of a CLI command: its options, its help text and what it does. */
import type { CliIo } from './io.js';

export interface OptionSpec {
  readonly type: 'string' | 'boolean';
  readonly short?: string;
  readonly multiple?: boolean;
  /** Shown in `--help`, e.g. `--dialect <postgres|sqlite|mysql|duckdb>  SQL dialect (default postgres)`. */
  readonly help: string;
  readonly value?: string;
}

export type ParsedOptions = Readonly<Record<string, string | boolean | string[] | undefined>>;

export interface Command {
  readonly name: string;
  /** One line for the command list. */
  readonly summary: string;
  /** `tql check <query> [options]` */
  readonly usage: string;
  readonly options: Readonly<Record<string, OptionSpec>>;
  /** Longer help, with examples. */
  readonly details?: string;
  run(positionals: readonly string[], options: ParsedOptions, io: CliIo): Promise<number>;
}
