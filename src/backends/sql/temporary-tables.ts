/**
 * Records of one entity in temporary tables of its mapped shape (table-plan.ts), on one database
 * connection: created on the first load, named as the mapping names the tables so that they
 * shadow any table of that name for this connection only (the caller's own tables are never
 * touched), and dropped when done. The differential target of `tql/testing` (`sqlTarget`) and
 * the SQL backends of the registry (`contractRun`) run queries on them.
 */
import type { Schema } from '../../schema/types.js';
import type { SqlStatement } from './sql-statement.js';
import type { AnySqlDatabase } from './database.js';
import type { SqlEntityMapping } from './mapping.js';
import { recordShape } from './record-shape.js';
import { describeValue } from '../../errors/describe-value.js';
import { inputError, isTqlError, type TqlError } from '../../errors/tql-error.js';
import { columnValues, createSql, planTables, valueSql, type ColumnTypeChoice, type PlannedTable } from './table-plan.js';

/** What {@link temporaryTables} makes tables for. */
export interface TemporaryTablesOptions {
  readonly schema: Schema;
  readonly entity: string;
  /** The entity's entry of the mapping: the tables' and columns' names. */
  readonly mapping: SqlEntityMapping;
  /** The field holding each record's id. */
  readonly key: string;
  /** A column's SQL type other than the dialect's. */
  readonly columnType?: ColumnTypeChoice | undefined;
  /** Who makes them, for errors: `sqlTarget`. */
  readonly who: string;
}

/** Temporary tables on one connection, and what runs on them. */
export interface TemporaryTables {
  /** The tables it fills (created on the first {@link load}). */
  readonly tables: readonly string[];
  /** Replaces the rows of every table with those of `records`. */
  load(records: readonly object[]): Promise<void>;
  /** The keys of the entity's rows that `where` (a filter `compileSql` wrote) selects, in key order. */
  keysWhere(where: SqlStatement): Promise<unknown[]>;
  /** Drops the tables; they are created again by the next {@link load}. */
  drop(): Promise<void>;
}

/**
 * Temporary tables for the records of `options.entity` on `db`. Each record value is stored as the
 * schema says its column holds it; a value that is no value of the attribute's type is NULL.
 *
 * @example
 * ```ts
 * const tables = temporaryTables(sqlDatabase(new Database(':memory:')), { schema, entity: 'agent', mapping: mapping.agent, key: 'id', who: 'sqlTarget' });
 * await tables.load(agents);
 * await tables.keysWhere(compileSql(query, { dialect: 'sqlite', mapping })); // ['agnt_…', …]
 * await tables.drop();
 * ```
 */
export function temporaryTables(db: AnySqlDatabase, options: TemporaryTablesOptions): TemporaryTables {
  const { mapping: entry, columnType, who } = options;
  const tables = planTables(recordShape(options.schema, options.entity, options.key), entry, who);
  const dialect = db.sqlDialect;
  const q = dialect.quoteIdentifier;
  // Named by the temporary schema, so these statements never reach a permanent table.
  const temp = dialect.ddl.temporarySchema;
  const qualified = (t: PlannedTable) => (temp === undefined ? q(t.name) : `${temp}.${q(t.name)}`);
  // Some tables may exist (drop() has something to drop); all exist (load() need not create).
  let created = false;
  let ready = false;
  /** Runs `statement`; what the engine throws is an `invalid_input` naming `what` failed and why. */
  const run = async <T>(what: string, advice: string, statement: SqlStatement): Promise<T[]> => {
    try {
      return await db.all<T>(statement);
    } catch (error) {
      throw engineError(who, what, advice, error);
    }
  };

  const insert = async (t: PlannedTable, records: readonly object[]) => {
    const rows = columnValues(t, records, dialect);
    if (rows.length === 0) return;
    const values: unknown[] = [];
    const tuples = rows.map((row) => `(${row.map((v, i) => (values.push(v), valueSql(t.columns[i]!.kind, dialect.placeholder(values.length), dialect))).join(', ')})`);
    await run('storing the records', STORE_ADVICE, { text: `INSERT INTO ${qualified(t)} (${t.columns.map((c) => q(c.name)).join(', ')}) VALUES ${tuples.join(', ')}`, values });
  };

  const drop = async () => {
    if (!created) return;
    created = false;
    ready = false;
    for (const t of [...tables].reverse()) await run(`dropping the table ${t.name}`, 'drop it by hand', { text: `${dialect.ddl.dropTemporary} IF EXISTS ${qualified(t)}`, values: [] });
  };

  return {
    tables: tables.map((t) => t.name),
    async load(records) {
      if (!ready) {
        // Marked first: a create that fails half-way still leaves drop() something to drop.
        created = true;
        try {
          // One statement each, through the driver's single-statement call: a column type the
          // caller chose cannot append a statement of its own.
          for (const t of tables) await run(`creating the table ${t.name}`, CREATE_ADVICE, { text: createSql(t, dialect, { primaryKey: t.name === entry.table ? entry.key : undefined, columnType, who }), values: [] });
        } catch (error) {
          // Those made are dropped, so the next load creates them all again and meets the cause again.
          await drop().catch(() => undefined);
          throw error;
        }
        ready = true;
      }
      for (const t of [...tables].reverse()) await run(`emptying the table ${t.name}`, STORE_ADVICE, { text: `DELETE FROM ${qualified(t)}`, values: [] });
      for (const t of tables) await insert(t, records);
    },
    async keysWhere(where) {
      const key = q(entry.key);
      // Thrown as the engine threw it: the registry words it for the backend it checks.
      const rows = await db.all<Record<string, unknown>>({ text: `SELECT ${key} FROM ${q(entry.table)} WHERE ${where.text} ORDER BY ${key}`, values: where.values });
      return rows.map((r) => r[entry.key]);
    },
    drop,
  };
}

const CREATE_ADVICE = 'map the entity to tables this connection may create (not a name the engine keeps for itself, such as sqlite_master), with column types the engine knows';
const STORE_ADVICE = 'leave out of the records what this engine cannot hold (PostgreSQL refuses the character U+0000 in text)';

/**
 * What the engine threw while `who` was doing `what`, as an `invalid_input` that says what to do.
 *
 * @example
 * ```ts
 * engineError('sqlTarget', 'running the filter', 'check the dialect', new Error('near "ILIKE": syntax error')).code; // 'invalid_input'
 * ```
 */
export function engineError(who: string, what: string, advice: string, error: unknown): TqlError {
  if (isTqlError(error)) return error;
  const cause = error instanceof Error ? `${error.name}: ${error.message}` : describeValue(error);
  return inputError(`${who}: the database failed ${what} (${cause.length > 300 ? `${cause.slice(0, 300)}…` : cause}); ${advice}.`);
}

/**
 * The records among `records` that `where` selects, in their order: loaded into temporary tables
 * on `db`, selected, and the tables dropped, whatever happened.
 *
 * @example
 * ```ts
 * await recordsWhere(db, { schema, entity: 'agent', mapping: mapping.agent, key: 'id', who: 'sql:sqlite' }, agents, where); // [{ id: 'agnt_…', … }]
 * ```
 */
export async function recordsWhere(db: AnySqlDatabase, options: TemporaryTablesOptions, records: readonly object[], where: SqlStatement): Promise<object[]> {
  const tables = temporaryTables(db, options);
  try {
    await tables.load(records);
    const selected = new Set((await tables.keysWhere(where)).map(String));
    // Keys are stored as text (the `key` column kind), so they compare as text here.
    return records.filter((r) => selected.has(String((r as Record<string, unknown>)[options.key])));
  } finally {
    await tables.drop();
  }
}
