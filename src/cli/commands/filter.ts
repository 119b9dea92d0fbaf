import { compilePredicate } from '../../backends/memory/index.js';
import { isTqlError, type TqlError } from '../../errors/tql-error.js';
import { recordsOf, sampleData } from '../../models/scheduling/sample.js';
import type { SchedulingEntityName } from '../../models/scheduling/schema.js';
import type { Command, ParsedOptions } from '../command.js';
import { QUERY_OPTIONS } from '../query-options.js';
import { EXIT, type CliIo } from '../io.js';
import { oneOf } from '../option-values.js';
import { writeOut } from '../output.js';
import { startProgress } from '../progress.js';
import { errorExit, readQuery, reportError } from '../query-input.js';
import { readRecords } from '../records/read-records.js';
import { errorJson } from '../render-error.js';
import { usageError } from '../usage-error.js';

const OUTPUTS = ['ndjson', 'json', 'ids'] as const;
type Output = (typeof OUTPUTS)[number];

/** `tql filter`: the records that match, from a file, standard input or the bundled sample data. */
export const filterCommand: Command = {
  name: 'filter',
  summary: 'Filter records (a JSON array or NDJSON file, stdin, or the bundled sample data) in memory.',
  usage: 'tql filter <query> [--input <file|->] [--output ndjson|json|ids] [--count] [--entity <name>] [--json]',
  options: {
    ...QUERY_OPTIONS,
    input: {
      type: 'string',
      short: 'i',
      value: '<file|->',
      help: 'records: a JSON array or NDJSON file, or - for standard input (default: standard input when it is a pipe or a file, else the bundled sample data)',
    },
    output: { type: 'string', short: 'o', value: '<ndjson|json|ids>', help: 'one JSON record per line (default), a JSON array, or one id per line' },
    count: { type: 'boolean', short: 'c', help: 'print only the number of matching records' },
  },
  details: `The entity is --entity, else the prefix of the query's first attribute. NDJSON is read line by
line, so a file of any size streams; a JSON array (a file starting with "[") is read whole. On a
terminal, a progress line on standard error shows how far a long run is.

--json prints one JSON document whatever happens: {"records": [...]} (with --count:
{"count": n}), streamed a record a line; a record that cannot be read ends it with
"error": {...} after the records written before it, and any other error is {"error": {...}}.

Exit status: 0 done (also when nothing matches), 1 invalid query, 2 usage error, 3 unreadable
records (the error names the line; output written before it is incomplete).

Examples:
  tql filter 'agent.two_factor_enabled EQ false' --count
  tql filter 'scheduling_request.status IN new,sent' --output ids
  tql filter 'agent.name LIKE jo' --input agents.ndjson
  cat agents.json | tql filter 'agent.role EQ Administrator' --output json
  tql filter - --count < query.txt`,
  async run(positionals, options, io) {
    const output = oneOf('output', options.output, OUTPUTS, 'ndjson', io);
    if (output === undefined) return EXIT.usage;
    const json = options.json === true;
    if (json && options.output !== undefined && output !== 'json') {
      return usageError(io, `--json prints one JSON document, which --output ${output} is not: give one of the two`);
    }
    const input = readQuery(positionals, options, io);
    if (!input.ok) return input.exit;
    if (!input.schema.scheduling && typeof options.input !== 'string' && io.stdinPiped !== true) {
      const message = 'the sample data is for the scheduling models; with --schema, give your records with --input <file> or on standard input';
      return usageError(io, message, 'tql filter');
    }
    const matches = compilePredicate(input.query);
    // Without --input, records piped in are read, as jq and grep do; else the sample data.
    const path = typeof options.input === 'string' ? options.input : io.stdinPiped === true ? '-' : undefined;
    const progress = startProgress(io, path === undefined ? 'sample data' : path === '-' ? 'stdin' : path);
    const sink = SINKS[options.count === true ? (json ? 'count-json' : 'count') : json ? 'document' : output](io, options);
    let read = 0;
    let matched = 0;
    try {
      for await (const record of path === undefined ? recordsOf(sampleData(), input.entity as SchedulingEntityName) : readRecords(path, io)) {
        read++;
        if (matches(record)) {
          matched++;
          await sink.record(record);
        }
        progress.tick(read, matched);
      }
    } catch (e) {
      progress.done();
      if (isTqlError(e)) return sink.fail(e);
      throw e;
    }
    progress.done();
    await sink.end();
    return EXIT.ok;
  },
};

