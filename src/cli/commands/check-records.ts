/** `tql check-records`: which attributes read values that the records do not hold as the schema declares. */
import { recordsDiagnoser, type RecordsDiagnosis, type StorageMismatch } from '../../diagnose/diagnose-records.js';
import { isTqlError } from '../../errors/tql-error.js';
import { recordsOf, sampleData } from '../../models/scheduling/sample.js';
import type { SchedulingEntityName } from '../../models/scheduling/schema.js';
import type { Command } from '../command.js';
import { EXIT } from '../io.js';
import { positiveInteger } from '../option-values.js';
import { writeOut } from '../output.js';
import { reportError } from '../query-input.js';
import { readRecords } from '../records/read-records.js';
import { cliSchema, SCHEMA_OPTIONS } from '../schema-option.js';
import { usageError } from '../usage-error.js';

/** `tql check-records --entity <name>`: diagnoseRecords over a file, standard input or the sample data. */
export const checkRecordsCommand: Command = {
  name: 'check-records',
  summary: 'List the attributes whose values in your records do not fit the type and storage the schema declares.',
  usage: 'tql check-records --entity <name> [--input <file|->] [--schema <file>] [--examples <n>] [--json]',
  options: {
    entity: { type: 'string', short: 'e', value: '<name>', help: "the entity the records are of (default: the schema's only entity)" },
    input: {
      type: 'string',
      short: 'i',
      value: '<file|->',
      help: 'records: a JSON array or NDJSON file, or - for standard input (default: standard input when it is a pipe or a file, else the bundled sample data)',
    },
    examples: { type: 'string', value: '<n>', help: 'examples shown per attribute, 1 to 100 (default 3)' },
    json: { type: 'boolean', help: 'print JSON for programs' },
    ...SCHEMA_OPTIONS,
  },
  details: `Reads every record once and reports each attribute whose values are not values of
its declared type and storage, which every filter then treats as missing: Dates where ISO
text is declared (a schema derived from a Prisma generator's JSON Schema over Prisma
Client's rows), numbers as text under a Number, 0 and 1 under a Boolean, arrays under a
scalar, a field no record has, timestamps that look like milliseconds read as seconds. Each
comes with counts, the first few records (their place, id and the value) and what to declare.
Null and missing values are no mismatch.

Exit status: 0 every value fits, 1 some attribute does not, 2 usage error, 3 unreadable
records or schema.

Examples:
  tql check-records --entity invoice --schema invoice.schema.json --input invoices.ndjson
  psql -At -c "select row_to_json(i) from invoice i limit 1000" | tql check-records --entity invoice --schema invoice.schema.json
  tql check-records --entity agent`,
  async run(positionals, options, io) {
    if (positionals.length > 0) return usageError(io, 'takes no query; it reads records (--input or standard input)', 'tql check-records');
    const examples = positiveInteger('examples', options.examples, io);
    if (examples === null) return EXIT.usage;
    try {
      const { schema, scheduling } = cliSchema(options, io);
      const entity = typeof options.entity === 'string' ? options.entity : schema.entityNames.length === 1 ? schema.entityNames[0]! : undefined;
      if (entity === undefined) return usageError(io, `needs --entity <name>, one of ${schema.entityNames.join(', ')}`, 'tql check-records');
      const path = typeof options.input === 'string' ? options.input : io.stdinPiped === true ? '-' : undefined;
      if (path === undefined && !scheduling) {
        return usageError(io, 'the sample data is for the scheduling models; with --schema, give your records with --input <file> or on standard input', 'tql check-records');
      }
      const diagnoser = recordsDiagnoser(schema, entity, examples === undefined ? {} : { examples });
      const records = path === undefined ? recordsOf(sampleData(), entity as SchedulingEntityName) : readRecords(path, io);
      for await (const record of records) diagnoser.add(record);
      const diagnosis = diagnoser.result();
      await writeOut(io, options.json === true ? `${JSON.stringify(diagnosis)}\n` : report(diagnosis));
      return diagnosis.mismatches.length === 0 ? EXIT.ok : EXIT.mismatches;
    } catch (e) {
      if (isTqlError(e)) return reportError(e, options, io);
      throw e;
    }
  },
};

/** The diagnosis as text: a line per mismatch, its examples and its fix, then a summary. */
function report(diagnosis: RecordsDiagnosis): string {
  const lines = diagnosis.mismatches.flatMap((m) => [headline(m, diagnosis.records), ...m.examples.map((e) => `  record ${e.record + 1}${e.id === undefined ? '' : ` (id ${JSON.stringify(e.id)})`}: ${e.path} = ${e.value}`), `  fix: ${m.fix}`, '']);
  const unreadable = diagnosis.unreadable === 0 ? '' : `, ${diagnosis.unreadable} not objects (skipped)`;
  const verdict =
    diagnosis.mismatches.length === 0
      ? 'every value fits the declared type and storage'
      : `${diagnosis.mismatches.length} ${diagnosis.mismatches.length === 1 ? 'mismatch' : 'mismatches'}: the filters see these values as missing`;
  return `${lines.join('\n')}${diagnosis.entity}: ${diagnosis.records} ${diagnosis.records === 1 ? 'record' : 'records'}${unreadable}: ${verdict}.\n`;
}

/** `invoice.issued_at (issuedAt): the schema declares ISO-8601 text …; 3 values in 3 of 3 records are a Date.` */
function headline(m: StorageMismatch, records: number): string {
  const name = m.attribute.endsWith(`.${m.reads}`) ? m.attribute : `${m.attribute} (${m.reads})`;
  if (m.values === 0) return `${name}: the schema declares ${m.declared}; ${m.found}.`;
  const values = `${m.values} ${m.values === 1 ? 'value' : 'values'}`;
  // "Unix milliseconds?" ends its own sentence.
  return `${name}: the schema declares ${m.declared}; ${values} in ${m.records} of ${records} records ${m.values === 1 ? 'is' : 'are'} ${m.found}${m.found.endsWith('?') ? '' : '.'}`;
}
