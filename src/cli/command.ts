/** The shape of a CLI command: its options, its help text and what it does. */
import type { CliIo } from './io.js';
import { SCHEMA_OPTIONS } from './schema-option.js';

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

/** Options every query command takes. */
export const QUERY_OPTIONS: Readonly<Record<string, OptionSpec>> = {
  entity: {
    type: 'string',
    short: 'e',
    value: '<name>',
    help: "entity to filter, one of the schema's (default: the prefix of the first attribute)",
  },
  profile: { type: 'string', value: '<extended|timezest>', help: 'language profile (default extended)' },
  'time-zone': { type: 'string', value: '<zone>', help: 'IANA time zone for dates without an offset (default UTC)' },
  now: { type: 'string', value: '<instant>', help: 'the instant relative times (now-7d) count from: Unix seconds or a date-time (default: the clock)' },
  json: { type: 'boolean', help: 'print JSON for programs' },
  ...SCHEMA_OPTIONS,
};
