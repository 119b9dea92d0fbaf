/** Turning a command line into a validated query, or into a printed error and an exit code. */
import { safeCheck } from '../api/check.js';
import { closest } from '../errors/suggest.js';
import { isTqlError, type TqlError } from '../errors/tql-error.js';
import { schedulingSchema, type SchedulingEntityName } from '../models/scheduling/schema.js';
import { PROFILES } from '../parser/profiles.js';
import type { Schema } from '../schema/types.js';
import { looksRelative } from '../validate/relative-time.js';
import { resolveNow } from '../validate/resolve-now.js';
import { timestampSeconds } from '../validate/timestamp.js';
import type { ValidatedQuery } from '../validate/validated-query.js';
import type { ParsedOptions } from './command.js';
import { EXIT, type CliIo } from './io.js';
import { oneOf } from './option-values.js';
import { errorJson, renderError } from './render-error.js';
import { cliSchema, type CliSchema } from './schema-option.js';
import { style } from './style.js';
import { usageError } from './usage-error.js';

export type QueryInput =
  | {
      readonly ok: true;
      readonly text: string;
      /** The query with its relative times (`now-7d`) resolved at `--now`, once for the whole command. */
      readonly query: ValidatedQuery;
      /** The query as checked, relative times kept (for its normalized form). */
      readonly written: ValidatedQuery;
      readonly entity: string;
      /** The schema of `--schema`, or the scheduling one (then `entity` is a {@link SchedulingEntityName}). */
      readonly schema: CliSchema;
    }
  | { readonly ok: false; readonly exit: number };

/** The text of the one positional query argument, or a usage error. */
export function queryText(positionals: readonly string[], io: CliIo): string | undefined {
  if (positionals.length === 0) {
    usageError(io, 'missing the query; quote it, e.g. tql check "agent.name LIKE john"');
    return undefined;
  }
  // A query with spaces that was not quoted arrives as several words: they are one query.
  return positionals.join(' ');
}

/**
 * The entity: `--entity`, else the prefix of the first attribute when it names an entity or is a
 * near miss of one (`agents` → `agent`, so the error is about the prefix and suggests the right
 * one), else `scheduling_request`.
 */
export function entityFor(text: string, options: ParsedOptions, schema: Schema): string {
  if (typeof options.entity === 'string') return options.entity;
  // Past separators, parentheses and NOT keywords (`NOT (agent.name EQ x)`).
  const prefix = /^(?:[\s~(]|NOT(?=[\s~]))*([A-Za-z_][A-Za-z0-9_]*)\./.exec(text)?.[1];
  const fallback = schema === schedulingSchema ? 'scheduling_request' : schema.entityNames[0]!;
  return (prefix === undefined ? undefined : closest(prefix, schema.entityNames)) ?? fallback;
}

/** Parses and validates the command line's query against the scheduling schema. */
export function readQuery(positionals: readonly string[], options: ParsedOptions, io: CliIo): QueryInput {
  const text = queryText(positionals, io);
  if (text === undefined) return { ok: false, exit: EXIT.usage };
  const profile = oneOf('profile', options.profile, PROFILES, 'extended', io);
  if (profile === undefined) return { ok: false, exit: EXIT.usage };
  let schema: CliSchema;
  try {
    schema = cliSchema(options, io);
  } catch (e) {
    if (isTqlError(e)) return { ok: false, exit: reportError(e, options, io) };
    throw e;
  }
  const entity = entityFor(text, options, schema.schema);
  const r = safeCheck(text, schema.schema, entity, {
    profile,
    timeZone: options['time-zone'] as string | undefined,
  });
  if (!r.ok) return { ok: false, exit: reportError(r.error, options, io) };
  const now = nowOption(options, io);
  if (now === null) return { ok: false, exit: EXIT.usage };
  let query: ValidatedQuery;
  try {
    query = resolveNow(r.value, now);
  } catch (e) {
    if (isTqlError(e)) return { ok: false, exit: reportError(e, options, io) };
    throw e;
  }
  return { ok: true, text, query, written: r.value, entity, schema };
}

/**
 * `--now` as Unix seconds: digits, or a date or date-time read like a Timestamp value (in
 * `--time-zone`); undefined when absent (the clock), null after a usage error.
 */
function nowOption(options: ParsedOptions, io: CliIo): number | undefined | null {
  const value = options.now;
  if (value === undefined) return undefined;
  const zone = typeof options['time-zone'] === 'string' ? options['time-zone'] : 'UTC';
  const seconds =
    typeof value !== 'string' ? 'expected an instant'
    : looksRelative(value) ? `${JSON.stringify(value)} is relative; give Unix seconds (1700000000) or a date-time (2023-11-14T22:13:20Z)`
    : timestampSeconds(value, zone);
  if (typeof seconds === 'number') return seconds;
  usageError(io, `--now takes an instant: ${seconds}`);
  return null;
}

/** Prints a TqlError (JSON on stdout with --json, else carets on stderr) and returns the exit code. */
export function reportError(error: TqlError, options: ParsedOptions, io: CliIo): number {
  if (options.json === true) io.stdout.write(errorJson(error));
  else io.stderr.write(renderError(error, style(colorOn(options, io))));
  return errorExit(error);
}

/**
 * The exit status for a TqlError: 2 for a wrong option, 3 for input that cannot be read, 1 for
 * an invalid query.
 *
 * @example
 * ```ts
 * errorExit(inputError('Line 2 of standard input holds an array, not a JSON object.')); // 3
 * ```
 */
export function errorExit(error: TqlError): number {
  if (error.code === 'invalid_option') return EXIT.usage;
  // An unreadable record, schema or mapping file (or a mapping the database does not fit) is input that cannot be read.
  const input: readonly string[] = ['invalid_input', 'invalid_schema', 'invalid_mapping', 'mapping_mismatch'];
  return input.includes(error.code) ? EXIT.input : EXIT.invalidQuery;
}

/** Whether to colour the output: `--color` or `--no-color` when given, else what the terminal allows. */
export function colorOn(options: ParsedOptions, io: CliIo): boolean {
  if (options['no-color'] === true) return false;
  if (options.color === true) return true;
  return io.color;
}

