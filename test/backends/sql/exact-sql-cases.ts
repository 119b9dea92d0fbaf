/**
 * The exact SQL of every operator on every kind of attribute, in all four dialects side by side:
 * one row per query, the statement (`text` and bound `values`) each dialect compiles it to, or
 * the refusal where an engine cannot compare exactly. `exact-sql.test.ts` compiles every row and
 * runs each statement on the engines that speak its dialect, so no row can pin SQL that does not run.
 *
 * The rules of docs/language.md a group shows are named in its title. ISO-8601 text columns and
 * wall-clock timestamps in a zone with DST compile to statements pages long, which
 * `column-storage.test.ts` pins instead.
 */
import type { CaseFolding, SqlDialectName } from '../../../src/backends/sql/dialects.js';
import type { Scope } from '../../../src/backends/scope.js';
import type { SqlFixtureName } from './exact-sql-fixtures.js';

/** What one dialect makes of a row: a statement, or the error code and message of its refusal. */
export type PinnedSql = { readonly text: string; readonly values: readonly unknown[] } | { readonly refused: string };

/**
 * The dialects whose SQL the rows pin: the built-in ones an engine here runs, listed here rather
 * than read from `SQL_DIALECTS`, so that a dialect added there costs no row. Every dialect,
 * pinned or not, keeps the compile-only contract (`checkDialectContract`, dialect-contract.test.ts).
 */
export const PINNED_DIALECTS = ['postgres', 'sqlite', 'mysql', 'duckdb'] as const satisfies readonly SqlDialectName[];

/** A dialect of {@link PINNED_DIALECTS}. */
export type PinnedDialect = (typeof PINNED_DIALECTS)[number];

/** `name` as a pinned dialect: the dialect of an engine that runs the pinned statements. */
export function pinnedDialect(name: string): PinnedDialect {
  const found = PINNED_DIALECTS.find((d) => d === name);
  if (found === undefined) throw new Error(`The exact-SQL rows pin no SQL of ${name}: list it in PINNED_DIALECTS and pin each row's, or run it by the compile-only contract alone.`);
  return found;
}

/** One row: a query and its SQL in every pinned dialect (a dialect left out does not compile). */
export type ExactSqlCase = { readonly query: string } & { readonly [D in PinnedDialect]: PinnedSql };

/** Rows that share a fixture, an entity and the compile options. */
export interface ExactSqlGroup {
  readonly title: string;
  readonly fixture: SqlFixtureName;
  readonly entity: string;
  readonly scope?: Scope;
  readonly caseFolding?: CaseFolding;
  readonly cases: readonly ExactSqlCase[];
}

const sql = (text: string, ...values: unknown[]): PinnedSql => ({ text, values });
/** `code: message` of the TqlError compiling raises. */
const refused = (error: string): PinnedSql => ({ refused: error });