/** Where the matches go, written as they are found. */
interface Sink {
  record(r: object): Promise<void>;
  /** Every record is read: what is left to write. */
  end(): Promise<void>;
  /** A record cannot be read: writes the error where this output puts it; the exit status. */
  fail(error: TqlError): Promise<number>;
}

type SinkKind = Output | 'count' | 'count-json' | 'document';

/** The sinks by kind: each --output, the count as text or JSON, and --json's one document. */
const SINKS: Readonly<Record<SinkKind, (io: CliIo, options: ParsedOptions) => Sink>> = {
  ndjson: (io, options) => lines(io, options, (r) => JSON.stringify(r)),
  ids: (io, options) => lines(io, options, idOf),
  // An unreadable record leaves the array open (the error is on standard error), so that no
  // reader takes what was written for the whole answer.
  json: (io, options) => {
    const array = streamedArray(io, '[', '  ');
    return { record: array.add, end: () => writeOut(io, array.any() ? '\n]\n' : '[]\n'), fail: reporter(io, options) };
  },
  count: (io, options) => counter(io, options, (n) => `${n}\n`),
  'count-json': (io, options) => counter(io, options, (n) => `${JSON.stringify({ count: n })}\n`),
  document: (io) => recordsDocument(io),
};

/** Errors as every command prints them (text on standard error, or the JSON error document). */
function reporter(io: CliIo, options: ParsedOptions): Sink['fail'] {
  return async (error) => reportError(error, options, io);
}

/** One line per match. */
function lines(io: CliIo, options: ParsedOptions, line: (r: object) => string): Sink {
  return { record: (r) => writeOut(io, `${line(r)}\n`), end: async () => undefined, fail: reporter(io, options) };
}

/** Only the number of matches, written at the end; an error instead of it. */
function counter(io: CliIo, options: ParsedOptions, text: (n: number) => string): Sink {
  let n = 0;
  return { record: async () => void n++, end: () => writeOut(io, text(n)), fail: reporter(io, options) };
}

/** Records written one a line after `open` (written with the first), each after `indent`. */
function streamedArray(io: CliIo, open: string, indent: string): { add(r: object): Promise<void>; any(): boolean } {
  let any = false;
  return {
    add: (r) => {
      const text = `${any ? ',' : open}\n${indent}${JSON.stringify(r)}`;
      any = true;
      return writeOut(io, text);
    },
    any: () => any,
  };
}

/**
 * `--json`: `{ "records": [...] }`, streamed a record a line. A record that cannot be read
 * closes it with the error after the records written before it (`{ "records": [...],
 * "error": {...} }`), or, when none was, is `{ "error": {...} }` as every command's error: one
 * JSON document whatever happens.
 */
function recordsDocument(io: CliIo): Sink {
  const array = streamedArray(io, '{\n  "records": [', '    ');
  return {
    record: array.add,
    end: () => writeOut(io, array.any() ? '\n  ]\n}\n' : '{\n  "records": []\n}\n'),
    fail: async (error) => {
      const body = JSON.stringify(error.toJSON(), null, 2).replaceAll('\n', '\n  ');
      await writeOut(io, array.any() ? `\n  ],\n  "error": ${body}\n}\n` : errorJson(error));
      return errorExit(error);
    },
  };
}

/** The record's `id` as text; records without one print as `null` so lines stay one per match. */
function idOf(record: object): string {
  const id = Object.hasOwn(record, 'id') ? (record as { id: unknown }).id : undefined;
  return typeof id === 'string' ? id : JSON.stringify(id ?? null);
}
