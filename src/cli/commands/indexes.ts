import { indexAdvice } from '../../backends/sql/index-advice.js';
import { isTqlError } from '../../errors/tql-error.js';
import type { Command } from '../command.js';
import { EXIT } from '../io.js';
import { oneOf } from '../option-values.js';
import { reportError } from '../query-input.js';
import { cliSchema, cliSqlMapping, MAPPING_OPTION, SCHEMA_OPTIONS } from '../schema-option.js';
import { usageError } from '../usage-error.js';
import { DIALECT_CHOICES, DIALECTS, FOLDING_CHOICES, FOLDINGS, SQL_OPTIONS } from '../sql-options.js';
import { checkMappingAt, DATABASE_URL_OPTION, urlDialect } from '../database-url.js';


/** `tql indexes`: the index advice for the reference tables, as a SQL script. */
export const indexesCommand: Command = {
  name: 'indexes',
  summary: 'Print the CREATE INDEX statements that make every filterable attribute and the list order index-friendly.',
  usage: `tql indexes [--dialect ${DIALECT_CHOICES} | --database-url <url>] [--case-folding ${FOLDING_CHOICES}] [--schema <file> [--mapping <file>] [--list-order <column|none>]] [--json]`,
  options: {
    ...SQL_OPTIONS,
    ...SCHEMA_OPTIONS,
    ...MAPPING_OPTION,
    ...DATABASE_URL_OPTION,
    'list-order': { type: 'string', value: '<column|none>', help: 'the column of Unix seconds lists are ordered by, before the key (default created_at; none for no list index)' },
    json: { type: 'boolean', help: 'print a JSON list of statements' },
  },
  details: `Prints one statement a line, for the reference tables and mapping (the same indexes the
scheduling DDL creates): B-trees for EQ, IN and ranges, trigram GIN indexes for LIKE on
PostgreSQL (after CREATE EXTENSION pg_trgm), element-table indexes for collections, and the
(created_at, id) index of the list order. With --schema (and --mapping), for your own tables;
--list-order names the column your lists are ordered by, or none.

With --database-url, the mapping is first checked against that database's catalog (as tql
check-mapping does), and the statements are written in its dialect: a table or column that is
missing, or of a type tql cannot compare as the schema says, is reported instead (exit 3).

Examples:
  tql indexes
  tql indexes --dialect sqlite
  tql indexes --schema helpdesk.schema.json --list-order opened_at
  tql indexes --database-url postgresql://app@127.0.0.1/app`,
  async run(positionals, options, io) {
    const url = options['database-url'];
    if (typeof url === 'string' && typeof options.dialect === 'string') return usageError(io, '--database-url says the dialect; leave out --dialect', 'tql indexes');
    let fromUrl: string | undefined;
    try {
      fromUrl = typeof url === 'string' ? urlDialect(url) : undefined;
    } catch (e) {
      if (isTqlError(e)) return reportError(e, options, io);
      throw e;
    }
    const dialect = oneOf('dialect', fromUrl ?? options.dialect, DIALECTS, 'postgres', io);
    const caseFolding = oneOf('case-folding', options['case-folding'], FOLDINGS, 'database', io);
    if (dialect === undefined || caseFolding === undefined) return EXIT.usage;
    if (positionals.length > 0) {
      return usageError(io, 'takes no query; it prints the indexes of the reference tables', 'tql indexes');
    }
    let statements: string[];
    try {
      const schema = cliSchema(options, io);
      const order = options['list-order'];
      const listOrder = typeof order !== 'string' ? 'created_at' : order === 'none' ? false : order;
      const mapping = cliSqlMapping(options, schema);
      if (typeof url === 'string') await checkMappingAt(url, schema.schema, mapping, { listOrder });
      statements = indexAdvice(schema.schema, { dialect, mapping, caseFolding, listOrder });
    } catch (e) {
      if (isTqlError(e)) return reportError(e, options, io);
      throw e;
    }
    io.stdout.write(options.json === true ? `${JSON.stringify(statements, null, 2)}\n` : `${statements.join('\n')}\n`);
    return EXIT.ok;
  },
};
