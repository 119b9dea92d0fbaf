/**
 * Every backend by name, each with how it compiles a validated query, how its output reads as
 * text, how it runs on records (a SQL backend: on a database it is given) and what it declares it
 * cannot do exactly. The CLI, the playground, the docs generator and the tests read this table
 * instead of lists of their own; a backend of your own, or a SQL dialect of your own
 * ({@link sqlBackend}), joins it with {@link BackendRegistry.with} and then runs the contract
 * suite as the built-in ones do ({@link contractRun}, {@link contractOptions}).
 */
import { inputError, isTqlError, optionError } from '../errors/tql-error.js';
import type { Schema } from '../schema/types.js';
import type { ValidatedQuery } from '../validate/validated-query.js';
import type { ContractOptions, Divergences, RunContractQuery } from './contract/run-contract.js';
import type { BuiltInCapability, ContractCapability, ContractSuite } from './contract/suite.js';
import { loadMingo } from './load-mingo.js';
import { filterRecords } from './memory/compile-predicate.js';
import { compileMongo } from './mongo/compile-mongo.js';
import type { MongoFilter } from './mongo/filter.js';
import { compileSql, type SqlStatement } from './sql/compile-sql.js';
import type { AnySqlDatabase } from './sql/database.js';
import { entityMapping } from './sql/define-mapping.js';
import { resolveDialect, SQL_DIALECTS, type CaseFolding, type SqlDialect, type SqlDialectName } from './sql/dialects.js';
import type { SqlMapping } from './sql/mapping.js';
import { recordsWhere } from './sql/temporary-tables.js';

/**
 * What a backend may need besides the query: a SQL backend compiles against the tables of a
 * mapping, with a case folding, and runs on a database.
 */
export interface BackendContext {
  readonly sqlMapping?: SqlMapping | undefined;
  /** Where a SQL backend runs: a database of its dialect (`sqlDatabase(driver, { dialect })`), one connection. */
  readonly sqlDatabase?: AnySqlDatabase | undefined;
  /** As in `compileSql`; `unicode` on better-sqlite3 needs `registerTqlFunctions(db)`. */
  readonly caseFolding?: CaseFolding | undefined;
}

/** What a backend's run is given: the context, and the schema and entity the records are of. */
export interface BackendRunContext extends BackendContext {
  readonly schema: Schema;
  readonly entity: string;
}

/** A backend as the registry holds it. */
export interface RegisteredBackend<Compiled = unknown> {
  /** The registry's key: `memory`, `sql:postgres`, `mongo`. */
  readonly name: string;
  /** For people: `In memory`, `PostgreSQL`, `MongoDB`. */
  readonly title: string;
  /** Compiles a validated query; throws only `TqlError`s. */
  readonly compile: (query: ValidatedQuery, context: BackendContext) => Compiled;
  /** The compiled form as text, for a terminal, a page or the docs. */
  readonly show: (compiled: Compiled) => string;
  /**
   * The records among `records` (of `context.entity`) the compiled query selects, in their
   * order; absent for a backend that cannot run here. A SQL backend runs on `context.sqlDatabase`;
   * the memory and Mongo backends need no context.
   */
  readonly run?: (compiled: Compiled, records: readonly object[], context?: BackendRunContext) => Promise<readonly object[]>;
  /**
   * What the backend cannot do exactly, declared: the contract reports the cases that need it
   * as skipped with the reason (see {@link contractOptions}); every other case runs.
   */
  readonly divergences?: Divergences;
}

/** A table of backends by name. */
export interface BackendRegistry {
  /** The backends, in the order they were registered. */
  readonly backends: readonly RegisteredBackend[];
  /** The backend of that name; a `TqlError` naming the registered ones for any other. */
  get(name: string): RegisteredBackend;
  /** A registry with `backend` added at the end; a `TqlError` if its name is taken. */
  with<C>(backend: RegisteredBackend<C>): BackendRegistry;
}

/**
 * A registry of `backends`; their names must differ.
 *
 * @example
 * ```ts
 * const registry = backendRegistry([BACKENDS.get('memory')]);
 * registry.backends.map((b) => b.name); // ['memory']
 * ```
 */
