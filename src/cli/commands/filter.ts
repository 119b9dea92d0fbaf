import { compilePredicate } from '../../backends/memory/index.js';
import { isTqlError } from '../../errors/tql-error.js';
import { recordsOf, sampleData } from '../../models/scheduling/sample.js';
import type { SchedulingEntityName } from '../../models/scheduling/schema.js';
import { QUERY_OPTIONS, type Command } from '../command.js';
import { EXIT, type CliIo } from '../io.js';
import { oneOf } from '../option-values.js';
import { writeOut } from '../output.js';
import { startProgress } from '../progress.js';
import { readQuery, reportError } from '../query-input.js';
import { readRecords } from '../records/read-records.js';

const OUTPUTS = ['ndjson', 'json', 'ids'] as const;
type Output = (typeof OUTPUTS)[number];

/** `tql filter`: the records that match, from a file, standard input or the bundled sample data. */
export const filterCommand: Command = {
  name: 'filter',
  summary: 'Filter records (a JSON array or NDJSON file, stdin, or the bundled sample data) in memory.',
  usage: 'tql filter <query> [--input <file|->] [--output ndjson|json|ids] [--count] [--entity <name>]',
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
line, so a file of any size streams; a JSON array (a file starting with "[") is read whole. --json
is --output json (with --count: {"count": n}). On a terminal, a progress line on standard error
shows how far a long run is.

Exit status: 0 done (also when nothing matches), 1 invalid query, 2 usage error, 3 unreadable
records (the error names the line; output written before it is incomplete).

Examples:
  tql filter 'agent.two_factor_enabled EQ false' --count
  tql filter 'scheduling_request.status IN new,sent' --output ids
  tql filter 'agent.name LIKE jo' --input agents.ndjson
  cat agents.json | tql filter 'agent.role EQ Administrator' --output json
  tql filter - --count < query.txt`,
  async run(positionals, options, io) {
    const output = oneOf('output', options.output, OUTPUTS, options.json === true ? 'json' : 'ndjson', io);
    if (output === undefined) return EXIT.usage;
    const input = readQuery(positionals, options, io);
    if (!input.ok) return input.exit;
    if (!input.schema.scheduling && typeof options.input !== 'string' && io.stdinPiped !== true) {
      io.stderr.write('tql filter: the sample data is for the scheduling models; with --schema, give your records with --input <file> or on standard input\n');
      return EXIT.usage;
    }
    const matches = compilePredicate(input.query);
    // Without --input, records piped in are read, as jq and grep do; else the sample data.
    const path = typeof options.input === 'string' ? options.input : io.stdinPiped === true ? '-' : undefined;
    const progress = startProgress(io, path === undefined ? 'sample data' : path === '-' ? 'stdin' : path);
    const count = options.count === true;
    const write = writer(output, io);
    let read = 0;
    let matched = 0;
    try {
      for await (const record of path === undefined ? recordsOf(sampleData(), input.entity as SchedulingEntityName) : readRecords(path, io)) {
        read++;
        if (matches(record)) {
          matched++;
          if (!count) await write.record(record);
        }
        progress.tick(read, matched);
      }
    } catch (e) {
      progress.done();
      if (isTqlError(e)) return reportError(e, options, io);
      throw e;
    }
    progress.done();
    if (count) await writeOut(io, options.json === true ? `${JSON.stringify({ count: matched })}\n` : `${matched}\n`);
    else await write.end();
    return EXIT.ok;
  },
};

/** How each matching record is written, streamed as it is found. */
function writer(output: Output, io: CliIo): { record(r: object): Promise<void>; end(): Promise<void> } {
  switch (output) {
    case 'ndjson':
      return { record: (r) => writeOut(io, `${JSON.stringify(r)}\n`), end: async () => undefined };
    case 'ids':
      return { record: (r) => writeOut(io, `${idOf(r)}\n`), end: async () => undefined };
    case 'json': {
      let first = true;
      return {
        record: (r) => {
          const text = `${first ? '[\n' : ',\n'}  ${JSON.stringify(r)}`;
          first = false;
          return writeOut(io, text);
        },
        end: () => writeOut(io, first ? '[]\n' : '\n]\n'),
      };
    }
  }
}

/** The record's `id` as text; records without one print as `null` so lines stay one per match. */
function idOf(record: object): string {
  const id = Object.hasOwn(record, 'id') ? (record as { id: unknown }).id : undefined;
  return typeof id === 'string' ? id : JSON.stringify(id ?? null);
}
