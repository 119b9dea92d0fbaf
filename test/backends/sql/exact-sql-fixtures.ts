/**
 * The schemas, mappings and tables the exact-SQL table (`exact-sql-cases.ts`) compiles against:
 * the scheduling models (with a `tenant_id` column on every table, for scoped rows), a small shop
 * with Number attributes, and events whose instants and uuids are stored every way a mapping can
 * declare. Each fixture creates its tables on an engine and puts a few rows in them, so every
 * pinned statement can be run (and the scheduling ones compared with the in-memory backend).
 */
import type { SqlDatabase } from '../../../src/backends/sql/database.js';
import { defineSqlMapping } from '../../../src/backends/sql/define-mapping.js';
import type { SqlMapping } from '../../../src/backends/sql/mapping.js';
import { createSchedulingTables, loadSchedulingData } from '../../../src/models/scheduling/sql/load.js';
import { schedulingSqlMapping } from '../../../src/models/scheduling/sql/mapping.js';
import { SCHEDULING_TABLES } from '../../../src/models/scheduling/sql/tables.js';
import { schedulingSchema } from '../../../src/models/scheduling/schema.js';
import { defineSchema } from '../../../src/schema/define-schema.js';
import type { Schema } from '../../../src/schema/types.js';
import { numberSchema } from '../../number/number-schema.js';
import { CONTRACT_INPUT } from './engines.js';
import { arrayMapping, jsonMapping, posts } from './array-column-fixtures.js';
import type { SqlEntityMapping } from '../../../src/backends/sql/mapping.js';
import { pinnedDialect, type PinnedDialect } from './exact-sql-cases.js';

/** Every column storage of a Timestamp a mapping can declare, and uuids in text and in the engine's type. */
export const eventSchema = defineSchema({
  entities: {
    event: {
      attributes: {
        millis_at: { type: 'Timestamp', nullable: true },
        seconds_at: { type: 'Timestamp', nullable: true },
        text_at: { type: 'Timestamp', nullable: true },
        instant_at: { type: 'Timestamp', nullable: true },
        wall_at: { type: 'Timestamp', nullable: true },
        owner_id: { type: 'ID', id: { kind: 'uuid' }, nullable: true },
        device_id: { type: 'ID', id: { kind: 'uuid' } },
      },
    },
  },
});

const eventMapping = defineSqlMapping(eventSchema, {
  event: {
    table: 'event',
    key: 'id',
    storage: {
      millis_at: 'unix_milliseconds',
      // Seconds in a float column, which may hold NaN and infinity: not declared integers.
      seconds_at: 'unix_seconds',
      text_at: 'iso_text',
      instant_at: 'timestamptz',
      wall_at: 'timestamp',
      device_id: 'uuid',
    },
  },
});

/** The columns of `event` as each engine types them; SQLite has no timestamp or uuid type (its rows are refused or compare text). */
const EVENT_COLUMNS: { readonly [D in PinnedDialect]: string } = {
  postgres: 'id text PRIMARY KEY, millis_at bigint, text_at text, instant_at timestamptz, wall_at timestamp, owner_id text, device_id uuid, seconds_at double precision',
  sqlite: 'id TEXT PRIMARY KEY, millis_at INTEGER, text_at TEXT, instant_at TEXT, wall_at TEXT, owner_id TEXT, device_id TEXT, seconds_at REAL',
  mysql: 'id VARCHAR(64) PRIMARY KEY, millis_at BIGINT, text_at TEXT, instant_at TIMESTAMP NULL, wall_at DATETIME, owner_id VARCHAR(36), device_id UUID, seconds_at DOUBLE',
  duckdb: 'id VARCHAR PRIMARY KEY, millis_at BIGINT, text_at VARCHAR, instant_at TIMESTAMPTZ, wall_at TIMESTAMP, owner_id VARCHAR, device_id UUID, seconds_at DOUBLE',
};

/** An instant as each engine reads a literal of the `instant_at` column (MariaDB's TIMESTAMP takes no offset). */
const INSTANT: { readonly [D in PinnedDialect]: string } = {
  postgres: '2024-05-01 09:30:00+00',
  sqlite: '2024-05-01 09:30:00+00',
  mysql: '2024-05-01 09:30:00',
  duckdb: '2024-05-01 09:30:00+00',
};

const productMapping = defineSqlMapping(numberSchema, { product: { table: 'product', key: 'id' } });

const DOUBLE: { readonly [D in PinnedDialect]: string } = { postgres: 'double precision', sqlite: 'REAL', mysql: 'DOUBLE', duckdb: 'DOUBLE' };

export interface SqlFixture {
  readonly schema: Schema;
  readonly mapping: SqlMapping;
  /** Creates the fixture's tables on `db` (replacing any of the same name), with a few rows in them. */
  create(db: SqlDatabase): Promise<void>;
}

/** Drops `table` if it is there, creates it with `columns` and inserts `rows` (SQL tuples). */
async function replaceTable(db: SqlDatabase, table: string, columns: string, rows: readonly string[]): Promise<void> {
  await db.exec(`DROP TABLE IF EXISTS ${table}`);
  await db.exec(`CREATE TABLE ${table} (${columns})`);
  await db.exec(`INSERT INTO ${table} VALUES ${rows.join(', ')}`);
}