export function backendRegistry(backends: readonly RegisteredBackend[]): BackendRegistry {
  const byName = new Map<string, RegisteredBackend>();
  for (const b of backends) {
    if (byName.has(b.name)) throw optionError(`Two backends are named ${JSON.stringify(b.name)}: give each backend a name of its own.`);
    byName.set(b.name, b);
  }
  const list = [...byName.values()];
  return {
    backends: list,
    get: (name) => {
      const found = byName.get(name);
      if (found === undefined) throw optionError(`No backend is named ${JSON.stringify(name)}: use one of ${list.map((b) => b.name).join(', ')}.`);
      return found;
    },
    with: (backend) => backendRegistry([...list, backend as RegisteredBackend]),
  };
}

const memory: RegisteredBackend<ValidatedQuery> = {
  name: 'memory',
  title: 'In memory',
  // The predicate is made where it runs: the query is what the memory backend keeps.
  compile: (query) => query,
  show: (query) => `filterRecords(check(${JSON.stringify(query.text)}, …), records)`,
  run: async (query, records) => filterRecords(query, records),
};

/** The mapping of the context, or an error saying to pass one. */
function mappingOf(dialect: SqlDialect, { sqlMapping }: BackendContext): SqlMapping {
  if (sqlMapping === undefined) throw optionError(`The ${dialect.title} backend needs a SQL mapping: pass { sqlMapping } in the context.`);
  return sqlMapping;
}

/** The database of the context, or an error saying to pass one of the dialect. */
function databaseOf(dialect: SqlDialect, context: BackendContext | undefined): AnySqlDatabase {
  const sqlDatabase = context?.sqlDatabase;
  const pass = `pass { sqlDatabase: sqlDatabase(driver, { dialect }) } in the context, with the ${dialect.name} dialect object`;
  if (sqlDatabase === undefined) throw optionError(`The ${dialect.title} backend runs on a database: ${pass}.`);
  if (sqlDatabase.sqlDialect.name !== dialect.name) throw optionError(`The ${dialect.title} backend runs on a database of its dialect, not of ${sqlDatabase.sqlDialect.name}: ${pass}.`);
  return sqlDatabase;
}

/**
 * The backend of a SQL dialect, built-in or your own, named `sql:<dialect.name>`. It compiles
 * against the context's `sqlMapping` (with its `caseFolding`) and runs on the context's
 * `sqlDatabase`: the records go into temporary tables of the mapping's shape, which only that
 * connection sees and which are dropped after the statement ran. Records hold their id in `id`.
 * What the dialect says of its own folding (`databaseFolding`) is the entry's declared
 * `unicode-case-folding` divergence.
 *
 * @example
 * ```ts
 * import { sqlite } from 'tql/sql';
 * const registry = BACKENDS.with(sqlBackend({ ...sqlite, name: 'my-sqlite', title: 'My SQLite' }));
 * registry.get('sql:my-sqlite').title; // → 'My SQLite'
 * ```
 */
export function sqlBackend(dialect: SqlDialect): RegisteredBackend<SqlStatement> {
  const checked = resolveDialect(dialect);
  const name = `sql:${checked.name}`;
  return {
    name,
    title: checked.title,
    compile: (query, context) => compileSql(query, { dialect: checked, mapping: mappingOf(checked, context), caseFolding: context.caseFolding }),
    show: (statement) => `${statement.text}\n-- values: ${JSON.stringify(statement.values)}`,
    run: async (where, records, context) => {
      const db = databaseOf(checked, context);
      // databaseOf refused a run without a context.
      const { schema, entity } = context!;
      const options = { schema, entity, mapping: entityMapping(mappingOf(checked, context!), entity), key: 'id', who: name };
      try {
        return await recordsWhere(db, options, records, where);
      } catch (error) {
        if (isTqlError(error)) throw error;
        // The engine refused what the dialect wrote (or the driver failed): told as ours.
        throw inputError(`The ${checked.title} backend's statements failed on the database: ${error instanceof Error ? error.message : String(error)}. Check the dialect's hooks against the engine.`);
      }
    },
    ...(checked.databaseFolding === undefined ? {} : { divergences: { 'unicode-case-folding': checked.databaseFolding } }),
  };
}

const mongo: RegisteredBackend<MongoFilter> = {
  name: 'mongo',
  title: 'MongoDB',
  compile: (query) => compileMongo(query),
  show: (filter) => JSON.stringify(filter),
  run: async (filter, records) => {
    const { Query } = await loadMingo('The mongo backend');
    const query = new Query(filter as Record<string, unknown>, { scriptEnabled: false });
    return records.filter((r) => query.test(r as Record<string, unknown>));
  },
};