export const EXACT_SQL: readonly ExactSqlGroup[] = [
  {
    title: 'a String field: = and <>, IN, LIKE folded and escaped; the negations keep NULL (rules 2, 4, 5)',
    fixture: 'scheduling',
    entity: 'agent',
    cases: [
      {
        query: 'agent.name EQ Ada',
        postgres: sql('"name" = $1', 'Ada'),
        sqlite: sql('"name" = ?', 'Ada'),
        mysql: sql('`name` = CAST(? AS BINARY)', 'Ada'),
        duckdb: sql('"name" = $1', 'Ada'),
      },
      {
        query: 'agent.name NOT_EQ Ada',
        postgres: sql('("name" IS NULL OR "name" <> $1)', 'Ada'),
        sqlite: sql('"name" IS NOT ?', 'Ada'),
        mysql: sql('(`name` IS NULL OR `name` <> CAST(? AS BINARY))', 'Ada'),
        duckdb: sql('("name" IS NULL OR "name" <> $1)', 'Ada'),
      },
      {
        query: 'agent.role IN User,Administrator',
        postgres: sql('"role" IN ($1, $2)', 'User', 'Administrator'),
        sqlite: sql('"role" IN (?, ?)', 'User', 'Administrator'),
        mysql: sql('`role` IN (CAST(? AS BINARY), CAST(? AS BINARY))', 'User', 'Administrator'),
        duckdb: sql('"role" IN ($1, $2)', 'User', 'Administrator'),
      },
      {
        query: 'agent.role NOT_IN User',
        postgres: sql('("role" IS NULL OR "role" NOT IN ($1))', 'User'),
        sqlite: sql('("role" IS NULL OR "role" NOT IN (?))', 'User'),
        mysql: sql('(`role` IS NULL OR `role` NOT IN (CAST(? AS BINARY)))', 'User'),
        duckdb: sql('("role" IS NULL OR "role" NOT IN ($1))', 'User'),
      },
      {
        query: 'agent.name LIKE Ada',
        postgres: sql(`lower("name") LIKE $1 ESCAPE E'\\\\'`, '%ada%'),
        sqlite: sql(`"name" LIKE ? ESCAPE '\\'`, '%ada%'),
        mysql: sql('LOWER(`name`) COLLATE utf8mb4_bin LIKE ? ESCAPE \'!\'', '%ada%'),
        duckdb: sql(`lower("name") LIKE $1 ESCAPE '\\'`, '%ada%'),
      },
      {
        query: 'agent.name LIKE "50%_\\\\ ZOË"',
        postgres: sql(`lower("name") LIKE $1 ESCAPE E'\\\\'`, '%50\\%\\_\\\\ zoë%'),
        sqlite: sql(`"name" LIKE ? ESCAPE '\\'`, '%50\\%\\_\\\\ zoë%'),
        mysql: sql('LOWER(`name`) COLLATE utf8mb4_bin LIKE ? ESCAPE \'!\'', '%50!%!_\\ zoë%'),
        duckdb: sql(`lower("name") LIKE $1 ESCAPE '\\'`, '%50\\%\\_\\\\ zoë%'),
      },
      {
        query: 'agent.name NOT_LIKE ada',
        postgres: sql(`("name" IS NULL OR lower("name") NOT LIKE $1 ESCAPE E'\\\\')`, '%ada%'),
        sqlite: sql(`("name" IS NULL OR "name" NOT LIKE ? ESCAPE '\\')`, '%ada%'),
        mysql: sql('(`name` IS NULL OR LOWER(`name`) COLLATE utf8mb4_bin NOT LIKE ? ESCAPE \'!\')', '%ada%'),
        duckdb: sql(`("name" IS NULL OR lower("name") NOT LIKE $1 ESCAPE '\\')`, '%ada%'),
      },
    ],
  },
  {
    title: 'a nullable String: null is IS NULL, the text null a value (rule 3)',
    fixture: 'scheduling',
    entity: 'agent',
    cases: [
      {
        query: 'agent.url_slug EQ null',
        postgres: sql('"url_slug" IS NULL'),
        sqlite: sql('"url_slug" IS NULL'),
        mysql: sql('`url_slug` IS NULL'),
        duckdb: sql('"url_slug" IS NULL'),
      },
      {
        query: 'agent.url_slug NOT_EQ null',
        postgres: sql('"url_slug" IS NOT NULL'),
        sqlite: sql('"url_slug" IS NOT NULL'),
        mysql: sql('`url_slug` IS NOT NULL'),
        duckdb: sql('"url_slug" IS NOT NULL'),
      },
      {
        query: 'agent.url_slug EQ "null"',
        postgres: sql('"url_slug" = $1', 'null'),
        sqlite: sql('"url_slug" = ?', 'null'),
        mysql: sql('`url_slug` = CAST(? AS BINARY)', 'null'),
        duckdb: sql('"url_slug" = $1', 'null'),
      },
      {
        query: 'agent.url_slug NOT_EQ ada',
        postgres: sql('("url_slug" IS NULL OR "url_slug" <> $1)', 'ada'),
        sqlite: sql('"url_slug" IS NOT ?', 'ada'),
        mysql: sql('(`url_slug` IS NULL OR `url_slug` <> CAST(? AS BINARY))', 'ada'),
        duckdb: sql('("url_slug" IS NULL OR "url_slug" <> $1)', 'ada'),
      },
      {
        query: 'agent.url_slug NOT_IN ada,bob',
        postgres: sql('("url_slug" IS NULL OR "url_slug" NOT IN ($1, $2))', 'ada', 'bob'),
        sqlite: sql('("url_slug" IS NULL OR "url_slug" NOT IN (?, ?))', 'ada', 'bob'),
        mysql: sql('(`url_slug` IS NULL OR `url_slug` NOT IN (CAST(? AS BINARY), CAST(? AS BINARY)))', 'ada', 'bob'),
        duckdb: sql('("url_slug" IS NULL OR "url_slug" NOT IN ($1, $2))', 'ada', 'bob'),
      },
    ],
  },
  {
    title: 'a closed set: the same comparisons, LIKE free text',
    fixture: 'scheduling',
    entity: 'scheduling_request',
    cases: [
      {
        query: 'scheduling_request.status EQ scheduled',
        postgres: sql('"status" = $1', 'scheduled'),
        sqlite: sql('"status" = ?', 'scheduled'),
        mysql: sql('`status` = CAST(? AS BINARY)', 'scheduled'),
        duckdb: sql('"status" = $1', 'scheduled'),
      },
      {
        query: 'scheduling_request.status NOT_IN new,sent',
        postgres: sql('("status" IS NULL OR "status" NOT IN ($1, $2))', 'new', 'sent'),
        sqlite: sql('("status" IS NULL OR "status" NOT IN (?, ?))', 'new', 'sent'),
        mysql: sql('(`status` IS NULL OR `status` NOT IN (CAST(? AS BINARY), CAST(? AS BINARY)))', 'new', 'sent'),
        duckdb: sql('("status" IS NULL OR "status" NOT IN ($1, $2))', 'new', 'sent'),
      },
      {
        // Four texts or more: SQLite binds them as one JSON array, which it seeks faster.
        query: 'scheduling_request.status IN new,sent,scheduled,closed',
        postgres: sql('"status" IN ($1, $2, $3, $4)', 'new', 'sent', 'scheduled', 'closed'),
        sqlite: sql('"status" IN (SELECT value FROM json_each(?))', '["new","sent","scheduled","closed"]'),
        mysql: sql('`status` IN (CAST(? AS BINARY), CAST(? AS BINARY), CAST(? AS BINARY), CAST(? AS BINARY))', 'new', 'sent', 'scheduled', 'closed'),
        duckdb: sql('"status" IN ($1, $2, $3, $4)', 'new', 'sent', 'scheduled', 'closed'),
      },
      {
        query: 'scheduling_request.status NOT_IN new,sent,scheduled,closed',
        postgres: sql('("status" IS NULL OR "status" NOT IN ($1, $2, $3, $4))', 'new', 'sent', 'scheduled', 'closed'),
        sqlite: sql('("status" IS NULL OR "status" NOT IN (SELECT value FROM json_each(?)))', '["new","sent","scheduled","closed"]'),
        mysql: sql('(`status` IS NULL OR `status` NOT IN (CAST(? AS BINARY), CAST(? AS BINARY), CAST(? AS BINARY), CAST(? AS BINARY)))', 'new', 'sent', 'scheduled', 'closed'),
        duckdb: sql('("status" IS NULL OR "status" NOT IN ($1, $2, $3, $4))', 'new', 'sent', 'scheduled', 'closed'),
      },
      {
        query: 'scheduling_request.status LIKE SCHED',
        postgres: sql(`lower("status") LIKE $1 ESCAPE E'\\\\'`, '%sched%'),
        sqlite: sql(`"status" LIKE ? ESCAPE '\\'`, '%sched%'),
        mysql: sql('LOWER(`status`) COLLATE utf8mb4_bin LIKE ? ESCAPE \'!\'', '%sched%'),
        duckdb: sql(`lower("status") LIKE $1 ESCAPE '\\'`, '%sched%'),
      },
    ],
  },
  {
    title: 'a Boolean: bound as each driver takes it',
    fixture: 'scheduling',
    entity: 'agent',
    cases: [
      {
        query: 'agent.schedulable EQ true',
        postgres: sql('"schedulable" = $1', true),
        sqlite: sql('"schedulable" = ?', 1),
        mysql: sql('`schedulable` = ?', 1),
        duckdb: sql('"schedulable" = $1', true),
      },
      {
        query: 'agent.two_factor_enabled NOT_EQ false',
        postgres: sql('("two_factor_enabled" IS NULL OR "two_factor_enabled" <> $1)', false),
        sqlite: sql('"two_factor_enabled" IS NOT ?', 0),
        mysql: sql('(`two_factor_enabled` IS NULL OR `two_factor_enabled` <> ?)', 0),
        duckdb: sql('("two_factor_enabled" IS NULL OR "two_factor_enabled" <> $1)', false),
      },
    ],
  },
  {
    title: 'a Timestamp in whole seconds, in integer columns (integers: true): a range of seconds (rule 6)',
    fixture: 'scheduling',
    entity: 'agent',
    cases: [
      {
        query: 'agent.created_at EQ 2023-07-01T09:30:00Z',
        postgres: sql('("created_at" >= $1::bigint AND "created_at" < $2::bigint)', 1688203800, 1688203801),
        sqlite: sql('("created_at" >= ? AND "created_at" < ?)', 1688203800, 1688203801),
        mysql: sql('(`created_at` >= ? AND `created_at` < ?)', 1688203800, 1688203801),
        duckdb: sql('("created_at" >= CAST($1 AS BIGINT) AND "created_at" < CAST($2 AS BIGINT))', 1688203800, 1688203801),
      },
      {
        query: 'agent.created_at NOT_EQ 1688169600',
        postgres: sql('("created_at" IS NULL OR "created_at" < $1::bigint OR "created_at" >= $2::bigint)', 1688169600, 1688169601),
        sqlite: sql('("created_at" IS NULL OR "created_at" < ? OR "created_at" >= ?)', 1688169600, 1688169601),
        mysql: sql('(`created_at` IS NULL OR `created_at` < ? OR `created_at` >= ?)', 1688169600, 1688169601),
        duckdb: sql('("created_at" IS NULL OR "created_at" < CAST($1 AS BIGINT) OR "created_at" >= CAST($2 AS BIGINT))', 1688169600, 1688169601),
      },
      {
        query: 'agent.created_at LT 1700000000',
        postgres: sql('("created_at" < $1::bigint)', 1700000000),
        sqlite: sql('("created_at" >= ? AND "created_at" < ?)', -Number.MAX_VALUE, 1700000000),
        mysql: sql('(`created_at` < ?)', 1700000000),
        duckdb: sql('("created_at" < CAST($1 AS BIGINT))', 1700000000),
      },
      {
        query: 'agent.created_at LTE 2023-07-01',
        postgres: sql('("created_at" < $1::bigint)', 1688169601),
        sqlite: sql('("created_at" >= ? AND "created_at" < ?)', -Number.MAX_VALUE, 1688169601),
        mysql: sql('(`created_at` < ?)', 1688169601),
        duckdb: sql('("created_at" < CAST($1 AS BIGINT))', 1688169601),
      },
      {
        query: 'agent.created_at GT 2023-07-01T12:00Z',
        postgres: sql('("created_at" >= $1::bigint)', 1688212801),
        sqlite: sql('("created_at" >= ? AND "created_at" < ?)', 1688212801, Infinity),
        mysql: sql('(`created_at` >= ?)', 1688212801),
        duckdb: sql('("created_at" >= CAST($1 AS BIGINT))', 1688212801),
      },
      {
        query: 'agent.created_at GTE 0',
        postgres: sql('("created_at" >= $1::bigint)', 0),
        sqlite: sql('("created_at" >= ? AND "created_at" < ?)', 0, Infinity),
        mysql: sql('(`created_at` >= ?)', 0),
        duckdb: sql('("created_at" >= CAST($1 AS BIGINT))', 0),
      },
    ],
  },
  {
    title: 'a nullable Timestamp',
    fixture: 'scheduling',
    entity: 'scheduling_request',
    cases: [
      {
        query: 'scheduling_request.scheduled_at EQ null',
        postgres: sql('("scheduled_at" IS NULL)'),
        sqlite: sql('("scheduled_at" IS NULL OR "scheduled_at" < ? OR "scheduled_at" >= ?)', -Number.MAX_VALUE, Infinity),
        mysql: sql('(`scheduled_at` IS NULL)'),
        duckdb: sql('("scheduled_at" IS NULL)'),
      },
      {
        query: 'scheduling_request.selected_start_time NOT_EQ null',
        postgres: sql('("selected_start_time" IS NOT NULL)'),
        sqlite: sql('("selected_start_time" >= ? AND "selected_start_time" < ?)', -Number.MAX_VALUE, Infinity),
        mysql: sql('(`selected_start_time` IS NOT NULL)'),
        duckdb: sql('("selected_start_time" IS NOT NULL)'),
      },
    ],
  },
  {
    title: `Timestamp storages: milliseconds, seconds in a float column, the engines' timestamp types (rule 6)`,
    fixture: 'event',
    entity: 'event',
    cases: [
      {
        // Not declared integers: an open side keeps out NaN and ±infinity (x - x = 0), as
        // SQLite's finite bounds do; the scheduling tables' integer columns need neither.
        query: 'event.seconds_at GT 2024-05-01',
        postgres: sql('("seconds_at" >= $1::bigint AND "seconds_at" - "seconds_at" = 0)', 1714521601),
        sqlite: sql('("seconds_at" >= ? AND "seconds_at" < ?)', 1714521601, Infinity),
        mysql: sql('(`seconds_at` >= ?)', 1714521601),
        duckdb: sql('("seconds_at" >= CAST($1 AS BIGINT) AND "seconds_at" - "seconds_at" = 0)', 1714521601),
      },
      {
        query: 'event.seconds_at NOT_EQ null',
        postgres: sql('("seconds_at" - "seconds_at" = 0)'),
        sqlite: sql('("seconds_at" >= ? AND "seconds_at" < ?)', -Number.MAX_VALUE, Infinity),
        mysql: sql('(`seconds_at` IS NOT NULL)'),
        duckdb: sql('("seconds_at" - "seconds_at" = 0)'),
      },
      {
        query: 'event.millis_at GTE 2024-05-01',
        postgres: sql('("millis_at" >= $1::bigint AND "millis_at" < $2::bigint)', 1714521600000, 8640000000000001),
        sqlite: sql('("millis_at" >= ? AND "millis_at" < ?)', 1714521600000, 8640000000000001),
        mysql: sql('(`millis_at` >= ? AND `millis_at` < ?)', 1714521600000, 8640000000000001),
        duckdb: sql('("millis_at" >= CAST($1 AS BIGINT) AND "millis_at" < CAST($2 AS BIGINT))', 1714521600000, 8640000000000001),
      },
      {
        query: 'event.millis_at NOT_EQ 2024-05-01T09:30:00Z',
        postgres: sql('("millis_at" IS NULL OR "millis_at" < $1::bigint OR "millis_at" >= $2::bigint)', 1714555800000, 1714555801000),
        sqlite: sql('("millis_at" IS NULL OR "millis_at" < ? OR "millis_at" >= ?)', 1714555800000, 1714555801000),
        mysql: sql('(`millis_at` IS NULL OR `millis_at` < ? OR `millis_at` >= ?)', 1714555800000, 1714555801000),
        duckdb: sql('("millis_at" IS NULL OR "millis_at" < CAST($1 AS BIGINT) OR "millis_at" >= CAST($2 AS BIGINT))', 1714555800000, 1714555801000),
      },
      {
        query: 'event.instant_at LT 2024-05-01',
        postgres: sql('("instant_at" >= to_timestamp($1) AND "instant_at" < to_timestamp($2))', -210866803200, 1714521600),
        sqlite: refused('unsupported: event.instant_at cannot be compared on sqlite: SQLite has no timestamp with time zone type: store the instant as iso_text or unix_seconds.'),
        mysql: sql('(`instant_at` >= FROM_UNIXTIME(?) AND `instant_at` <= FROM_UNIXTIME(?) AND UNIX_TIMESTAMP(`instant_at`) >= ? AND UNIX_TIMESTAMP(`instant_at`) < ?)', 0, 1714608000, 1, 1714521600),
        duckdb: sql('("instant_at" >= to_timestamp(CAST($1 AS DOUBLE)) AND "instant_at" < to_timestamp(CAST($2 AS DOUBLE)))', -8640000000000, 1714521600),
      },
      {
        query: 'event.instant_at EQ null',
        postgres: sql('("instant_at" IS NULL OR "instant_at" < to_timestamp($1) OR "instant_at" >= to_timestamp($2))', -210866803200, 8640000000001),
        sqlite: refused('unsupported: event.instant_at cannot be compared on sqlite: SQLite has no timestamp with time zone type: store the instant as iso_text or unix_seconds.'),
        mysql: sql('NOT COALESCE((`instant_at` >= FROM_UNIXTIME(?) AND `instant_at` <= FROM_UNIXTIME(?) AND UNIX_TIMESTAMP(`instant_at`) >= ? AND UNIX_TIMESTAMP(`instant_at`) < ?), FALSE)', 0, 2147483647.999999, 1, 2147483648),
        duckdb: sql('("instant_at" IS NULL OR "instant_at" < to_timestamp(CAST($1 AS DOUBLE)) OR "instant_at" >= to_timestamp(CAST($2 AS DOUBLE)))', -8640000000000, 8640000000001),
      },
      {
        query: 'event.wall_at GT 2024-10-27',
        postgres: sql(`("wall_at" >= (to_timestamp($1) AT TIME ZONE 'UTC') AND "wall_at" < (to_timestamp($2) AT TIME ZONE 'UTC'))`, 1729987201, 8640000000001),
        sqlite: refused('unsupported: event.wall_at cannot be compared on sqlite: SQLite has no timestamp type: store the instant as iso_text or unix_seconds.'),
        mysql: sql('(`wall_at` > ? AND `wall_at` <= ? AND MONTH(`wall_at`) <> 0 AND DAYOFMONTH(`wall_at`) <> 0)', '2024-10-27 00:00:00.999999', '9999-12-31 23:59:59.999999'),
        duckdb: sql('("wall_at" >= make_timestamp(CAST($1 AS BIGINT) * 1000000) AND "wall_at" < make_timestamp(CAST($2 AS BIGINT) * 1000000))', 1729987201, 8640000000001),
      },
      {
        query: 'event.wall_at EQ 2024-05-01T09:30:00Z',
        postgres: sql(`("wall_at" >= (to_timestamp($1) AT TIME ZONE 'UTC') AND "wall_at" < (to_timestamp($2) AT TIME ZONE 'UTC'))`, 1714555800, 1714555801),
        sqlite: refused('unsupported: event.wall_at cannot be compared on sqlite: SQLite has no timestamp type: store the instant as iso_text or unix_seconds.'),
        mysql: sql('(`wall_at` > ? AND `wall_at` <= ? AND MONTH(`wall_at`) <> 0 AND DAYOFMONTH(`wall_at`) <> 0)', '2024-05-01 09:29:59.999999', '2024-05-01 09:30:00.999999'),
        duckdb: sql('("wall_at" >= make_timestamp(CAST($1 AS BIGINT) * 1000000) AND "wall_at" < make_timestamp(CAST($2 AS BIGINT) * 1000000))', 1714555800, 1714555801),
      },
    ],
  },
  {
    // Each comparison of the range is true or false on any value of the column, so NOT of their
    // AND is the column's NULL or a failed comparison: terms an index on the column serves, where
    // NOT COALESCE(range, FALSE) hides the column. A text or blob in SQLite's column sorts above
    // Infinity, so EQ null matches it, as it matches NaN and ±infinity in PostgreSQL's and DuckDB's.
    title: 'the complement of a Timestamp range: NULL or a failed bound, which an index on the column serves (rules 6, 9)',
    fixture: 'event',
    entity: 'event',
    cases: [
      {
        query: 'event.seconds_at EQ null',
        postgres: sql('("seconds_at" IS NULL OR "seconds_at" - "seconds_at" <> 0)'),
        sqlite: sql('("seconds_at" IS NULL OR "seconds_at" < ? OR "seconds_at" >= ?)', -Number.MAX_VALUE, Infinity),
        mysql: sql('(`seconds_at` IS NULL)'),
        duckdb: sql('("seconds_at" IS NULL OR "seconds_at" - "seconds_at" <> 0)'),
      },
      {
        query: 'event.seconds_at NOT_EQ 2024-05-01T09:30:00Z',
        postgres: sql('("seconds_at" IS NULL OR "seconds_at" < $1::bigint OR "seconds_at" >= $2::bigint)', 1714555800, 1714555801),
        sqlite: sql('("seconds_at" IS NULL OR "seconds_at" < ? OR "seconds_at" >= ?)', 1714555800, 1714555801),
        mysql: sql('(`seconds_at` IS NULL OR `seconds_at` < ? OR `seconds_at` >= ?)', 1714555800, 1714555801),
        duckdb: sql('("seconds_at" IS NULL OR "seconds_at" < CAST($1 AS BIGINT) OR "seconds_at" >= CAST($2 AS BIGINT))', 1714555800, 1714555801),
      },
      {
        query: 'event.millis_at EQ null',
        postgres: sql('("millis_at" IS NULL OR "millis_at" < $1::bigint OR "millis_at" >= $2::bigint)', -8640000000000000, 8640000000000001),
        sqlite: sql('("millis_at" IS NULL OR "millis_at" < ? OR "millis_at" >= ?)', -8640000000000000, 8640000000000001),
        mysql: sql('(`millis_at` IS NULL OR `millis_at` < ? OR `millis_at` >= ?)', -8640000000000000, 8640000000000001),
        duckdb: sql('("millis_at" IS NULL OR "millis_at" < CAST($1 AS BIGINT) OR "millis_at" >= CAST($2 AS BIGINT))', -8640000000000000, 8640000000000001),
      },
      {
        // MySQL's TIMESTAMP reads through UNIX_TIMESTAMP, not a comparison of the column alone: its complement stays NOT COALESCE.
        query: 'event.instant_at NOT_EQ 2024-05-01T09:30:00Z',
        postgres: sql('("instant_at" IS NULL OR "instant_at" < to_timestamp($1) OR "instant_at" >= to_timestamp($2))', 1714555800, 1714555801),
        sqlite: refused('unsupported: event.instant_at cannot be compared on sqlite: SQLite has no timestamp with time zone type: store the instant as iso_text or unix_seconds.'),
        mysql: sql('NOT COALESCE((`instant_at` >= FROM_UNIXTIME(?) AND `instant_at` <= FROM_UNIXTIME(?) AND UNIX_TIMESTAMP(`instant_at`) >= ? AND UNIX_TIMESTAMP(`instant_at`) < ?), FALSE)', 1714469400, 1714642201, 1714555800, 1714555801),
        duckdb: sql('("instant_at" IS NULL OR "instant_at" < to_timestamp(CAST($1 AS DOUBLE)) OR "instant_at" >= to_timestamp(CAST($2 AS DOUBLE)))', 1714555800, 1714555801),
      },
      {
        // A wall-clock column in UTC: a range on the column, the same complement; MySQL's DATETIME also tests its month and day.
        query: 'event.wall_at EQ null',
        postgres: sql(`("wall_at" IS NULL OR "wall_at" < (to_timestamp($1) AT TIME ZONE 'UTC') OR "wall_at" >= (to_timestamp($2) AT TIME ZONE 'UTC'))`, -210866803200, 8640000000001),
        sqlite: refused('unsupported: event.wall_at cannot be compared on sqlite: SQLite has no timestamp type: store the instant as iso_text or unix_seconds.'),
        mysql: sql('NOT COALESCE((`wall_at` > ? AND `wall_at` <= ? AND MONTH(`wall_at`) <> 0 AND DAYOFMONTH(`wall_at`) <> 0), FALSE)', '0000-12-31 23:59:59.999999', '9999-12-31 23:59:59.999999'),
        duckdb: sql('("wall_at" IS NULL OR "wall_at" < make_timestamp(CAST($1 AS BIGINT) * 1000000) OR "wall_at" >= make_timestamp(CAST($2 AS BIGINT) * 1000000))', -8640000000000, 8640000000001),
      },
    ],
  },
  {
    title: `uuid ids: a text column compared lower-cased, the engine's uuid type as it is`,
    fixture: 'event',
    entity: 'event',
    cases: [
      {
        query: 'event.owner_id EQ 0B5C2A8E-4F1D-4C3B-9A7E-2D6F8E1C4B3A',
        postgres: sql('lower("owner_id") = $1', '0b5c2a8e-4f1d-4c3b-9a7e-2d6f8e1c4b3a'),
        sqlite: sql('lower("owner_id") = ?', '0b5c2a8e-4f1d-4c3b-9a7e-2d6f8e1c4b3a'),
        mysql: sql('LOWER(`owner_id`) = CAST(? AS BINARY)', '0b5c2a8e-4f1d-4c3b-9a7e-2d6f8e1c4b3a'),
        duckdb: sql('lower("owner_id") = $1', '0b5c2a8e-4f1d-4c3b-9a7e-2d6f8e1c4b3a'),
      },
      {
        query: 'event.owner_id NOT_EQ 0b5c2a8e-4f1d-4c3b-9a7e-2d6f8e1c4b3a',
        postgres: sql('("owner_id" IS NULL OR lower("owner_id") <> $1)', '0b5c2a8e-4f1d-4c3b-9a7e-2d6f8e1c4b3a'),
        sqlite: sql('lower("owner_id") IS NOT ?', '0b5c2a8e-4f1d-4c3b-9a7e-2d6f8e1c4b3a'),
        mysql: sql('(`owner_id` IS NULL OR LOWER(`owner_id`) <> CAST(? AS BINARY))', '0b5c2a8e-4f1d-4c3b-9a7e-2d6f8e1c4b3a'),
        duckdb: sql('("owner_id" IS NULL OR lower("owner_id") <> $1)', '0b5c2a8e-4f1d-4c3b-9a7e-2d6f8e1c4b3a'),
      },
      {
        query: 'event.device_id EQ 0B5C2A8E-4F1D-4C3B-9A7E-2D6F8E1C4B3A',
        postgres: sql('"device_id" = $1', '0b5c2a8e-4f1d-4c3b-9a7e-2d6f8e1c4b3a'),
        sqlite: sql('"device_id" = ?', '0b5c2a8e-4f1d-4c3b-9a7e-2d6f8e1c4b3a'),
        mysql: sql('`device_id` = ?', '0b5c2a8e-4f1d-4c3b-9a7e-2d6f8e1c4b3a'),
        duckdb: sql('"device_id" = $1', '0b5c2a8e-4f1d-4c3b-9a7e-2d6f8e1c4b3a'),
      },
      {
        query: 'event.device_id NOT_EQ 0b5c2a8e-4f1d-4c3b-9a7e-2d6f8e1c4b3a',
        postgres: sql('("device_id" IS NULL OR "device_id" <> $1)', '0b5c2a8e-4f1d-4c3b-9a7e-2d6f8e1c4b3a'),
        sqlite: sql('"device_id" IS NOT ?', '0b5c2a8e-4f1d-4c3b-9a7e-2d6f8e1c4b3a'),
        mysql: sql('(`device_id` IS NULL OR `device_id` <> ?)', '0b5c2a8e-4f1d-4c3b-9a7e-2d6f8e1c4b3a'),
        duckdb: sql('("device_id" IS NULL OR "device_id" <> $1)', '0b5c2a8e-4f1d-4c3b-9a7e-2d6f8e1c4b3a'),
      },
    ],
  },
  {
    title: 'a Number: compared as doubles (rule 6)',
    fixture: 'shop',
    entity: 'product',
    cases: [
      {
        query: 'product.price EQ 1.5',
        postgres: sql('"price" = $1', 1.5),
        sqlite: sql('"price" = ?', 1.5),
        mysql: sql('`price` = ?', 1.5),
        duckdb: sql('"price" = $1', 1.5),
      },
      {
        query: 'product.price NOT_EQ 0',
        postgres: sql('("price" IS NULL OR "price" <> $1)', 0),
        sqlite: sql('"price" IS NOT ?', 0),
        mysql: sql('(`price` IS NULL OR `price` <> ?)', 0),
        duckdb: sql('("price" IS NULL OR "price" <> $1)', 0),
      },
      {
        query: 'product.price LT 1e3',
        postgres: sql('"price" < $1', 1000),
        sqlite: sql('"price" < ?', 1000),
        mysql: sql('`price` < ?', 1000),
        duckdb: sql('"price" < $1', 1000),
      },
      {
        query: 'product.price LTE -0',
        postgres: sql('"price" <= $1', 0),
        sqlite: sql('"price" <= ?', 0),
        mysql: sql('`price` <= ?', 0),
        duckdb: sql('"price" <= $1', 0),
      },
      {
        query: 'product.price GT 9.99',
        postgres: sql('"price" > $1', 9.99),
        sqlite: sql('"price" > ?', 9.99),
        mysql: sql('`price` > ?', 9.99),
        duckdb: sql('"price" > $1', 9.99),
      },
      {
        query: 'product.price GTE 2.5e3',
        postgres: sql('"price" >= $1', 2500),
        sqlite: sql('"price" >= ?', 2500),
        mysql: sql('`price` >= ?', 2500),
        duckdb: sql('"price" >= $1', 2500),
      },
      {
        query: 'product.price IN 0, -1.5, 2.5e3',
        postgres: sql('"price" IN ($1, $2, $3)', 0, -1.5, 2500),
        sqlite: sql('"price" IN (?, ?, ?)', 0, -1.5, 2500),
        mysql: sql('`price` IN (?, ?, ?)', 0, -1.5, 2500),
        duckdb: sql('"price" IN ($1, $2, $3)', 0, -1.5, 2500),
      },
      {
        // Numbers keep a placeholder each, however many: a JSON number past 2^53 reads back as
        // another integer than the double bound.
        query: 'product.price IN 0, -1.5, 2.5e3, 9.99',
        postgres: sql('"price" IN ($1, $2, $3, $4)', 0, -1.5, 2500, 9.99),
        sqlite: sql('"price" IN (?, ?, ?, ?)', 0, -1.5, 2500, 9.99),
        mysql: sql('`price` IN (?, ?, ?, ?)', 0, -1.5, 2500, 9.99),
        duckdb: sql('"price" IN ($1, $2, $3, $4)', 0, -1.5, 2500, 9.99),
      },
      {
        query: 'product.price NOT_IN 1',
        postgres: sql('("price" IS NULL OR "price" NOT IN ($1))', 1),
        sqlite: sql('("price" IS NULL OR "price" NOT IN (?))', 1),
        mysql: sql('(`price` IS NULL OR `price` NOT IN (?))', 1),
        duckdb: sql('("price" IS NULL OR "price" NOT IN ($1))', 1),
      },
      {
        query: 'product.weight EQ null',
        postgres: sql('"weight" IS NULL'),
        sqlite: sql('"weight" IS NULL'),
        mysql: sql('`weight` IS NULL'),
        duckdb: sql('"weight" IS NULL'),
      },
      {
        query: 'product.weight NOT_EQ 2',
        postgres: sql('("weight" IS NULL OR "weight" <> $1)', 2),
        sqlite: sql('"weight" IS NOT ?', 2),
        mysql: sql('(`weight` IS NULL OR `weight` <> ?)', 2),
        duckdb: sql('("weight" IS NULL OR "weight" <> $1)', 2),
      },
    ],
  },
  {
    title: 'a variant: CASE over the tag, NULL for other tags (rule 8)',
    fixture: 'scheduling',
    entity: 'resource',
    cases: [
      {
        query: 'resource.internal_name EQ "Blue Team"',
        postgres: sql(`CASE "object" WHEN 'agent' THEN "name" WHEN 'team' THEN "internal_name" END = $1`, 'Blue Team'),
        sqlite: sql(`CASE "object" WHEN 'agent' THEN "name" WHEN 'team' THEN "internal_name" END = ?`, 'Blue Team'),
        mysql: sql('CASE `object` WHEN CAST(\'agent\' AS BINARY) THEN `name` WHEN CAST(\'team\' AS BINARY) THEN `internal_name` END = CAST(? AS BINARY)', 'Blue Team'),
        duckdb: sql(`CASE "object" WHEN 'agent' THEN "name" WHEN 'team' THEN "internal_name" END = $1`, 'Blue Team'),
      },
      {
        query: 'resource.external_name EQ null',
        postgres: sql(`CASE "object" WHEN 'agent' THEN "name" WHEN 'team' THEN "external_name" END IS NULL`),
        sqlite: sql(`CASE "object" WHEN 'agent' THEN "name" WHEN 'team' THEN "external_name" END IS NULL`),
        mysql: sql('CASE `object` WHEN CAST(\'agent\' AS BINARY) THEN `name` WHEN CAST(\'team\' AS BINARY) THEN `external_name` END IS NULL'),
        duckdb: sql(`CASE "object" WHEN 'agent' THEN "name" WHEN 'team' THEN "external_name" END IS NULL`),
      },
      {
        query: 'resource.internal_name NOT_LIKE ops',
        postgres: sql(`(CASE "object" WHEN 'agent' THEN "name" WHEN 'team' THEN "internal_name" END IS NULL OR lower(CASE "object" WHEN 'agent' THEN "name" WHEN 'team' THEN "internal_name" END) NOT LIKE $1 ESCAPE E'\\\\')`, '%ops%'),
        sqlite: sql(`(CASE "object" WHEN 'agent' THEN "name" WHEN 'team' THEN "internal_name" END IS NULL OR CASE "object" WHEN 'agent' THEN "name" WHEN 'team' THEN "internal_name" END NOT LIKE ? ESCAPE '\\')`, '%ops%'),
        mysql: sql('(CASE `object` WHEN CAST(\'agent\' AS BINARY) THEN `name` WHEN CAST(\'team\' AS BINARY) THEN `internal_name` END IS NULL OR LOWER(CASE `object` WHEN CAST(\'agent\' AS BINARY) THEN `name` WHEN CAST(\'team\' AS BINARY) THEN `internal_name` END) COLLATE utf8mb4_bin NOT LIKE ? ESCAPE \'!\')', '%ops%'),
        duckdb: sql(`(CASE "object" WHEN 'agent' THEN "name" WHEN 'team' THEN "internal_name" END IS NULL OR lower(CASE "object" WHEN 'agent' THEN "name" WHEN 'team' THEN "internal_name" END) NOT LIKE $1 ESCAPE '\\')`, '%ops%'),
      },
      {
        query: 'resource.url_slug IN ada,red',
        postgres: sql(`CASE "object" WHEN 'agent' THEN "url_slug" WHEN 'team' THEN "url_slug" END IN ($1, $2)`, 'ada', 'red'),
        sqlite: sql(`CASE "object" WHEN 'agent' THEN "url_slug" WHEN 'team' THEN "url_slug" END IN (?, ?)`, 'ada', 'red'),
        mysql: sql('CASE `object` WHEN CAST(\'agent\' AS BINARY) THEN `url_slug` WHEN CAST(\'team\' AS BINARY) THEN `url_slug` END IN (CAST(? AS BINARY), CAST(? AS BINARY))', 'ada', 'red'),
        duckdb: sql(`CASE "object" WHEN 'agent' THEN "url_slug" WHEN 'team' THEN "url_slug" END IN ($1, $2)`, 'ada', 'red'),
      },
    ],
  },
  {
    title: 'a collection: some element, and no element for the negations (rule 7)',
    fixture: 'scheduling',
    entity: 'scheduling_request',
    cases: [
      {
        query: 'scheduling_request.psa_a_company_id EQ 5',
        postgres: sql(`EXISTS (SELECT 1 FROM "associated_entity" WHERE "associated_entity"."request_id" = "scheduling_request"."id" AND "associated_entity"."type" = 'psa_a/company' AND "associated_entity"."id" = $1)`, 5),
        sqlite: sql(`"scheduling_request"."id" IN (SELECT "associated_entity"."request_id" FROM "associated_entity" WHERE "associated_entity"."type" = 'psa_a/company' AND "associated_entity"."id" = ?)`, 5),
        mysql: sql('EXISTS (SELECT 1 FROM `associated_entity` WHERE `associated_entity`.`request_id` = `scheduling_request`.`id` AND `associated_entity`.`type` = CAST(\'psa_a/company\' AS BINARY) AND `associated_entity`.`id` = ?)', 5),
        duckdb: sql(`EXISTS (SELECT 1 FROM "associated_entity" WHERE "associated_entity"."request_id" = "scheduling_request"."id" AND "associated_entity"."type" = 'psa_a/company' AND "associated_entity"."id" = $1)`, 5),
      },
      {
        query: 'scheduling_request.psa_a_company_id NOT_EQ 5',
        postgres: sql(`NOT EXISTS (SELECT 1 FROM "associated_entity" WHERE "associated_entity"."request_id" = "scheduling_request"."id" AND "associated_entity"."type" = 'psa_a/company' AND "associated_entity"."id" = $1)`, 5),
        sqlite: sql(`"scheduling_request"."id" NOT IN (SELECT "associated_entity"."request_id" FROM "associated_entity" WHERE "associated_entity"."request_id" IS NOT NULL AND "associated_entity"."type" = 'psa_a/company' AND "associated_entity"."id" = ?)`, 5),
        mysql: sql('NOT EXISTS (SELECT 1 FROM `associated_entity` WHERE `associated_entity`.`request_id` = `scheduling_request`.`id` AND `associated_entity`.`type` = CAST(\'psa_a/company\' AS BINARY) AND `associated_entity`.`id` = ?)', 5),
        duckdb: sql(`NOT EXISTS (SELECT 1 FROM "associated_entity" WHERE "associated_entity"."request_id" = "scheduling_request"."id" AND "associated_entity"."type" = 'psa_a/company' AND "associated_entity"."id" = $1)`, 5),
      },
      {
        query: 'scheduling_request.psa_c_ticket_number IN C-7,C-8',
        postgres: sql(`EXISTS (SELECT 1 FROM "associated_entity" WHERE "associated_entity"."request_id" = "scheduling_request"."id" AND "associated_entity"."type" = 'psa_c/ticket' AND "associated_entity"."number" IN ($1, $2))`, 'C-7', 'C-8'),
        sqlite: sql(`"scheduling_request"."id" IN (SELECT "associated_entity"."request_id" FROM "associated_entity" WHERE "associated_entity"."type" = 'psa_c/ticket' AND "associated_entity"."number" IN (?, ?))`, 'C-7', 'C-8'),
        mysql: sql('EXISTS (SELECT 1 FROM `associated_entity` WHERE `associated_entity`.`request_id` = `scheduling_request`.`id` AND `associated_entity`.`type` = CAST(\'psa_c/ticket\' AS BINARY) AND `associated_entity`.`number` IN (CAST(? AS BINARY), CAST(? AS BINARY)))', 'C-7', 'C-8'),
        duckdb: sql(`EXISTS (SELECT 1 FROM "associated_entity" WHERE "associated_entity"."request_id" = "scheduling_request"."id" AND "associated_entity"."type" = 'psa_c/ticket' AND "associated_entity"."number" IN ($1, $2))`, 'C-7', 'C-8'),
      },
      {
        query: 'scheduling_request.psa_a_ticket_number LIKE t-100',
        postgres: sql(`EXISTS (SELECT 1 FROM "associated_entity" WHERE "associated_entity"."request_id" = "scheduling_request"."id" AND "associated_entity"."type" = 'psa_a/ticket' AND lower("associated_entity"."number") LIKE $1 ESCAPE E'\\\\')`, '%t-100%'),
        sqlite: sql(`"scheduling_request"."id" IN (SELECT "associated_entity"."request_id" FROM "associated_entity" WHERE "associated_entity"."type" = 'psa_a/ticket' AND "associated_entity"."number" LIKE ? ESCAPE '\\')`, '%t-100%'),
        mysql: sql('EXISTS (SELECT 1 FROM `associated_entity` WHERE `associated_entity`.`request_id` = `scheduling_request`.`id` AND `associated_entity`.`type` = CAST(\'psa_a/ticket\' AS BINARY) AND LOWER(`associated_entity`.`number`) COLLATE utf8mb4_bin LIKE ? ESCAPE \'!\')', '%t-100%'),
        duckdb: sql(`EXISTS (SELECT 1 FROM "associated_entity" WHERE "associated_entity"."request_id" = "scheduling_request"."id" AND "associated_entity"."type" = 'psa_a/ticket' AND lower("associated_entity"."number") LIKE $1 ESCAPE '\\')`, '%t-100%'),
      },
      {
        query: 'scheduling_request.psa_a_ticket_number NOT_IN T-1,T-2',
        postgres: sql(`NOT EXISTS (SELECT 1 FROM "associated_entity" WHERE "associated_entity"."request_id" = "scheduling_request"."id" AND "associated_entity"."type" = 'psa_a/ticket' AND "associated_entity"."number" IN ($1, $2))`, 'T-1', 'T-2'),
        sqlite: sql(`"scheduling_request"."id" NOT IN (SELECT "associated_entity"."request_id" FROM "associated_entity" WHERE "associated_entity"."request_id" IS NOT NULL AND "associated_entity"."type" = 'psa_a/ticket' AND "associated_entity"."number" IN (?, ?))`, 'T-1', 'T-2'),
        mysql: sql('NOT EXISTS (SELECT 1 FROM `associated_entity` WHERE `associated_entity`.`request_id` = `scheduling_request`.`id` AND `associated_entity`.`type` = CAST(\'psa_a/ticket\' AS BINARY) AND `associated_entity`.`number` IN (CAST(? AS BINARY), CAST(? AS BINARY)))', 'T-1', 'T-2'),
        duckdb: sql(`NOT EXISTS (SELECT 1 FROM "associated_entity" WHERE "associated_entity"."request_id" = "scheduling_request"."id" AND "associated_entity"."type" = 'psa_a/ticket' AND "associated_entity"."number" IN ($1, $2))`, 'T-1', 'T-2'),
      },
      {
        query: 'scheduling_request.agent_id EQ agnt_ada',
        postgres: sql(`EXISTS (SELECT 1 FROM "request_resource" WHERE "request_resource"."request_id" = "scheduling_request"."id" AND "request_resource"."role" IN ('resource', 'scheduled_agent') AND "request_resource"."type" = 'agent' AND "request_resource"."id" = $1)`, 'agnt_ada'),
        sqlite: sql(`"scheduling_request"."id" IN (SELECT "request_resource"."request_id" FROM "request_resource" WHERE "request_resource"."role" IN ('resource', 'scheduled_agent') AND "request_resource"."type" = 'agent' AND "request_resource"."id" = ?)`, 'agnt_ada'),
        mysql: sql('EXISTS (SELECT 1 FROM `request_resource` WHERE `request_resource`.`request_id` = `scheduling_request`.`id` AND `request_resource`.`role` IN (CAST(\'resource\' AS BINARY), CAST(\'scheduled_agent\' AS BINARY)) AND `request_resource`.`type` = CAST(\'agent\' AS BINARY) AND `request_resource`.`id` = CAST(? AS BINARY))', 'agnt_ada'),
        duckdb: sql(`EXISTS (SELECT 1 FROM "request_resource" WHERE "request_resource"."request_id" = "scheduling_request"."id" AND "request_resource"."role" IN ('resource', 'scheduled_agent') AND "request_resource"."type" = 'agent' AND "request_resource"."id" = $1)`, 'agnt_ada'),
      },
      {
        query: 'scheduling_request.team_id NOT_EQ team_blue',
        postgres: sql(`NOT EXISTS (SELECT 1 FROM "request_resource" WHERE "request_resource"."request_id" = "scheduling_request"."id" AND "request_resource"."role" = 'resource' AND "request_resource"."type" = 'team' AND "request_resource"."id" = $1)`, 'team_blue'),
        sqlite: sql(`"scheduling_request"."id" NOT IN (SELECT "request_resource"."request_id" FROM "request_resource" WHERE "request_resource"."request_id" IS NOT NULL AND "request_resource"."role" = 'resource' AND "request_resource"."type" = 'team' AND "request_resource"."id" = ?)`, 'team_blue'),
        mysql: sql('NOT EXISTS (SELECT 1 FROM `request_resource` WHERE `request_resource`.`request_id` = `scheduling_request`.`id` AND `request_resource`.`role` = CAST(\'resource\' AS BINARY) AND `request_resource`.`type` = CAST(\'team\' AS BINARY) AND `request_resource`.`id` = CAST(? AS BINARY))', 'team_blue'),
        duckdb: sql(`NOT EXISTS (SELECT 1 FROM "request_resource" WHERE "request_resource"."request_id" = "scheduling_request"."id" AND "request_resource"."role" = 'resource' AND "request_resource"."type" = 'team' AND "request_resource"."id" = $1)`, 'team_blue'),
      },
    ],
  },
  {
    title: 'a collection whose stored numbers may carry one leading # (rule 7)',
    fixture: 'scheduling',
    entity: 'scheduling_request',
    cases: [
      {
        query: 'scheduling_request.psa_b_ticket_number IN #1234,55',
        postgres: sql(`EXISTS (SELECT 1 FROM "associated_entity" WHERE "associated_entity"."request_id" = "scheduling_request"."id" AND "associated_entity"."type" IN ('psa_b/project_ticket', 'psa_b/service_ticket') AND "associated_entity"."number" IN ($1, $2, $3, $4))`, '1234', '#1234', '55', '#55'),
        sqlite: sql(`"scheduling_request"."id" IN (SELECT "associated_entity"."request_id" FROM "associated_entity" WHERE "associated_entity"."type" IN ('psa_b/project_ticket', 'psa_b/service_ticket') AND "associated_entity"."number" IN (SELECT value FROM json_each(?)))`, '["1234","#1234","55","#55"]'),
        mysql: sql('EXISTS (SELECT 1 FROM `associated_entity` WHERE `associated_entity`.`request_id` = `scheduling_request`.`id` AND `associated_entity`.`type` IN (CAST(\'psa_b/project_ticket\' AS BINARY), CAST(\'psa_b/service_ticket\' AS BINARY)) AND `associated_entity`.`number` IN (CAST(? AS BINARY), CAST(? AS BINARY), CAST(? AS BINARY), CAST(? AS BINARY)))', '1234', '#1234', '55', '#55'),
        duckdb: sql(`EXISTS (SELECT 1 FROM "associated_entity" WHERE "associated_entity"."request_id" = "scheduling_request"."id" AND "associated_entity"."type" IN ('psa_b/project_ticket', 'psa_b/service_ticket') AND "associated_entity"."number" IN ($1, $2, $3, $4))`, '1234', '#1234', '55', '#55'),
      },
      {
        query: 'scheduling_request.psa_b_ticket_number NOT_LIKE #12',
        postgres: sql(`NOT EXISTS (SELECT 1 FROM "associated_entity" WHERE "associated_entity"."request_id" = "scheduling_request"."id" AND "associated_entity"."type" IN ('psa_b/project_ticket', 'psa_b/service_ticket') AND lower(CASE WHEN substr("associated_entity"."number", 1, 1) = '#' THEN substr("associated_entity"."number", 2) ELSE "associated_entity"."number" END) LIKE $1 ESCAPE E'\\\\')`, '%12%'),
        sqlite: sql(`"scheduling_request"."id" NOT IN (SELECT "associated_entity"."request_id" FROM "associated_entity" WHERE "associated_entity"."request_id" IS NOT NULL AND "associated_entity"."type" IN ('psa_b/project_ticket', 'psa_b/service_ticket') AND CASE WHEN substr("associated_entity"."number", 1, 1) = '#' THEN substr("associated_entity"."number", 2) ELSE "associated_entity"."number" END LIKE ? ESCAPE '\\')`, '%12%'),
        mysql: sql('NOT EXISTS (SELECT 1 FROM `associated_entity` WHERE `associated_entity`.`request_id` = `scheduling_request`.`id` AND `associated_entity`.`type` IN (CAST(\'psa_b/project_ticket\' AS BINARY), CAST(\'psa_b/service_ticket\' AS BINARY)) AND LOWER(CASE WHEN substr(`associated_entity`.`number`, 1, 1) = CAST(\'#\' AS BINARY) THEN substr(`associated_entity`.`number`, 2) ELSE `associated_entity`.`number` END) COLLATE utf8mb4_bin LIKE ? ESCAPE \'!\')', '%12%'),
        duckdb: sql(`NOT EXISTS (SELECT 1 FROM "associated_entity" WHERE "associated_entity"."request_id" = "scheduling_request"."id" AND "associated_entity"."type" IN ('psa_b/project_ticket', 'psa_b/service_ticket') AND lower(CASE WHEN substr("associated_entity"."number", 1, 1) = '#' THEN substr("associated_entity"."number", 2) ELSE "associated_entity"."number" END) LIKE $1 ESCAPE '\\')`, '%12%'),
      },
    ],
  },
  {
    title: 'AND, OR and parentheses',
    fixture: 'scheduling',
    entity: 'agent',
    cases: [
      {
        query: 'agent.name EQ a AND agent.role EQ b',
        postgres: sql('("name" = $1 AND "role" = $2)', 'a', 'b'),
        sqlite: sql('("name" = ? AND "role" = ?)', 'a', 'b'),
        mysql: sql('(`name` = CAST(? AS BINARY) AND `role` = CAST(? AS BINARY))', 'a', 'b'),
        duckdb: sql('("name" = $1 AND "role" = $2)', 'a', 'b'),
      },
      {
        query: 'agent.name EQ a OR agent.role EQ b AND agent.email EQ c',
        postgres: sql('("name" = $1 OR ("role" = $2 AND "email" = $3))', 'a', 'b', 'c'),
        sqlite: sql('("name" = ? OR ("role" = ? AND "email" = ?))', 'a', 'b', 'c'),
        mysql: sql('(`name` = CAST(? AS BINARY) OR (`role` = CAST(? AS BINARY) AND `email` = CAST(? AS BINARY)))', 'a', 'b', 'c'),
        duckdb: sql('("name" = $1 OR ("role" = $2 AND "email" = $3))', 'a', 'b', 'c'),
      },
      {
        query: '(agent.name EQ a OR agent.role EQ b) AND agent.url_slug NOT_EQ null',
        postgres: sql('(("name" = $1 OR "role" = $2) AND "url_slug" IS NOT NULL)', 'a', 'b'),
        sqlite: sql('(("name" = ? OR "role" = ?) AND "url_slug" IS NOT NULL)', 'a', 'b'),
        mysql: sql('((`name` = CAST(? AS BINARY) OR `role` = CAST(? AS BINARY)) AND `url_slug` IS NOT NULL)', 'a', 'b'),
        duckdb: sql('(("name" = $1 OR "role" = $2) AND "url_slug" IS NOT NULL)', 'a', 'b'),
      },
      {
        query: '((agent.name EQ a))',
        postgres: sql('"name" = $1', 'a'),
        sqlite: sql('"name" = ?', 'a'),
        mysql: sql('`name` = CAST(? AS BINARY)', 'a'),
        duckdb: sql('"name" = $1', 'a'),
      },
    ],
  },
  {
    title: 'NOT groups: NOT COALESCE(…, FALSE), the exact complement (rule 9)',
    fixture: 'scheduling',
    entity: 'agent',
    cases: [
      {
        query: 'NOT (agent.url_slug EQ ada)',
        postgres: sql('NOT COALESCE("url_slug" = $1, FALSE)', 'ada'),
        sqlite: sql('NOT COALESCE("url_slug" = ?, FALSE)', 'ada'),
        mysql: sql('NOT COALESCE(`url_slug` = CAST(? AS BINARY), FALSE)', 'ada'),
        duckdb: sql('NOT COALESCE("url_slug" = $1, FALSE)', 'ada'),
      },
      {
        query: 'NOT (agent.name LIKE jo OR agent.schedulable EQ true)',
        postgres: sql(`NOT COALESCE((lower("name") LIKE $1 ESCAPE E'\\\\' OR "schedulable" = $2), FALSE)`, '%jo%', true),
        sqlite: sql(`NOT COALESCE(("name" LIKE ? ESCAPE '\\' OR "schedulable" = ?), FALSE)`, '%jo%', 1),
        mysql: sql('NOT COALESCE((LOWER(`name`) COLLATE utf8mb4_bin LIKE ? ESCAPE \'!\' OR `schedulable` = ?), FALSE)', '%jo%', 1),
        duckdb: sql(`NOT COALESCE((lower("name") LIKE $1 ESCAPE '\\' OR "schedulable" = $2), FALSE)`, '%jo%', true),
      },
      {
        query: 'NOT (NOT (agent.url_slug EQ ada))',
        postgres: sql('NOT COALESCE(NOT COALESCE("url_slug" = $1, FALSE), FALSE)', 'ada'),
        sqlite: sql('NOT COALESCE(NOT COALESCE("url_slug" = ?, FALSE), FALSE)', 'ada'),
        mysql: sql('NOT COALESCE(NOT COALESCE(`url_slug` = CAST(? AS BINARY), FALSE), FALSE)', 'ada'),
        duckdb: sql('NOT COALESCE(NOT COALESCE("url_slug" = $1, FALSE), FALSE)', 'ada'),
      },
      {
        query: 'agent.role EQ User AND NOT (agent.url_slug NOT_EQ ada)',
        postgres: sql('("role" = $1 AND NOT COALESCE(("url_slug" IS NULL OR "url_slug" <> $2), FALSE))', 'User', 'ada'),
        sqlite: sql('("role" = ? AND NOT COALESCE("url_slug" IS NOT ?, FALSE))', 'User', 'ada'),
        mysql: sql('(`role` = CAST(? AS BINARY) AND NOT COALESCE((`url_slug` IS NULL OR `url_slug` <> CAST(? AS BINARY)), FALSE))', 'User', 'ada'),
        duckdb: sql('("role" = $1 AND NOT COALESCE(("url_slug" IS NULL OR "url_slug" <> $2), FALSE))', 'User', 'ada'),
      },
    ],
  },
  {
    title: 'NOT groups over a collection (rules 7 and 9)',
    fixture: 'scheduling',
    entity: 'scheduling_request',
    cases: [
      {
        query: 'NOT (scheduling_request.psa_a_company_id EQ 5 OR scheduling_request.status EQ new)',
        postgres: sql(`NOT COALESCE((EXISTS (SELECT 1 FROM "associated_entity" WHERE "associated_entity"."request_id" = "scheduling_request"."id" AND "associated_entity"."type" = 'psa_a/company' AND "associated_entity"."id" = $1) OR "status" = $2), FALSE)`, 5, 'new'),
        sqlite: sql(`NOT COALESCE(("scheduling_request"."id" IN (SELECT "associated_entity"."request_id" FROM "associated_entity" WHERE "associated_entity"."type" = 'psa_a/company' AND "associated_entity"."id" = ?) OR "status" = ?), FALSE)`, 5, 'new'),
        mysql: sql('NOT COALESCE((EXISTS (SELECT 1 FROM `associated_entity` WHERE `associated_entity`.`request_id` = `scheduling_request`.`id` AND `associated_entity`.`type` = CAST(\'psa_a/company\' AS BINARY) AND `associated_entity`.`id` = ?) OR `status` = CAST(? AS BINARY)), FALSE)', 5, 'new'),
        duckdb: sql(`NOT COALESCE((EXISTS (SELECT 1 FROM "associated_entity" WHERE "associated_entity"."request_id" = "scheduling_request"."id" AND "associated_entity"."type" = 'psa_a/company' AND "associated_entity"."id" = $1) OR "status" = $2), FALSE)`, 5, 'new'),
      },
    ],
  },
  {
    title: 'a scope: ANDed first, outside the filter; PostgreSQL and DuckDB repeat it in each collection subquery',
    fixture: 'scheduling',
    entity: 'agent',
    scope: {tenant_id: 'acme'},
    cases: [
      {
        query: 'agent.role EQ User OR agent.schedulable EQ true',
        postgres: sql('"tenant_id" = $1 AND (("role" = $2 OR "schedulable" = $3))', 'acme', 'User', true),
        sqlite: sql('"tenant_id" = ? AND (("role" = ? OR "schedulable" = ?))', 'acme', 'User', 1),
        mysql: sql('`tenant_id` = CAST(? AS BINARY) AND ((`role` = CAST(? AS BINARY) OR `schedulable` = ?))', 'acme', 'User', 1),
        duckdb: sql('"tenant_id" = $1 AND (("role" = $2 OR "schedulable" = $3))', 'acme', 'User', true),
      },
      {
        query: 'agent.name NOT_EQ x',
        postgres: sql('"tenant_id" = $1 AND (("name" IS NULL OR "name" <> $2))', 'acme', 'x'),
        sqlite: sql('"tenant_id" = ? AND ("name" IS NOT ?)', 'acme', 'x'),
        mysql: sql('`tenant_id` = CAST(? AS BINARY) AND ((`name` IS NULL OR `name` <> CAST(? AS BINARY)))', 'acme', 'x'),
        duckdb: sql('"tenant_id" = $1 AND (("name" IS NULL OR "name" <> $2))', 'acme', 'x'),
      },
    ],
  },
  {
    title: 'a scope over a collection',
    fixture: 'scheduling',
    entity: 'scheduling_request',
    scope: {tenant_id: 'acme'},
    cases: [
      {
        query: 'scheduling_request.agent_id EQ agnt_x OR scheduling_request.status EQ new',
        postgres: sql(`"tenant_id" = $1 AND ((EXISTS (SELECT 1 FROM "request_resource" WHERE "request_resource"."request_id" = "scheduling_request"."id" AND "request_resource"."tenant_id" = $1 AND "request_resource"."role" IN ('resource', 'scheduled_agent') AND "request_resource"."type" = 'agent' AND "request_resource"."id" = $2) OR "status" = $3))`, 'acme', 'agnt_x', 'new'),
        sqlite: sql(`"tenant_id" = ? AND (("scheduling_request"."id" IN (SELECT "request_resource"."request_id" FROM "request_resource" WHERE "request_resource"."role" IN ('resource', 'scheduled_agent') AND "request_resource"."type" = 'agent' AND "request_resource"."id" = ?) OR "status" = ?))`, 'acme', 'agnt_x', 'new'),
        mysql: sql('`tenant_id` = CAST(? AS BINARY) AND ((EXISTS (SELECT 1 FROM `request_resource` WHERE `request_resource`.`request_id` = `scheduling_request`.`id` AND `request_resource`.`role` IN (CAST(\'resource\' AS BINARY), CAST(\'scheduled_agent\' AS BINARY)) AND `request_resource`.`type` = CAST(\'agent\' AS BINARY) AND `request_resource`.`id` = CAST(? AS BINARY)) OR `status` = CAST(? AS BINARY)))', 'acme', 'agnt_x', 'new'),
        duckdb: sql(`"tenant_id" = $1 AND ((EXISTS (SELECT 1 FROM "request_resource" WHERE "request_resource"."request_id" = "scheduling_request"."id" AND "request_resource"."tenant_id" = $1 AND "request_resource"."role" IN ('resource', 'scheduled_agent') AND "request_resource"."type" = 'agent' AND "request_resource"."id" = $2) OR "status" = $3))`, 'acme', 'agnt_x', 'new'),
      },
    ],
  },
  {
    title: 'caseFolding: unicode, where the engine can fold as JavaScript',
    fixture: 'scheduling',
    entity: 'agent',
    caseFolding: 'unicode',
    cases: [
      {
        query: 'agent.name LIKE zoë',
        postgres: sql(`lower("name" COLLATE "und-x-icu") LIKE $1 ESCAPE E'\\\\'`, '%zoë%'),
        sqlite: sql(`tql_lower("name") LIKE ? ESCAPE '\\'`, '%zoë%'),
        mysql: refused('invalid_option: caseFolding "unicode" is not available for mysql, which has no lower() that folds as JavaScript does: use "database" (docs/backends-sql.md, Case folding).'),
        duckdb: refused('invalid_option: caseFolding "unicode" is not available for duckdb, which has no lower() that folds as JavaScript does: use "database" (docs/backends-sql.md, Case folding).'),
      },
      {
        query: 'agent.name NOT_LIKE ZOË',
        postgres: sql(`("name" IS NULL OR lower("name" COLLATE "und-x-icu") NOT LIKE $1 ESCAPE E'\\\\')`, '%zoë%'),
        sqlite: sql(`("name" IS NULL OR tql_lower("name") NOT LIKE ? ESCAPE '\\')`, '%zoë%'),
        mysql: refused('invalid_option: caseFolding "unicode" is not available for mysql, which has no lower() that folds as JavaScript does: use "database" (docs/backends-sql.md, Case folding).'),
        duckdb: refused('invalid_option: caseFolding "unicode" is not available for duckdb, which has no lower() that folds as JavaScript does: use "database" (docs/backends-sql.md, Case folding).'),
      },
    ],
  },
  {
    title: 'an array held in a column of the row, the engine’s array type: some element, none for the negations (rule 7)',
    fixture: 'postArrays',
    entity: 'post',
    cases: [
      {
        query: 'post.tags EQ urgent',
        postgres: sql(`(array_ndims("post"."tags") = 1 AND "post"."tags" @> ARRAY[$1])`, 'urgent'),
        sqlite: refused('unsupported: post.tags cannot be compared on sqlite: the column tags holds the array as array, which tql does not read there; hold it as json, or in a table of its own.'),
        mysql: refused('unsupported: post.tags cannot be compared on mysql: the column tags holds the array as array, which tql does not read there; hold it as json, or in a table of its own.'),
        duckdb: sql(`EXISTS (SELECT 1 FROM unnest("post"."tags") AS "tql_element"("v") WHERE "tql_element"."v" = $1)`, 'urgent'),
      },
      {
        query: 'post.tags IN urgent,vip',
        postgres: sql(`(array_ndims("post"."tags") = 1 AND "post"."tags" && ARRAY[$1, $2])`, 'urgent', 'vip'),
        sqlite: refused('unsupported: post.tags cannot be compared on sqlite: the column tags holds the array as array, which tql does not read there; hold it as json, or in a table of its own.'),
        mysql: refused('unsupported: post.tags cannot be compared on mysql: the column tags holds the array as array, which tql does not read there; hold it as json, or in a table of its own.'),
        duckdb: sql(`EXISTS (SELECT 1 FROM unnest("post"."tags") AS "tql_element"("v") WHERE "tql_element"."v" IN ($1, $2))`, 'urgent', 'vip'),
      },
      {
        query: 'post.tags NOT_EQ urgent',
        postgres: sql(`NOT EXISTS (SELECT 1 FROM unnest("post"."tags") AS "tql_element"("v") WHERE array_ndims("post"."tags") = 1 AND "tql_element"."v" = $1)`, 'urgent'),
        sqlite: refused('unsupported: post.tags cannot be compared on sqlite: the column tags holds the array as array, which tql does not read there; hold it as json, or in a table of its own.'),
        mysql: refused('unsupported: post.tags cannot be compared on mysql: the column tags holds the array as array, which tql does not read there; hold it as json, or in a table of its own.'),
        duckdb: sql(`NOT EXISTS (SELECT 1 FROM unnest("post"."tags") AS "tql_element"("v") WHERE "tql_element"."v" = $1)`, 'urgent'),
      },
      {
        query: 'post.tags_ci NOT_IN URGENT',
        postgres: sql(`NOT EXISTS (SELECT 1 FROM unnest("post"."tags") AS "tql_element"("v") WHERE array_ndims("post"."tags") = 1 AND lower("tql_element"."v") IN ($1))`, 'urgent'),
        sqlite: refused('unsupported: post.tags_ci cannot be compared on sqlite: the column tags holds the array as array, which tql does not read there; hold it as json, or in a table of its own.'),
        mysql: refused('unsupported: post.tags_ci cannot be compared on mysql: the column tags holds the array as array, which tql does not read there; hold it as json, or in a table of its own.'),
        duckdb: sql(`NOT EXISTS (SELECT 1 FROM unnest("post"."tags") AS "tql_element"("v") WHERE lower("tql_element"."v") IN ($1))`, 'urgent'),
      },
      {
        query: 'post.tags ENDS_WITH ip',
        postgres: sql(`EXISTS (SELECT 1 FROM unnest("post"."tags") AS "tql_element"("v") WHERE array_ndims("post"."tags") = 1 AND lower("tql_element"."v") LIKE $1 ESCAPE E'\\\\')`, '%ip'),
        sqlite: refused('unsupported: post.tags cannot be compared on sqlite: the column tags holds the array as array, which tql does not read there; hold it as json, or in a table of its own.'),
        mysql: refused('unsupported: post.tags cannot be compared on mysql: the column tags holds the array as array, which tql does not read there; hold it as json, or in a table of its own.'),
        duckdb: sql(`EXISTS (SELECT 1 FROM unnest("post"."tags") AS "tql_element"("v") WHERE lower("tql_element"."v") LIKE $1 ESCAPE '\\')`, '%ip'),
      },
      {
        query: 'post.scores GT 4',
        postgres: sql(`EXISTS (SELECT 1 FROM unnest("post"."scores") AS "tql_element"("v") WHERE array_ndims("post"."scores") = 1 AND "tql_element"."v" > $1)`, 4),
        sqlite: refused('unsupported: post.scores cannot be compared on sqlite: the column scores holds the array as array, which tql does not read there; hold it as json, or in a table of its own.'),
        mysql: refused('unsupported: post.scores cannot be compared on mysql: the column scores holds the array as array, which tql does not read there; hold it as json, or in a table of its own.'),
        duckdb: sql(`EXISTS (SELECT 1 FROM unnest("post"."scores") AS "tql_element"("v") WHERE "tql_element"."v" > $1)`, 4),
      },
      {
        query: 'post.flags EQ true',
        postgres: sql(`EXISTS (SELECT 1 FROM unnest("post"."flags") AS "tql_element"("v") WHERE array_ndims("post"."flags") = 1 AND "tql_element"."v" = $1)`, true),
        sqlite: refused('unsupported: post.flags cannot be compared on sqlite: the column flags holds the array as array, which tql does not read there; hold it as json, or in a table of its own.'),
        mysql: refused('unsupported: post.flags cannot be compared on mysql: the column flags holds the array as array, which tql does not read there; hold it as json, or in a table of its own.'),
        duckdb: sql(`EXISTS (SELECT 1 FROM unnest("post"."flags") AS "tql_element"("v") WHERE "tql_element"."v" = $1)`, true),
      },
      {
        query: 'post.reviewer_ids EQ 0B5C1F5E-8D2A-4C1E-9F3B-2A6D7E8F9A0B',
        postgres: sql(`EXISTS (SELECT 1 FROM unnest("post"."reviewers") AS "tql_element"("v") WHERE array_ndims("post"."reviewers") = 1 AND "tql_element"."v" = $1)`, '0b5c1f5e-8d2a-4c1e-9f3b-2a6d7e8f9a0b'),
        sqlite: refused('unsupported: post.reviewer_ids cannot be compared on sqlite: the column reviewers holds the array as array, which tql does not read there; hold it as json, or in a table of its own.'),
        mysql: refused('unsupported: post.reviewer_ids cannot be compared on mysql: the column reviewers holds the array as array, which tql does not read there; hold it as json, or in a table of its own.'),
        duckdb: sql(`EXISTS (SELECT 1 FROM unnest("post"."reviewers") AS "tql_element"("v") WHERE "tql_element"."v" = $1)`, '0b5c1f5e-8d2a-4c1e-9f3b-2a6d7e8f9a0b'),
      },
    ],
  },
  {
    title: 'an array held in a column of the row as JSON text: elements of the attribute’s type only (rule 7)',
    fixture: 'postJson',
    entity: 'post',
    cases: [
      {
        query: 'post.tags EQ urgent',
        postgres: refused('unsupported: post.tags cannot be compared on postgres: the column tags holds the array as json, which tql does not read there; hold it as array, or in a table of its own.'),
        sqlite: sql(`EXISTS (SELECT 1 FROM json_each(CASE WHEN typeof("post_json"."tags") = 'text' AND json_valid("post_json"."tags") THEN CASE WHEN json_type("post_json"."tags") = 'array' THEN "post_json"."tags" END END) AS "tql_element" WHERE "tql_element"."type" IN ('text') AND "tql_element"."value" = ?)`, 'urgent'),
        mysql: sql(`EXISTS (SELECT 1 FROM JSON_TABLE(CASE WHEN JSON_VALID(\`post_json\`.\`tags\`) THEN CASE WHEN JSON_TYPE(\`post_json\`.\`tags\`) = 'ARRAY' THEN \`post_json\`.\`tags\` END END, '$[*]' COLUMNS (j JSON PATH '$')) AS \`tql_element\` WHERE JSON_TYPE(\`tql_element\`.j) IN ('STRING') AND JSON_UNQUOTE(\`tql_element\`.j) = CAST(? AS BINARY))`, 'urgent'),
        duckdb: sql(`EXISTS (SELECT 1 FROM json_each(CASE WHEN json_valid("post_json"."tags") THEN CASE WHEN json_type("post_json"."tags") = 'ARRAY' THEN "post_json"."tags" END END) AS "tql_element" WHERE "tql_element"."type" IN ('VARCHAR') AND json_extract_string("tql_element"."value", '$') = $1)`, 'urgent'),
      },
      {
        query: 'post.tags NOT_LIKE urg',
        postgres: refused('unsupported: post.tags cannot be compared on postgres: the column tags holds the array as json, which tql does not read there; hold it as array, or in a table of its own.'),
        sqlite: sql(`NOT EXISTS (SELECT 1 FROM json_each(CASE WHEN typeof("post_json"."tags") = 'text' AND json_valid("post_json"."tags") THEN CASE WHEN json_type("post_json"."tags") = 'array' THEN "post_json"."tags" END END) AS "tql_element" WHERE "tql_element"."type" IN ('text') AND "tql_element"."value" LIKE ? ESCAPE '\\')`, '%urg%'),
        mysql: sql(`NOT EXISTS (SELECT 1 FROM JSON_TABLE(CASE WHEN JSON_VALID(\`post_json\`.\`tags\`) THEN CASE WHEN JSON_TYPE(\`post_json\`.\`tags\`) = 'ARRAY' THEN \`post_json\`.\`tags\` END END, '$[*]' COLUMNS (j JSON PATH '$')) AS \`tql_element\` WHERE JSON_TYPE(\`tql_element\`.j) IN ('STRING') AND LOWER(JSON_UNQUOTE(\`tql_element\`.j)) COLLATE utf8mb4_bin LIKE ? ESCAPE '!')`, '%urg%'),
        duckdb: sql(`NOT EXISTS (SELECT 1 FROM json_each(CASE WHEN json_valid("post_json"."tags") THEN CASE WHEN json_type("post_json"."tags") = 'ARRAY' THEN "post_json"."tags" END END) AS "tql_element" WHERE "tql_element"."type" IN ('VARCHAR') AND lower(json_extract_string("tql_element"."value", '$')) LIKE $1 ESCAPE '\\')`, '%urg%'),
      },
      {
        query: 'post.tags_ci IN URGENT,VIP',
        postgres: refused('unsupported: post.tags_ci cannot be compared on postgres: the column tags holds the array as json, which tql does not read there; hold it as array, or in a table of its own.'),
        sqlite: sql(`EXISTS (SELECT 1 FROM json_each(CASE WHEN typeof("post_json"."tags") = 'text' AND json_valid("post_json"."tags") THEN CASE WHEN json_type("post_json"."tags") = 'array' THEN "post_json"."tags" END END) AS "tql_element" WHERE "tql_element"."type" IN ('text') AND lower("tql_element"."value") IN (?, ?))`, 'urgent', 'vip'),
        mysql: sql(`EXISTS (SELECT 1 FROM JSON_TABLE(CASE WHEN JSON_VALID(\`post_json\`.\`tags\`) THEN CASE WHEN JSON_TYPE(\`post_json\`.\`tags\`) = 'ARRAY' THEN \`post_json\`.\`tags\` END END, '$[*]' COLUMNS (j JSON PATH '$')) AS \`tql_element\` WHERE JSON_TYPE(\`tql_element\`.j) IN ('STRING') AND LOWER(JSON_UNQUOTE(\`tql_element\`.j)) IN (CAST(? AS BINARY), CAST(? AS BINARY)))`, 'urgent', 'vip'),
        duckdb: sql(`EXISTS (SELECT 1 FROM json_each(CASE WHEN json_valid("post_json"."tags") THEN CASE WHEN json_type("post_json"."tags") = 'ARRAY' THEN "post_json"."tags" END END) AS "tql_element" WHERE "tql_element"."type" IN ('VARCHAR') AND lower(json_extract_string("tql_element"."value", '$')) IN ($1, $2))`, 'urgent', 'vip'),
      },
      {
        query: 'post.scores LTE 4.5',
        postgres: refused('unsupported: post.scores cannot be compared on postgres: the column scores holds the array as json, which tql does not read there; hold it as array, or in a table of its own.'),
        sqlite: sql(`EXISTS (SELECT 1 FROM json_each(CASE WHEN typeof("post_json"."scores") = 'text' AND json_valid("post_json"."scores") THEN CASE WHEN json_type("post_json"."scores") = 'array' THEN "post_json"."scores" END END) AS "tql_element" WHERE "tql_element"."type" IN ('integer', 'real') AND abs("tql_element"."value") <= 1.7976931348623157e308 AND CAST("tql_element"."value" AS REAL) <= ?)`, 4.5),
        mysql: sql(`EXISTS (SELECT 1 FROM JSON_TABLE(CASE WHEN JSON_VALID(\`post_json\`.\`scores\`) THEN CASE WHEN JSON_TYPE(\`post_json\`.\`scores\`) = 'ARRAY' THEN \`post_json\`.\`scores\` END END, '$[*]' COLUMNS (j JSON PATH '$')) AS \`tql_element\` WHERE JSON_TYPE(\`tql_element\`.j) IN ('INTEGER', 'UNSIGNED INTEGER', 'DOUBLE', 'DECIMAL') AND ABS(CAST(\`tql_element\`.j AS DOUBLE)) < 1.7976931348623157e308 AND CAST(\`tql_element\`.j AS DOUBLE) <= ?)`, 4.5),
        duckdb: sql(`EXISTS (SELECT 1 FROM json_each(CASE WHEN json_valid("post_json"."scores") THEN CASE WHEN json_type("post_json"."scores") = 'ARRAY' THEN "post_json"."scores" END END) AS "tql_element" WHERE "tql_element"."type" IN ('UBIGINT', 'BIGINT', 'HUGEINT', 'DOUBLE') AND abs(TRY_CAST("tql_element"."value" AS DOUBLE)) <= 1.7976931348623157e308 AND TRY_CAST("tql_element"."value" AS DOUBLE) <= $1)`, 4.5),
      },
      {
        query: 'post.flags NOT_EQ false',
        postgres: refused('unsupported: post.flags cannot be compared on postgres: the column flags holds the array as json, which tql does not read there; hold it as array, or in a table of its own.'),
        sqlite: sql(`NOT EXISTS (SELECT 1 FROM json_each(CASE WHEN typeof("post_json"."flags") = 'text' AND json_valid("post_json"."flags") THEN CASE WHEN json_type("post_json"."flags") = 'array' THEN "post_json"."flags" END END) AS "tql_element" WHERE "tql_element"."type" IN ('true', 'false') AND "tql_element"."value" = ?)`, 0),
        mysql: sql(`NOT EXISTS (SELECT 1 FROM JSON_TABLE(CASE WHEN JSON_VALID(\`post_json\`.\`flags\`) THEN CASE WHEN JSON_TYPE(\`post_json\`.\`flags\`) = 'ARRAY' THEN \`post_json\`.\`flags\` END END, '$[*]' COLUMNS (j JSON PATH '$')) AS \`tql_element\` WHERE JSON_TYPE(\`tql_element\`.j) IN ('BOOLEAN') AND (JSON_UNQUOTE(\`tql_element\`.j) = 'true') = ?)`, 0),
        duckdb: sql(`NOT EXISTS (SELECT 1 FROM json_each(CASE WHEN json_valid("post_json"."flags") THEN CASE WHEN json_type("post_json"."flags") = 'ARRAY' THEN "post_json"."flags" END END) AS "tql_element" WHERE "tql_element"."type" IN ('BOOLEAN') AND TRY_CAST("tql_element"."value" AS BOOLEAN) = $1)`, false),
      },
      {
        query: 'post.reviewer_ids NOT_EQ 0b5c1f5e-8d2a-4c1e-9f3b-2a6d7e8f9a0b',
        postgres: refused('unsupported: post.reviewer_ids cannot be compared on postgres: the column reviewers holds the array as json, which tql does not read there; hold it as array, or in a table of its own.'),
        sqlite: sql(`NOT EXISTS (SELECT 1 FROM json_each(CASE WHEN typeof("post_json"."reviewers") = 'text' AND json_valid("post_json"."reviewers") THEN CASE WHEN json_type("post_json"."reviewers") = 'array' THEN "post_json"."reviewers" END END) AS "tql_element" WHERE "tql_element"."type" IN ('text') AND lower("tql_element"."value") = ?)`, '0b5c1f5e-8d2a-4c1e-9f3b-2a6d7e8f9a0b'),
        mysql: sql(`NOT EXISTS (SELECT 1 FROM JSON_TABLE(CASE WHEN JSON_VALID(\`post_json\`.\`reviewers\`) THEN CASE WHEN JSON_TYPE(\`post_json\`.\`reviewers\`) = 'ARRAY' THEN \`post_json\`.\`reviewers\` END END, '$[*]' COLUMNS (j JSON PATH '$')) AS \`tql_element\` WHERE JSON_TYPE(\`tql_element\`.j) IN ('STRING') AND LOWER(JSON_UNQUOTE(\`tql_element\`.j)) = CAST(? AS BINARY))`, '0b5c1f5e-8d2a-4c1e-9f3b-2a6d7e8f9a0b'),
        duckdb: sql(`NOT EXISTS (SELECT 1 FROM json_each(CASE WHEN json_valid("post_json"."reviewers") THEN CASE WHEN json_type("post_json"."reviewers") = 'ARRAY' THEN "post_json"."reviewers" END END) AS "tql_element" WHERE "tql_element"."type" IN ('VARCHAR') AND lower(json_extract_string("tql_element"."value", '$')) = $1)`, '0b5c1f5e-8d2a-4c1e-9f3b-2a6d7e8f9a0b'),
      },
    ],
  },
];
