import { filterRecords } from '../../backends/memory/compile-predicate.js';
import { BUILT_IN_BACKENDS } from '../../backends/registry.js';
import { isTqlError } from '../../errors/tql-error.js';
import { selectSql } from '../../backends/sql/select-sql.js';
import { print } from '../../ast/print.js';
import { sampleData, recordsOf, SAMPLE_OPTIONS } from '../../models/scheduling/sample.js';
import { schedulingSqlMapping } from '../../models/scheduling/sql/mapping.js';
import { createSchedulingTables, loadSchedulingData } from '../../models/scheduling/sql/load.js';
import { toAst } from '../../validate/to-ast.js';
import type { ValidatedQuery } from '../../validate/validated-query.js';
import type { SchedulingEntityName } from '../../models/scheduling/schema.js';
import type { Command } from '../command.js';
import { QUERY_OPTIONS } from '../query-options.js';
import { EXIT, type CliIo } from '../io.js';
import { colorOn, readQuery } from '../query-input.js';
import { style } from '../style.js';

const DEFAULT_QUERY =
  'scheduling_request.status~IN~scheduled,sent~AND~(scheduling_request.end_user_name~LIKE~an~OR~scheduling_request.psa_b_ticket_number~LIKE~12)';

/**
 * `tql demo`: one query through the whole engine on the bundled sample data — the normalized
 * form, the SQL for each dialect, the Mongo filter, and the matches found in memory, in a real
 * SQLite database and through the MongoDB query engine mingo, which must agree.
 */
// The demo runs the bundled sample data, so it takes no schema of yours.
const { schema: _schema, quiet: _quiet, verbose: _verbose, ...DEMO_OPTIONS } = QUERY_OPTIONS;

export const demoCommand: Command = {
  name: 'demo',
  summary: 'Run one query through every backend on the bundled sample data and compare the answers.',
  usage: 'tql demo [query] [--entity <name>] [--profile <p>] [--time-zone <zone>]',
  options: { ...DEMO_OPTIONS, json: { type: 'boolean', help: 'print the results as JSON' } },
  details: `Without a query it runs:
  ${DEFAULT_QUERY}

SQLite (better-sqlite3) and mingo are used when they are installed (they are in a checkout of tql).`,
  async run(positionals, options, io) {
    const input = readQuery(positionals.length > 0 ? positionals : [DEFAULT_QUERY], options, io);
    if (!input.ok) return input.exit;
    const data = sampleData();
    // The demo has no --schema option: the entity is one of the scheduling models.
    const records = recordsOf(data, input.entity as SchedulingEntityName);
    const memoryIds = filterRecords(input.query, records).map((r) => (r as { id: string }).id);
    const sqliteIds = await sqliteMatches(input.query, data);
    const mingoIds = await mingoMatches(input.query, records);
    const same = (ids: readonly string[] | string) => typeof ids === 'string' || sameIds(ids, memoryIds);
    const agree = same(sqliteIds) && same(mingoIds);
    if (options.json === true) {
      io.stdout.write(`${JSON.stringify({ query: input.text, entity: input.entity, memory: memoryIds, sqlite: sqliteIds, mingo: mingoIds, agree }, null, 2)}\n`);
      return agree ? EXIT.ok : 1;
    }
    report(io, colorOn(options, io), input.text, input.entity, input.query, records.length, memoryIds, sqliteIds, mingoIds);
    return agree ? EXIT.ok : 1;
  },
};

function report(
  io: CliIo,
  color: boolean,
  text: string,
  entity: string,
  query: ValidatedQuery,
  total: number,
  memoryIds: readonly string[],
  sqliteIds: readonly string[] | string,
  mingoIds: readonly string[] | string,
): void {
  const s = style(color);
  const { sql, mongo } = BUILT_IN_BACKENDS;
  const pg = sql.postgres.compile(query, { sqlMapping: schedulingSqlMapping });
  const lite = sql.sqlite.compile(query, { sqlMapping: schedulingSqlMapping });
  const heading = (h: string) => `\n${s.bold(h)}`;
  const { agents, teams, requests, seed } = SAMPLE_OPTIONS;
  const verdict = (ids: readonly string[] | string) =>
    typeof ids === 'string' ? s.dim(`skipped (${ids})`) : sameIds(ids, memoryIds) ? s.green(`${ids.length} matches, the same records`) : s.red(`${ids.length} matches, DIFFERENT records`);
  io.stdout.write(
    [
      s.bold('tql demo') + s.dim(` — sample data: ${agents} agents, ${teams} teams, ${requests} scheduling requests (seed ${seed})`),
      heading('Query'),
      `  ${text}`,
      heading(`Normalized (${entity})`),
      `  ${print(toAst(query), { style: 'readable' })}`,
      heading(sql.postgres.title),
      `  ${pg.text}`,
      `  ${s.dim(`values: ${JSON.stringify(pg.values)}`)}`,
      heading(sql.sqlite.title),
      `  ${lite.text}`,
      `  ${s.dim(`values: ${JSON.stringify(lite.values)}`)}`,
      heading(mongo.title),
      `  ${mongo.show(mongo.compile(query, {}))}`,
      heading('Matches'),
      `  in memory  ${memoryIds.length} of ${total} ${entity} records`,
      `  SQLite     ${verdict(sqliteIds)}`,
      `  mingo      ${verdict(mingoIds)}`,
      '',
      `  first ids: ${memoryIds.slice(0, 5).join(', ') || '(none)'}`,
      '',
      // One hint for every way tql is run: installed (npx), on the PATH, or in a checkout.
      s.dim('Try: tql demo "agent.name LIKE jo AND agent.two_factor_enabled EQ false"  (npx tql in a project, npm run tql -- in a checkout)'),
      '',
    ].join('\n'),
  );
}

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  const sa = [...a].sort();
  const sb = [...b].sort();
  return sa.length === sb.length && sa.every((id, i) => id === sb[i]);
}

/** The ids SQLite selects, or why it could not run (the driver is a development dependency). */
async function sqliteMatches(query: ValidatedQuery, data: ReturnType<typeof sampleData>): Promise<string[] | string> {
  let Database: typeof import('better-sqlite3');
  try {
    Database = (await import('better-sqlite3')).default;
  } catch {
    return 'better-sqlite3 is not installed';
  }
  const db = new Database(':memory:');
  try {
    await createSchedulingTables(db);
    await loadSchedulingData(db, data);
    const statement = selectSql(query, { dialect: 'sqlite', mapping: schedulingSqlMapping, columns: ['id'] });
    return (db.prepare(statement.text).all(...(statement.values as unknown[])) as { id: string }[]).map((r) => r.id);
  } finally {
    db.close();
  }
}

/** The ids mingo selects with the compiled Mongo filter, or why it could not run. */
async function mingoMatches(query: ValidatedQuery, records: readonly unknown[]): Promise<string[] | string> {
  const mongo = BUILT_IN_BACKENDS.mongo;
  const filter = mongo.compile(query, {});
  try {
    const selected = await mongo.run!(filter, records as readonly object[]);
    return selected.map((r) => (r as { id: string }).id);
  } catch (e) {
    // The registry's Mongo run says so when mingo, an optional peer dependency, is missing.
    if (isTqlError(e) && e.code === 'invalid_option') return 'mingo is not installed';
    throw e;
  }
}
