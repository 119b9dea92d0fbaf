/**
 * Every backend by name, each with how it compiles a validated query, how its output reads as
 * text, and, where it runs in this process, how it runs on records. The CLI, the playground, the
 * docs generator and the tests read this table instead of lists of their own; a backend of your
 * own joins it with {@link BackendRegistry.with} and then runs the contract suite as the built-in
 * ones do ({@link contractRun}).
 */
import { optionError } from '../errors/tql-error.js';
import type { ValidatedQuery } from '../validate/validated-query.js';
import { filterRecords } from './memory/compile-predicate.js';
import { compileMongo } from './mongo/compile-mongo.js';
import type { MongoFilter } from './mongo/filter.js';
import { compileSql, type SqlStatement } from './sql/compile-sql.js';
import { SQL_DIALECTS, type SqlDialectName } from './sql/dialects.js';
import type { SqlMapping } from './sql/mapping.js';
import type { RunContractQuery } from './contract/run-contract.js';
import type { ContractSuite } from './contract/suite.js';

/** What a backend may need besides the query: a SQL backend needs the tables of a mapping. */
export interface BackendContext {
  readonly sqlMapping?: SqlMapping | undefined;
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
   * The records among `records` the compiled query selects, in their order; absent for a
   * backend that runs only in a database (SQL: load the records into one and run the statement).
   */
  readonly run?: (compiled: Compiled, records: readonly object[]) => Promise<readonly object[]>;
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

/** The backend of one SQL dialect: compiles against the context's mapping. */
function sqlBackend(dialect: SqlDialectName): RegisteredBackend<SqlStatement> {
  return {
    name: `sql:${dialect}`,
    title: SQL_DIALECTS[dialect].title,
    compile: (query, { sqlMapping }) => {
      if (sqlMapping === undefined) throw optionError(`The ${SQL_DIALECTS[dialect].title} backend needs a SQL mapping: pass { sqlMapping } in the context.`);
      return compileSql(query, { dialect, mapping: sqlMapping });
    },
    show: (statement) => `${statement.text}\n-- values: ${JSON.stringify(statement.values)}`,
  };
}

const MINGO: string = 'mingo';

const mongo: RegisteredBackend<MongoFilter> = {
  name: 'mongo',
  title: 'MongoDB',
  compile: (query) => compileMongo(query),
  show: (filter) => JSON.stringify(filter),
  run: async (filter, records) => {
    // mingo is an optional peer dependency, loaded on the first run only; named by a variable so
    // that a bundle of the registry (the playground's, which never runs Mongo) does not take it in.
    const mingo = (await import(MINGO).catch(() => undefined)) as typeof import('mingo') | undefined;
    if (mingo === undefined) throw optionError('Running Mongo filters in this process needs mingo: npm install mingo.');
    const query = new mingo.Query(filter as Record<string, unknown>, { scriptEnabled: false });
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
  sql: Object.fromEntries((Object.keys(SQL_DIALECTS) as SqlDialectName[]).map((d) => [d, sqlBackend(d)])) as { readonly [D in SqlDialectName]: RegisteredBackend<SqlStatement> },
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
    const selected = await run(backend.compile(query, context), suite.data[entity]);
    return selected.map((r) => (r as { readonly id: string }).id);
  };
}
