import { compileMongo } from '../../backends/mongo/compile-mongo.js';
import { isTqlError } from '../../errors/tql-error.js';
import type { Command } from '../command.js';
import { QUERY_OPTIONS } from '../query-options.js';
import { EXIT } from '../io.js';
import { readQuery, reportError } from '../query-input.js';

/** `tql mongo`: the query as a MongoDB filter document. */
export const mongoCommand: Command = {
  name: 'mongo',
  summary: 'Compile a query to a MongoDB filter document (JSON) over API-shaped records.',
  usage: 'tql mongo <query> [--entity <name>] [--compact]',
  options: {
    ...QUERY_OPTIONS,
    compact: { type: 'boolean', help: 'print the filter on one line' },
  },
  details: `The output is always JSON: the filter for collection.find(filter) or a $match stage, as it
is. Regular expressions are built only from the escaped text of LIKE values. (--json is accepted
and changes nothing.)

Examples:
  tql mongo 'agent.name~LIKE~john'
  tql mongo 'scheduling_request.psa_a_company_id NOT_EQ 5' --compact`,
  async run(positionals, options, io) {
    const input = readQuery(positionals, options, io);
    if (!input.ok) return input.exit;
    let filter: unknown;
    try {
      filter = compileMongo(input.query);
    } catch (e) {
      if (isTqlError(e)) return reportError(e, options, io);
      throw e;
    }
    io.stdout.write(`${JSON.stringify(filter, null, options.compact === true ? undefined : 2)}\n`);
    return EXIT.ok;
  },
};
