/**
 * TypeORM (0.3 and 1.x): a validated query as a condition for a query builder's `where`,
 * `andWhere` or `orWhere`, over the builder's alias, in the SQL of its DataSource's engine, with
 * every query value a named parameter of the builder; and a tql schema and SQL mapping derived
 * from the DataSource's entities.
 *
 * @module tql/typeorm
 */
import type { DataSource, EntityMetadata, WhereExpressionBuilder } from 'typeorm';
import type { CaseFolding, SqlDialect, SqlDialectName } from '../backends/sql/dialects.js';
import type { SqlMapping } from '../backends/sql/mapping.js';
import { statementPieces } from '../backends/sql/statement-pieces.js';
import { optionError } from '../errors/tql-error.js';
import type { Clock } from '../validate/relative-time.js';
import type { ValidatedQuery } from '../validate/validated-query.js';
import { deriveTypeormEntity, typeormDialect } from './typeorm-schema.js';

export { schemaFromTypeorm, typeormDialect, type TypeormSchema } from './typeorm-schema.js';
export type { DerivationNote } from './schema-derivation.js';

/** Options of {@link tqlWhere}. Every one may be left out: the query builder gives them. */
export interface TypeormWhereOptions {
  /**
   * Where the entity lives. Default: the entity of the builder's alias, as TypeORM maps it (its
   * table, primary key, column names and how its instants are stored), which fits a tql schema
   * whose attributes read the entity's properties (`schemaFromTypeorm` derives one).
   * Collection attributes need a mapping of their tables.
   */
  readonly mapping?: SqlMapping | undefined;
  /**
   * The alias the condition is over: the builder's main alias by default (`createQueryBuilder('t')`),
   * or that of a joined entity (`leftJoin('t.assignee', 'a')`, `{ alias: 'a' }`).
   */
  readonly alias?: string | undefined;
  /**
   * The engine by name, or a dialect object of your own; it wins over the DataSource's driver type
   * (`postgres`; `better-sqlite3` → `sqlite`; `mysql` and `mariadb` → `mysql`; any other is
   * refused with a `TqlError` saying to pass this).
   */
  readonly dialect?: SqlDialectName | SqlDialect | undefined;
  /** See `CompileSqlOptions.caseFolding`. Default `database`. */
  readonly caseFolding?: CaseFolding | undefined;
  /** See `CompileSqlOptions.now`. Default: the real clock. */
  readonly now?: Clock | undefined;
}

/** A condition for `where`, `andWhere` or `orWhere` of a TypeORM query builder, in its brackets too. */
export type TypeormWhere = (qb: WhereExpressionBuilder) => string;

/** An alias of a query builder: its name and, for an entity's, the entity's metadata. */
interface BuilderAlias {
  readonly name: string;
  readonly hasMetadata: boolean;
  readonly metadata: EntityMetadata;
}

/** What tql reads of a query builder (TypeORM 0.3 and 1.x): its DataSource, aliases and parameters. */
interface QueryBuilderLike {
  readonly connection: Pick<DataSource, 'options'>;
  readonly alias: string;
  readonly expressionMap: {
    readonly aliasNamePrefixingEnabled: boolean;
    readonly mainAlias?: BuilderAlias | undefined;
    readonly aliases: readonly BuilderAlias[];
  };
  hasParameter(name: string): boolean;
  setParameter(name: string, value: unknown): unknown;
}

/** The prefix of the parameters tql sets on a query builder: `:tql_0`, `:tql_1`, … */
const PARAMETER_PREFIX = 'tql_';

