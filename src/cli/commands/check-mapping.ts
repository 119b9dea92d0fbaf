/** `tql check-mapping`: whether a database's tables fit the schema's SQL mapping. */
import { isTqlError } from '../../errors/tql-error.js';
import type { Command } from '../command.js';
import { checkMappingAt, DATABASE_URL_OPTION } from '../database-url.js';
import { EXIT } from '../io.js';
import { reportError } from '../query-input.js';
import { cliSchema, cliSqlMapping, MAPPING_OPTION, SCHEMA_OPTIONS } from '../schema-option.js';
import { usageError } from '../usage-error.js';

/** `tql check-mapping --database-url <url>`: checkSqlMapping from the command line. */
export const checkMappingCommand: Command = {
  name: 'check-mapping',
  summary: "Check that a database's tables and column types fit the schema's SQL mapping.",
  usage: 'tql check-mapping --database-url <url> [--schema <file> [--mapping <file>]] [--list-order <column|none>] [--accept-decimal] [--json]',
  options: {
    ...DATABASE_URL_OPTION,
    ...SCHEMA_OPTIONS,
    ...MAPPING_OPTION,
    'list-order': { type: 'string', value: '<column|none>', help: 'a column every table must have, as lists are ordered by (default none)' },
    'accept-decimal': { type: 'boolean', help: 'accept NUMERIC/DECIMAL columns for Number attributes (they compare exact decimals, not doubles)' },
    json: { type: 'boolean', help: 'print JSON for programs' },
  },
  details: `Reads the database's catalog for every table and column the mapping names (the
scheduling tables and mapping, or yours with --schema and --mapping) and reports every one
that is missing or whose type tql cannot compare as the schema says: a Timestamp read as Unix
seconds from a timestamptz column, LIKE on a date or uuid column, a Number on NUMERIC, … Each
problem names the attribute, the table.column and what to write instead. Exit 0 when the
mapping fits, 3 when it does not or the database cannot be read.

Examples:
  tql check-mapping --database-url postgresql://app@127.0.0.1/app
  tql check-mapping --database-url sqlite:helpdesk.db --schema helpdesk.schema.json --mapping helpdesk.mapping.json`,
  async run(positionals, options, io) {
    const url = options['database-url'];
    if (typeof url !== 'string') return usageError(io, 'needs --database-url <url>', 'tql check-mapping');
    if (positionals.length > 0) return usageError(io, 'takes no query; it checks the tables the mapping names', 'tql check-mapping');
    const order = options['list-order'];
    try {
      const schema = cliSchema(options, io);
      const mapping = cliSqlMapping(options, schema);
      const listOrder = typeof order === 'string' && order !== 'none' ? order : false;
      const database = await checkMappingAt(url, schema.schema, mapping, { listOrder, acceptDecimal: options['accept-decimal'] === true });
      const entities = schema.schema.entityNames.filter((name) => Object.hasOwn(mapping, name));
      io.stdout.write(
        options.json === true
          ? `${JSON.stringify({ ok: true, database, entities })}\n`
          : `The mapping fits ${database}: ${entities.join(', ')}.\n`,
      );
      return EXIT.ok;
    } catch (e) {
      if (isTqlError(e)) return reportError(e, options, io);
      throw e;
    }
  },
};
