/** `tql prove`: whether a database answers every query as tql means it, on generated data. */
import { inputError, isTqlError } from '../../errors/tql-error.js';
import { isFastCheckMissing } from '../../testing/fast-check-peer.js';
import type { Command } from '../command.js';
import { DATABASE_URL_OPTION } from '../database-url.js';
import { EXIT } from '../io.js';
import { oneOf, positiveInteger } from '../option-values.js';
import type { ColumnTypes } from '../prove/run-prove.js';
import { reportError } from '../query-input.js';
import { cliSchema, cliSqlMapping, MAPPING_OPTION, SCHEMA_OPTIONS } from '../schema-option.js';
import { usageError } from '../usage-error.js';

const COLUMN_TYPES: readonly ColumnTypes[] = ['tql', 'database'];

/**
 * The differential and its report, loaded when asked for: they need fast-check, an optional peer
 * that every other command runs without.
 */
async function loadProve() {
  try {
    const [run, report] = await Promise.all([import('../prove/run-prove.js'), import('../prove/prove-report.js')]);
    return { ...run, ...report };
  } catch (error) {
    if (isFastCheckMissing(error)) throw inputError('tql prove generates its data and queries with fast-check, an optional peer dependency of tql: install it (npm install fast-check).');
    throw error;
  }
}

/** `tql prove --database-url <url>`: checkAgreement with sqlTarget from the command line. */
export const proveCommand: Command = {
  name: 'prove',
  summary: 'Prove on a live database that its answers are tql’s: generated records in temporary tables, generated queries compared.',
  usage: 'tql prove --database-url <url> [--schema <file> [--mapping <file>]] [--entity <name>] [--runs <n>] [--seed <n> [--path <path>]] [--column-types <tql|database>] [--json]',
  options: {
    'database-url': { ...DATABASE_URL_OPTION['database-url'], help: 'the database to prove on: postgresql://…, mysql:// (mariadb://)…, sqlite:<file>, duckdb:<file>' },
    ...SCHEMA_OPTIONS,
    ...MAPPING_OPTION,
    entity: { type: 'string', short: 'e', value: '<name>', help: 'prove this entity only (default: every entity the mapping has)' },
    runs: { type: 'string', value: '<n>', help: 'generated datasets per entity, each queried several times (default 30)' },
    seed: { type: 'string', value: '<n>', help: 'the seed of the generated data and queries: the report prints it, and giving it again replays the run (default random)' },
    path: { type: 'string', value: '<path>', help: 'with --entity and --seed: the path a report printed, to replay its shrunk case alone' },
    'column-types': {
      type: 'string',
      value: '<tql|database>',
      help: "the temporary tables' column types: the ones tql writes for the mapping (default), or the database's own tables' types, read from its catalog",
    },
    json: { type: 'boolean', help: 'print JSON for programs' },
  },
  details: `On one connection to the database, for each entity of the mapping (the default models,
or yours with --schema and --mapping): creates temporary tables of the mapped shape, which shadow
tables of the same names on this connection only and are dropped at the end (the database's own
tables are never written; SQLite and DuckDB files are opened read-only), loads generated records,
runs generated queries as tql's SQL backend writes them and compares every answer with the
in-memory backend's. A difference is shrunk to one query and one record and reported with the
rules of docs/language.md at stake. LIKE answers that differ only where the engine's lower()
folds a letter otherwise than JavaScript (measured over every code point first) are declared, not
disagreements. Exit 0 when the database agrees, 1 when it does not, 2 for a wrong command line,
3 when the database cannot be opened.

Examples:
  tql prove --database-url postgresql://app@127.0.0.1/app --runs 100
  tql prove --database-url mysql://app@127.0.0.1/app --column-types database --entity agent
  tql prove --database-url sqlite:helpdesk.db --schema helpdesk.schema.json --seed 42 --json`,
  async run(positionals, options, io) {
    const url = options['database-url'];
    if (typeof url !== 'string') return usageError(io, 'needs --database-url <url>', 'tql prove');
    if (positionals.length > 0) return usageError(io, 'takes no query; it generates its own', 'tql prove');
    const runs = positiveInteger('runs', options.runs, io);
    const seed = positiveInteger('seed', options.seed, io, 0);
    const columnTypes = oneOf('column-types', options['column-types'], COLUMN_TYPES, 'tql', io);
    if (runs === null || seed === null || columnTypes === undefined) return EXIT.usage;
    try {
      const schema = cliSchema(options, io);
      const mapping = cliSqlMapping(options, schema);
      const mapped = schema.schema.entityNames.filter((name) => Object.hasOwn(mapping, name));
      const entity = options.entity;
      if (entity !== undefined && (typeof entity !== 'string' || !mapped.includes(entity))) {
        return usageError(io, `--entity takes ${mapped.join(', ')} (the entities the mapping has), not ${JSON.stringify(entity)}`, 'tql prove');
      }
      const path = options.path;
      if (path !== undefined && (typeof path !== 'string' || entity === undefined || seed === undefined)) return usageError(io, '--path replays one entity\'s run: give it with --entity and --seed, as the report prints them', 'tql prove');
      const chosenSeed = seed ?? Math.floor(Math.random() * 2 ** 31);
      const { prove, proofAgreed, proofJson, proofText } = await loadProve();
      const chosenRuns = runs ?? 30;
      const proof = await prove({ url, schema: schema.schema, mapping, entities: entity === undefined ? mapped : [entity], runs: chosenRuns, seed: chosenSeed, columnTypes, path });
      io.stdout.write(options.json === true ? proofJson(proof, chosenSeed) : proofText(proof, chosenSeed, chosenRuns));
      return proofAgreed(proof) ? EXIT.ok : EXIT.disagrees;
    } catch (e) {
      if (isTqlError(e)) return reportError(e, options, io);
      throw e;
    }
  },
};
