import { safeParse } from '../../parser/parse.js';
import { isTqlError, optionError } from '../../errors/tql-error.js';
import { recordsOf, sampleData } from '../../models/scheduling/sample.js';
import type { SchedulingEntityName } from '../../models/scheduling/schema.js';
import type { Command } from '../command.js';
import { QUERY_OPTIONS } from '../query-options.js';
import { drawEvaluation, evaluationJson } from '../explain/draw-evaluation.js';
import { evaluate } from '../explain/evaluate.js';
import { drawSyntaxTree } from '../explain/syntax-tree.js';
import { EXIT } from '../io.js';
import { colorOn, queryText, readQuery, reportError } from '../query-input.js';
import { parseRecordJson } from '../records/read-records.js';
import { style } from '../style.js';
import { usageError } from '../usage-error.js';

/** `tql explain`: the syntax tree with spans, and leaf by leaf why a record matches or not. */
export const explainCommand: Command = {
  name: 'explain',
  summary: 'Show the syntax tree with spans; with --record or --id, why a record matches or not.',
  usage: 'tql explain <query> [--record <json> | --id <id>] [--entity <name>] [--json]',
  options: {
    ...QUERY_OPTIONS,
    record: { type: 'string', short: 'r', value: '<json>', help: 'a record as a JSON object, to test the query on' },
    id: { type: 'string', value: '<id>', help: 'the id of a record of the bundled sample data, to test the query on' },
  },
  details: `Spans are [start,end) offsets in the query text. With a record, each predicate shows ✓ or ✗
and what the record holds for its attribute; AND and OR say how many operands pass or fail.
The exit status is 0 whether or not the record matches (1 invalid query, 2 usage error,
3 unreadable --record).

Examples:
  tql explain 'agent.name LIKE jo AND (agent.role EQ User OR agent.schedulable EQ true)'
  tql explain 'agent.name LIKE jo AND agent.schedulable EQ true' --record '{"name":"Jo","schedulable":false}'
  tql explain 'scheduling_request.status IN new,sent' --id sreq_…  --json`,
  async run(positionals, options, io) {
    if (options.record !== undefined && options.id !== undefined) {
      return usageError(io, 'give --record or --id, not both', 'tql explain');
    }
    const text = queryText(positionals, io);
    if (text === undefined) return EXIT.usage;
    const s = style(colorOn(options, io));
    const parsed = safeParse(text);
    if (!parsed.ok) return reportError(parsed.error, options, io);
    // The tree helps most when the query does not validate, so it comes first.
    if (options.json !== true) io.stdout.write(drawSyntaxTree(parsed.value, s));
    const input = readQuery(positionals, options, io);
    if (!input.ok) return input.exit;
    let record: object | undefined;
    try {
      record =
        typeof options.record === 'string'
          ? parseRecordJson(options.record, '--record')
          : typeof options.id === 'string'
            ? sampleRecord(input.entity, options.id, input.schema.scheduling)
            : undefined;
    } catch (e) {
      if (isTqlError(e)) return reportError(e, options, io);
      throw e;
    }
    const evaluation = record === undefined ? undefined : evaluate(input.query, record, input.written);
    if (options.json === true) {
      const out = { query: text, entity: input.entity, ast: parsed.value, ...(evaluation === undefined ? {} : { matches: evaluation.matches, evaluation: evaluationJson(evaluation) }) };
      io.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
    } else if (evaluation !== undefined) {
      const id = record !== undefined && Object.hasOwn(record, 'id') ? ` ${String((record as { id: unknown }).id)}` : '';
      io.stdout.write(`\nRecord${id}:\n${drawEvaluation(evaluation, s)}`);
      io.stdout.write(evaluation.matches ? `${s.green('matches')}\n` : `${s.red('does not match')}\n`);
    }
    return EXIT.ok;
  },
};

function sampleRecord(entity: string, id: string, scheduling: boolean): object {
  if (!scheduling) throw optionError('--id looks in the sample data of the scheduling models; with --schema, give the record itself with --record.');
  const found = recordsOf(sampleData(), entity as SchedulingEntityName).find((r) => r.id === id);
  if (found !== undefined) return found;
  throw optionError(`--id: the sample data has no ${entity} with id ${JSON.stringify(id)}; list some with tql filter '…' --entity ${entity} --output ids.`);
}