/**
 * The query's condition for a TypeORM query builder: `qb.andWhere(tqlWhere(query))` (or `where`,
 * `orWhere`, inside `new Brackets(…)`). TypeORM calls it with the builder, from which it reads the
 * SQL engine (the DataSource's driver type), the alias to qualify the columns with, and (without
 * `mapping`) where the entity lives. The SQL is the SQL backend's; every query value becomes a
 * parameter of the builder named `tql_0`, `tql_1`, …, skipping the names the builder or its
 * parents already hold, so leave that prefix to tql. Booleans are written as the literals TRUE /
 * FALSE. Collection attributes are `EXISTS` (or `IN`) subqueries on their tables that refer to
 * the alias. Every failure (an engine tql does not know, a collection without its mapping) is a
 * `TqlError` thrown by the `where` call.
 *
 * @example
 * ```ts
 * import { DataSource, EntitySchema } from 'typeorm';
 *
 * const Ticket = new EntitySchema<{ id: number; subject: string; urgent: boolean }>({
 *   name: 'Ticket',
 *   tableName: 'tickets',
 *   columns: { id: { type: Number, primary: true }, subject: { type: String }, urgent: { type: Boolean } },
 * });
 * const dataSource = await new DataSource({ type: 'better-sqlite3', database: ':memory:', entities: [Ticket], synchronize: true }).initialize();
 * await dataSource.getRepository(Ticket).insert([{ id: 1, subject: 'Printer jam', urgent: true }, { id: 2, subject: 'New laptop', urgent: false }]);
 * const helpdesk = defineSchema(schemaFromTypeorm(dataSource).definition);
 * const q = check('ticket.subject LIKE printer AND ticket.urgent EQ true', helpdesk, 'ticket');
 * const qb = dataSource.getRepository(Ticket).createQueryBuilder('t').where(tqlWhere(q));
 * qb.getQuery(); // → 'SELECT "t"."id" AS "t_id", "t"."subject" AS "t_subject", "t"."urgent" AS "t_urgent" FROM "tickets" "t" WHERE ("t"."subject" LIKE :tql_0 ESCAPE \'\\\' AND "t"."urgent" = TRUE)'
 * (await qb.getMany()).map((t) => t.id); // → [1]
 * await dataSource.destroy();
 * ```
 */
export function tqlWhere(query: ValidatedQuery, options: TypeormWhereOptions = {}): TypeormWhere {
  if (typeof options !== 'object' || options === null) throw optionError('tqlWhere takes the query and options { mapping, alias, dialect, caseFolding, now }, each optional.');
  return (qb) => {
    const builder = queryBuilderOf(qb);
    // Without alias prefixes (a DELETE or UPDATE on some engines) the table goes by its own name.
    if (options.alias !== undefined) aliasOf(builder, options.alias);
    const alias = options.alias ?? (builder.expressionMap.aliasNamePrefixingEnabled ? builder.alias : undefined);
    const pieces = statementPieces(query, {
      dialect: options.dialect ?? typeormDialect(builder.connection),
      mapping: options.mapping ?? builderMapping(query, builder, alias),
      caseFolding: options.caseFolding,
      now: options.now,
      tableAlias: alias,
    });
    let next = 0;
    const parameter = (value: string | number): string => {
      while (builder.hasParameter(`${PARAMETER_PREFIX}${next}`)) next += 1;
      const name = `${PARAMETER_PREFIX}${next}`;
      builder.setParameter(name, value);
      return `:${name}`;
    };
    return pieces.map((piece) => ('sql' in piece ? piece.sql : typeof piece.value === 'boolean' ? (piece.value ? 'TRUE' : 'FALSE') : value(piece.value, parameter))).join('');
  };
}

/**
 * A value as a parameter, but an infinite number as a literal: TypeORM's SQLite drivers write
 * numbers into the text (`String(value)`, which for Infinity is no SQL), and SQLite is the one
 * engine tql bounds a range by infinity on, which it reads as `1e999`.
 */
function value(v: string | number, parameter: (v: string | number) => string): string {
  if (typeof v === 'number' && !Number.isFinite(v) && !Number.isNaN(v)) return v > 0 ? '1e999' : '-1e999';
  return parameter(v);
}

/** The query builder TypeORM passes to a where function; a TqlError for anything else. */
function queryBuilderOf(qb: unknown): QueryBuilderLike {
  const b = qb as Partial<QueryBuilderLike> | null;
  if (typeof b !== 'object' || b === null || typeof b.setParameter !== 'function' || typeof b.hasParameter !== 'function' || b.expressionMap === undefined) {
    throw optionError("tqlWhere's condition is for a TypeORM query builder: pass it to where, andWhere or orWhere, qb.andWhere(tqlWhere(query)).");
  }
  return b as QueryBuilderLike;
}

/** The mapping of the entity behind `alias` as TypeORM maps it, under the query's entity name. */
function builderMapping(query: ValidatedQuery, builder: QueryBuilderLike, alias: string | undefined): SqlMapping {
  const target = aliasOf(builder, alias ?? builder.alias);
  if (!target.hasMetadata) throw optionError(`The alias "${target.name}" of this query builder names no entity: pass tqlWhere the mapping, { mapping }.`);
  const name = query.entity.name;
  return { [name]: deriveTypeormEntity(name, target.metadata).mapping };
}

/** The builder's alias of that name (its main one, or a joined one); a TqlError when it has none. */
function aliasOf(builder: QueryBuilderLike, name: string): BuilderAlias {
  const map = builder.expressionMap;
  const found = map.mainAlias?.name === name ? map.mainAlias : map.aliases.find((a) => a.name === name);
  if (found === undefined) throw optionError(`This query builder has no alias "${name}": name the main one or a joined one, { alias: '${builder.alias}' }.`);
  return found;
}