/**
 * The columns of `post` holding its arrays: the engine's array types where the form is `array`
 * (PostgreSQL, DuckDB), text elsewhere, where the rows are refused or read JSON.
 */
const POST_COLUMNS: { readonly [D in PinnedDialect]: string } = {
  postgres: 'id text PRIMARY KEY, tags text[], scores double precision[], flags boolean[], reviewers uuid[]',
  duckdb: 'id VARCHAR PRIMARY KEY, tags VARCHAR[], scores DOUBLE[], flags BOOLEAN[], reviewers UUID[]',
  sqlite: 'id TEXT PRIMARY KEY, tags TEXT, scores TEXT, flags TEXT, reviewers TEXT',
  mysql: 'id VARCHAR(64) PRIMARY KEY, tags LONGTEXT, scores LONGTEXT, flags LONGTEXT, reviewers LONGTEXT',
};

/** A post with arrays as each engine's array type writes them; NULL where the column is text. */
const POST_ARRAYS: { readonly [D in PinnedDialect]: string } = {
  postgres: "('p1', '{urgent,vip}', '{4.5,2}', '{true}', '{0b5c1f5e-8d2a-4c1e-9f3b-2a6d7e8f9a0b}')",
  duckdb: "('p1', ['urgent', 'vip'], [4.5, 2], [true], ['0b5c1f5e-8d2a-4c1e-9f3b-2a6d7e8f9a0b'])",
  sqlite: "('p1', NULL, NULL, NULL, NULL)",
  mysql: "('p1', NULL, NULL, NULL, NULL)",
};

/** The columns of `post` holding its arrays as JSON text (PostgreSQL reads no such column: its rows are refused). */
const POST_JSON_COLUMNS: { readonly [D in PinnedDialect]: string } = {
  ...POST_COLUMNS,
  postgres: 'id text PRIMARY KEY, tags text, scores text, flags text, reviewers text',
  duckdb: 'id VARCHAR PRIMARY KEY, tags VARCHAR, scores VARCHAR, flags VARCHAR, reviewers VARCHAR',
};

/** The JSON posts in a table of their own, beside the posts with array types. */
const postJsonMapping = defineSqlMapping(posts, { post: { ...(jsonMapping.post as SqlEntityMapping), table: 'post_json' } });

/** A post with arrays as JSON text. */
const POST_JSON = `('p1', '["urgent", "vip", 5]', '[4.5, "2"]', '[true]', '["0B5C1F5E-8D2A-4C1E-9F3B-2A6D7E8F9A0B"]')`;

/** The fixtures by name; a row of the table names one. */
export const SQL_FIXTURES = {
  scheduling: {
    schema: schedulingSchema,
    mapping: schedulingSqlMapping,
    async create(db) {
      await createSchedulingTables(db, { replace: true });
      await loadSchedulingData(db, CONTRACT_INPUT);
      // The scoped rows filter on a tenant column, which every table (children too) carries.
      const q = (name: string) => db.sqlDialect.quoteIdentifier(name);
      for (const table of SCHEDULING_TABLES) await db.exec(`ALTER TABLE ${q(table.name)} ADD COLUMN ${q('tenant_id')} VARCHAR(64)`);
    },
  },
  shop: {
    schema: numberSchema,
    mapping: productMapping,
    create: (db) =>
      replaceTable(db, 'product', `id VARCHAR(64) PRIMARY KEY, name TEXT, price ${DOUBLE[pinnedDialect(db.dialect)]}, weight ${DOUBLE[pinnedDialect(db.dialect)]}`, [
        "('lamp', 'Lamp', 9.99, 1.5)",
        "('free', 'Sample', 0, NULL)",
      ]),
  },
  event: {
    schema: eventSchema,
    mapping: eventMapping,
    create: (db) =>
      replaceTable(db, 'event', EVENT_COLUMNS[pinnedDialect(db.dialect)], [
        `('e1', 1714555800000, '2024-05-01T09:30:00Z', '${INSTANT[pinnedDialect(db.dialect)]}', '2024-05-01 09:30:00', '0B5C2A8E-4F1D-4C3B-9A7E-2D6F8E1C4B3A', '0b5c2a8e-4f1d-4c3b-9a7e-2d6f8e1c4b3a', 1714555800.5)`,
        "('e2', NULL, NULL, NULL, NULL, NULL, '00000000-0000-4000-8000-000000000000', NULL)",
      ]),
  },
  postArrays: {
    schema: posts,
    mapping: arrayMapping,
    create: (db) => replaceTable(db, 'post', POST_COLUMNS[pinnedDialect(db.dialect)], [POST_ARRAYS[pinnedDialect(db.dialect)], "('p2', NULL, NULL, NULL, NULL)"]),
  },
  postJson: {
    schema: posts,
    mapping: postJsonMapping,
    create: (db) => replaceTable(db, 'post_json', POST_JSON_COLUMNS[pinnedDialect(db.dialect)], [POST_JSON, "('p2', NULL, NULL, NULL, NULL)"]),
  },
} as const satisfies Record<string, SqlFixture>;

export type SqlFixtureName = keyof typeof SQL_FIXTURES;
