/**
 * What the three SQL harnesses (`postgres-server.ts`, `pglite.ts`, `sqlite.ts`) hand to a test:
 * one real engine, the scheduling tables on it, and the ids a query selects there.
 */
import type { MeasuredFolding } from '../../src/backends/sql/case-folding.js';
import { measureFolding } from '../../src/backends/sql/measure-folding.js';
import { resolveDialect, type CaseFolding, type SqlDialectName } from '../../src/backends/sql/dialects.js';
import type { SqlDatabase } from '../../src/backends/sql/database.js';
import { selectSql } from '../../src/backends/sql/select-sql.js';
import { createSchedulingTables, loadSchedulingData } from '../../src/models/scheduling/sql/load.js';
import { schedulingSqlMapping } from '../../src/models/scheduling/sql/mapping.js';
import type { SchedulingDataInput } from '../../src/models/scheduling/sql/rows.js';
import type { ValidatedQuery } from '../../src/validate/validated-query.js';
import { sortedIds } from './ids.js';

export interface SqlTestEngine {
  /** `sqlite`, `sqlite+tql_lower`, `pglite`, `postgres-server` (each PostgreSQL one also `+icu`), `mariadb`, `duckdb`, for test titles and assertion messages. */
  readonly name: string;
  readonly db: SqlDatabase;
  /**
   * How LIKE lower-cases stored text on this engine under {@link caseFolding}, measured over
   * every code point on first use (a statement of about a second; PostgreSQL depends on the
   * database collation and the server's Unicode tables).
   */
  folding(): Promise<MeasuredFolding>;
  /** The `caseFolding` this engine's queries are compiled with. */
  readonly caseFolding: CaseFolding;
  /** For a PostgreSQL server: where to connect more clients (a `pg.Pool`, say). */
  readonly connectionString?: string | undefined;
  /** Replaces the scheduling tables with ones holding `data`. */
  loadScheduling(data: SchedulingDataInput): Promise<void>;
  /** The ids `query` selects from the scheduling tables, sorted. */
  ids(query: ValidatedQuery): Promise<string[]>;
  /** Closes the connection (and stops what the harness started). */
  close(): Promise<void>;
}

/**
 * A text parameter in each dialect, typed as stored text is: on MySQL in utf8mb4's default
 * collation, the scheduling columns' (the connection's own may fold differently).
 */
const LOWER_PARAMETER: { readonly [D in SqlDialectName]: string } = {
  postgres: '$1::text',
  sqlite: '?',
  mysql: 'CONVERT(? USING utf8mb4)',
  duckdb: '$1::VARCHAR',
};

/** `text` lower-cased by `db` as compiled queries with `caseFolding` fold the stored side of LIKE. */
export async function engineLower(db: SqlDatabase, caseFolding: CaseFolding, text: string): Promise<string | undefined> {
  const param = LOWER_PARAMETER[db.dialect];
  const lower = resolveDialect(db.dialect).lower(param, caseFolding);
  const [row] = await db.all<{ l: string }>({ text: `SELECT ${lower} AS l`, values: [text] });
  return row?.l;
}

/** A {@link SqlTestEngine} over an open database; `close` runs `onClose`. */
export async function sqlTestEngine(
  name: string,
  db: SqlDatabase,
  caseFolding: CaseFolding,
  onClose: () => Promise<void>,
  connectionString?: string,
): Promise<SqlTestEngine> {
  let folding: Promise<MeasuredFolding> | undefined;
  return {
    name,
    db,
    folding: () => (folding ??= measureFolding(db, caseFolding)),
    caseFolding,
    connectionString,
    async loadScheduling(data) {
      await createSchedulingTables(db, { replace: true });
      await loadSchedulingData(db, data);
    },
    async ids(query) {
      const rows = await db.all<{ id: string }>(selectSql(query, { dialect: db.dialect, mapping: schedulingSqlMapping, caseFolding }));
      return sortedIds(rows);
    },
    close: onClose,
  };
}

/**
 * An engine on a throwaway server started for it alone, which closing the engine stops.
 *
 * @example
 * ```ts
 * const mariadb = await onOwnServer(startMariadb, openMariadb);
 * await mariadb.close(); // the server is stopped too
 * ```
 */
export async function onOwnServer<S extends { stop(): Promise<void> }>(start: () => Promise<S>, open: (server: S) => Promise<SqlTestEngine>): Promise<SqlTestEngine> {
  const server = await start();
  const engine = await open(server);
  return { ...engine, close: async () => (await engine.close(), await server.stop()) };
}
