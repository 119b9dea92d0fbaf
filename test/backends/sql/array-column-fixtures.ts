/**
 * Posts whose arrays are held in columns of their own row, for the array-column tests: the
 * schema, the two mappings (the engine's array type; JSON text), and each engine's table with a
 * loader that stores a post's arrays as that engine holds them. A stored post is the record as
 * memory sees it together with the text or list the column holds.
 */
import { defineSchema } from '../../../src/schema/define-schema.js';
import { defineSqlMapping } from '../../../src/backends/sql/define-mapping.js';
import type { SqlDatabase } from '../../../src/backends/sql/database.js';
import type { SqlStatement } from '../../../src/backends/sql/sql-statement.js';
import { openMariadb, startMariadb } from '../../support/mariadb-server.js';
import { onOwnServer, type SqlTestEngine } from '../../support/sql-engine.js';

export const posts = defineSchema({
  entities: {
    post: {
      attributes: {
        id: { type: 'String' },
        tags: { type: 'String', source: { kind: 'element', arrays: ['tags'] } },
        tags_ci: { type: 'String', source: { kind: 'element', arrays: ['tags'], ignoreCase: true } },
        scores: { type: 'Number', source: { kind: 'element', arrays: ['scores'] } },
        flags: { type: 'Boolean', source: { kind: 'element', arrays: ['flags'] } },
        reviewer_ids: { type: 'ID', id: { kind: 'uuid' }, source: { kind: 'element', arrays: ['reviewers'] } },
      },
    },
  },
});

/** The arrays of a post, by record field (and column). */
export const ARRAYS = ['tags', 'scores', 'flags', 'reviewers'] as const;
export type ArrayField = (typeof ARRAYS)[number];

/** Each array in a column of the engine's array type (PostgreSQL, DuckDB); the uuids in a uuid array. */
export const arrayMapping = defineSqlMapping(posts, {
  post: {
    table: 'post',
    key: 'id',
    collections: {
      tags: { column: 'tags', holds: 'array' },
      scores: { column: 'scores', holds: 'array' },
      flags: { column: 'flags', holds: 'array' },
      reviewers: { column: 'reviewers', holds: 'array', storage: 'uuid' },
    },
  },
});

/** Each array as JSON text (SQLite, MariaDB). */
export const jsonMapping = defineSqlMapping(posts, {
  post: {
    table: 'post',
    key: 'id',
    collections: Object.fromEntries(ARRAYS.map((a) => [a, { column: a, holds: 'json' as const }])),
  },
});

/** What a JSON column holds: a text (JSON or not), or NULL. */
export type JsonCell = string | null;

/** A post as a JSON engine stores it: each array's column text. */
export type JsonPost = { readonly id: string } & { readonly [A in ArrayField]: JsonCell };

/** A post as a typed engine stores it: each array as a list of its type's values and NULLs, or NULL. */
export type ListPost = { readonly id: string } & { readonly [A in ArrayField]: readonly unknown[] | null };

/** The record memory filters for a JSON post: each column's text parsed where it is JSON, else the text itself (no array either way). */
export function recordOfJson(post: JsonPost): Record<string, unknown> {
  const parse = (cell: JsonCell): unknown => {
    if (cell === null) return null;
    try {
      return JSON.parse(cell) as unknown;
    } catch {
      return cell;
    }
  };
  return { id: post.id, ...Object.fromEntries(ARRAYS.map((a) => [a, parse(post[a])])) };
}

/** The ids `statement` (a WHERE expression over `post`) selects, sorted by code unit. */
export async function selectedIds(db: SqlDatabase, where: SqlStatement): Promise<string[]> {
  const q = db.sqlDialect.quoteIdentifier;
  const rows = await db.all<{ id: string }>({ text: `SELECT ${q('id')} AS ${q('id')} FROM ${q('post')} WHERE ${where.text}`, values: [...where.values] });
  return rows.map((r) => r.id).sort();
}

/** The table of posts on each engine, and how to replace its rows. */
export interface PostTable {
  create(db: SqlDatabase): Promise<void>;
  load(db: SqlDatabase, rows: readonly (JsonPost | ListPost)[]): Promise<void>;
}

/** A text in SQL, from the tests' own small pools of values. */
const literal = (value: unknown): string =>
  value === null ? 'NULL' : typeof value === 'string' ? `'${value.replaceAll("'", "''")}'` : typeof value === 'boolean' ? (value ? 'TRUE' : 'FALSE') : String(value);

/** The JSON posts inserted with bound texts, `?` placeholders. */
async function insertJson(db: SqlDatabase, rows: readonly (JsonPost | ListPost)[], table: string): Promise<void> {
  await db.all({ text: `DELETE FROM ${table}`, values: [] });
  if (rows.length === 0) return;
  const values = (rows as readonly JsonPost[]).flatMap((r) => [r.id, ...ARRAYS.map((a) => r[a])]);
  const row = `(${['?', ...ARRAYS.map(() => '?')].join(', ')})`;
  await db.all({ text: `INSERT INTO ${table} VALUES ${rows.map(() => row).join(', ')}`, values });
}

export const POST_TABLES = {
  postgres: {
    create: (db) => db.exec('CREATE TABLE post (id text PRIMARY KEY, tags text[], scores double precision[], flags boolean[], reviewers uuid[])'),
    async load(db, rows) {
      await db.all({ text: 'DELETE FROM post', values: [] });
      await db.all({ text: 'INSERT INTO post SELECT * FROM json_populate_recordset(NULL::post, $1)', values: [JSON.stringify(rows)] });
    },
  },
  duckdb: {
    create: (db) => db.exec('CREATE TABLE post (id VARCHAR PRIMARY KEY, tags VARCHAR[], scores DOUBLE[], flags BOOLEAN[], reviewers UUID[])'),
    async load(db, rows) {
      await db.all({ text: 'DELETE FROM post', values: [] });
      if (rows.length === 0) return;
      const list = (v: readonly unknown[] | null) => (v === null ? 'NULL' : `[${v.map(literal).join(', ')}]`);
      const values = (rows as readonly ListPost[]).map((r) => `(${[literal(r.id), ...ARRAYS.map((a) => list(r[a]))].join(', ')})`);
      await db.all({ text: `INSERT INTO post VALUES ${values.join(', ')}`, values: [] });
    },
  },
  duckdbJson: {
    create: (db) => db.exec('CREATE TABLE post (id VARCHAR PRIMARY KEY, tags VARCHAR, scores VARCHAR, flags VARCHAR, reviewers VARCHAR)'),
    load: (db, rows) => insertJson(db, rows, 'post'),
  },
  sqlite: {
    create: (db) => db.exec('CREATE TABLE post (id TEXT PRIMARY KEY, tags TEXT, scores TEXT, flags TEXT, reviewers TEXT)'),
    load: (db, rows) => insertJson(db, rows, 'post'),
  },
  mysql: {
    // Binary collation: the texts are compared as the JSON holds them, not as a folding collation would.
    create: (db) => db.exec('CREATE TABLE post (id VARCHAR(64) PRIMARY KEY, tags LONGTEXT COLLATE utf8mb4_bin, scores LONGTEXT, flags LONGTEXT, reviewers LONGTEXT COLLATE utf8mb4_bin)'),
    load: (db, rows) => insertJson(db, rows, 'post'),
  },
} as const satisfies Readonly<Record<string, PostTable>>;

/** A throwaway MariaDB server as a test engine, stopped when the engine is closed. */
export const openMariadbServer = (): Promise<SqlTestEngine> => onOwnServer(startMariadb, openMariadb);
