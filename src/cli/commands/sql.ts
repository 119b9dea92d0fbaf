import { compileSql, type SqlStatement } from '../../backends/sql/compile-sql.js';
import { selectSql } from '../../backends/sql/select-sql.js';
import { isTqlError } from '../../errors/tql-error.js';
import type { Command } from '../command.js';
import { QUERY_OPTIONS } from '../query-options.js';
import { EXIT } from '../io.js';
import { oneOf, positiveInteger } from '../option-values.js';
import { readQuery, reportError } from '../query-input.js';
import { cliSqlMapping, MAPPING_OPTION } from '../schema-option.js';
import { usageError } from '../usage-error.js';
import { DIALECT_CHOICES, DIALECTS, FOLDING_CHOICES, FOLDINGS, SQL_OPTIONS } from '../sql-options.js';

/** `tql sql`: the query as a parameterized SQL condition, or a whole SELECT over the reference tables. */
export const sqlCommand: Command = {
  name: 'sql',
  summary: 'Compile a query to parameterized SQL (PostgreSQL, SQLite, MySQL/MariaDB or DuckDB) over the reference tables.',
  usage: `tql sql <query> [--dialect ${DIALECT_CHOICES}] [--select [--limit <n>]] [--case-folding ${FOLDING_CHOICES}] [--json]`,
  options: {
    ...QUERY_OPTIONS,
    ...MAPPING_OPTION,
    dialect: SQL_OPTIONS.dialect,
    select: { type: 'boolean', help: 'print a whole SELECT * over the reference table, ordered by id' },
    limit: { type: 'string', value: '<n>', help: 'with --select: at most n rows' },
    'case-folding': SQL_OPTIONS['case-folding'],
  },
  details: `Prints the SQL text, then its bound values on a "-- values:" line; with --json one object
{ "dialect", "text", "values" }. Every value of the query is a bound parameter ($1… for
PostgreSQL, ? for SQLite); identifiers come from the reference mapping.

Examples:
  tql sql 'agent.name~LIKE~john'
  tql sql 'scheduling_request.status IN new,sent' --dialect sqlite
  tql sql 'agent.schedulable EQ true' --select --limit 20 --json`,
  async run(positionals, options, io) {
    const dialect = oneOf('dialect', options.dialect, DIALECTS, 'postgres', io);
    const caseFolding = oneOf('case-folding', options['case-folding'], FOLDINGS, 'database', io);
    const limit = positiveInteger('limit', options.limit, io);
    if (dialect === undefined || caseFolding === undefined || limit === null) return EXIT.usage;
    if (limit !== undefined && options.select !== true) {
      return usageError(io, '--limit needs --select (a bare condition has no LIMIT)', 'tql sql');
    }
    const input = readQuery(positionals, options, io);
    if (!input.ok) return input.exit;
    let statement: SqlStatement;
    try {
      const compileOptions = { dialect, mapping: cliSqlMapping(options, input.schema), caseFolding };
      statement =
        options.select === true
          ? selectSql(input.query, { ...compileOptions, columns: '*', limit })
          : compileSql(input.query, compileOptions);
    } catch (e) {
      if (isTqlError(e)) return reportError(e, options, io);
      throw e;
    }
    io.stdout.write(
      options.json === true
        ? `${JSON.stringify({ dialect, text: statement.text, values: statement.values }, null, 2)}\n`
        : `${statement.text}\n-- values: ${JSON.stringify(statement.values)}\n`,
    );
    return EXIT.ok;
  },
};