/**
 * The built-in backends, typed by what each compiles to, for readers that show each one's output
 * in a place of its own (a pane per dialect, a section of the docs).
 *
 * @example
 * ```ts
 * import { check } from 'tql';
 * import { schedulingSchema, schedulingSqlMapping } from 'tql/scheduling';
 * const q = check('agent.url_slug EQ ada', schedulingSchema, 'agent');
 * BUILT_IN_BACKENDS.sql.sqlite.compile(q, { sqlMapping: schedulingSqlMapping }).text; // '"url_slug" = ?'
 * ```
 */
export const BUILT_IN_BACKENDS: {
  readonly memory: RegisteredBackend<ValidatedQuery>;
  readonly sql: { readonly [D in SqlDialectName]: RegisteredBackend<SqlStatement> };
  readonly mongo: RegisteredBackend<MongoFilter>;
} = {
  memory,
  sql: Object.fromEntries(
    (Object.keys(SQL_DIALECTS) as SqlDialectName[]).map((d) => [d, sqlBackend(SQL_DIALECTS[d])]),
  ) as { readonly [D in SqlDialectName]: RegisteredBackend<SqlStatement> },
  mongo,
};

/**
 * The built-in backends as a registry: `memory`, one `sql:<dialect>` per built-in SQL dialect,
 * and `mongo`.
 *
 * @example
 * ```ts
 * BACKENDS.backends.map((b) => b.name); // ['memory', 'sql:postgres', 'sql:sqlite', 'sql:mysql', 'sql:duckdb', 'mongo']
 * ```
 */
export const BACKENDS: BackendRegistry = backendRegistry([
  BUILT_IN_BACKENDS.memory,
  ...Object.values(BUILT_IN_BACKENDS.sql),
  BUILT_IN_BACKENDS.mongo,
] as readonly RegisteredBackend[]);

/**
 * How the contract suite runs on a backend of the registry: compile, then run on the suite's
 * records of the entity; the ids of those selected. Undefined for a backend without `run`.
 * Pass {@link contractOptions} to `runContract` with it, so declared divergences are reported.
 *
 * @example
 * ```ts
 * import { runContract } from 'tql/backend';
 * import { schedulingContract } from 'tql/scheduling';
 * const outcomes = await runContract(schedulingContract, contractRun(BACKENDS.get('memory'), schedulingContract)!);
 * outcomes.every((o) => o.status === 'passed'); // true
 * ```
 */
export function contractRun<E extends string, C>(backend: RegisteredBackend<C>, suite: ContractSuite<E>, context: BackendContext = {}): RunContractQuery<E> | undefined {
  const run = backend.run;
  if (run === undefined) return undefined;
  return async (query, entity) => {
    const selected = await run(backend.compile(query, context), suite.data[entity], { ...context, schema: suite.schema, entity });
    return selected.map((r) => (r as { readonly id: string }).id);
  };
}

/** Whether the context gives a backend a built-in capability it declares it lacks (SQL: `caseFolding: 'unicode'` folds as JavaScript). */
const GRANTED_BY: { readonly [C in BuiltInCapability]: (context: BackendContext) => boolean } = {
  'unicode-case-folding': (context) => context.caseFolding === 'unicode',
  // Nothing in a context gives a LIKE an escape character its data layer does not write.
  'literal-wildcards': () => false,
};

/**
 * The options `runContract` takes for a backend of the registry in `context`: the divergences it
 * declares, but those the context makes up for.
 *
 * @example
 * ```ts
 * contractOptions(BACKENDS.get('sql:sqlite')).divergences; // → { 'unicode-case-folding': "SQLite's LIKE folds ASCII letters only (docs/backends-sql.md, 'Case folding')" }
 * contractOptions(BACKENDS.get('sql:sqlite'), { caseFolding: 'unicode' }).divergences; // → {}
 * ```
 */
export function contractOptions(backend: RegisteredBackend, context: BackendContext = {}): ContractOptions {
  const declared = Object.entries(backend.divergences ?? {}) as [ContractCapability, string][];
  // A capability of the backend's own naming is granted by nothing the registry knows of.
  const granted = (capability: ContractCapability) => Object.hasOwn(GRANTED_BY, capability) && GRANTED_BY[capability as BuiltInCapability](context);
  return { divergences: Object.fromEntries(declared.filter(([capability]) => !granted(capability))) };
}
