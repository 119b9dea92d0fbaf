/**
 * `tql prove` on a PostgreSQL server, a MariaDB server, a DuckDB file and an SQLite file: the
 * database agrees (exit 0) inside its measured LIKE folding; tables whose own column types or
 * collations break a rule are caught with `--column-types database` (exit 1, one query and one
 * record, the rule named); nothing is left behind and the database's own tables keep their rows; a wrong command
 * line exits 2 and an unreachable database 3.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { schedulingDdl } from '../../src/models/scheduling/sql/ddl.js';
import { mariadbAvailable, startMariadb, type MariadbServer } from '../support/mariadb-server.js';
import { postgresAvailable, startPostgres, type PostgresServer } from '../support/postgres-server.js';
import { tql } from './capture.js';

const SEED = String(fc.readConfigureGlobal().seed ?? 0);
const PG_SERVER = postgresAvailable();
const MARIADB = mariadbAvailable();

const dir = mkdtempSync(join(tmpdir(), 'tql-prove-'));
let postgres: PostgresServer | undefined;
let mariadb: MariadbServer | undefined;

beforeAll(async () => {
  [postgres, mariadb] = await Promise.all([PG_SERVER ? startPostgres() : undefined, MARIADB ? startMariadb() : undefined]);
}, 120_000);

afterAll(async () => {
  await postgres?.stop();
  await mariadb?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** A schema of one Number, for the DuckDB file's FLOAT column. */
const readingSchema = join(dir, 'reading.schema.json');
writeFileSync(readingSchema, JSON.stringify({ entities: { reading: { attributes: { value: { type: 'Number' } } } } }));

/** An SQLite file holding `ddl`, as a `sqlite:` URL. */
function sqliteFile(name: string, ddl: string): string {
  const path = join(dir, `${name}.db`);
  const db = new Database(path);
  db.exec(ddl);
  db.close();
  return `sqlite:${path}`;
}

/** The tables of an SQLite file and their row counts. */
function sqliteTables(url: string): Record<string, number> {
  const db = new Database(url.slice('sqlite:'.length), { readonly: true });
  try {
    const names = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[];
    return Object.fromEntries(names.map(({ name }) => [name, (db.prepare(`SELECT count(*) AS n FROM "${name}"`).get() as { n: number }).n]));
  } finally {
    db.close();
  }
}

/** Runs `script` on a DuckDB file (made if absent), then closes it so `tql prove` can open it. */
async function onDuckdb<T>(path: string, script: string, read?: string): Promise<T[]> {
  const instance = await DuckDBInstance.create(path);
  const connection = await instance.connect();
  try {
    if (script !== '') await connection.run(script);
    return read === undefined ? [] : ((await connection.runAndReadAll(read)).getRowObjectsJS() as T[]);
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

/**
 * What a caught disagreement prints: the entity's one query and one record, and one of `rules`
 * (a padded text is as often found by LIKE, rule 4, as by EQ, rule 5).
 */
function expectOneRecord(stdout: string, entity: string, rules: readonly number[]) {
  expect(stdout).toContain(`${entity}: the backend disagrees with the in-memory backend`);
  expect(stdout).toMatch(new RegExp(`query: +${entity}\\.`));
  expect(stdout.match(/^ {2}records: /m)).toHaveLength(1);
  expect(stdout).not.toMatch(/^ {11}\{/m);
  expect(stdout).toMatch(new RegExp(`rule (${rules.join('|')}): `));
  expect(stdout).toMatch(new RegExp(`The database disagrees with tql on ${entity}; to replay the shrunk case add: --entity ${entity} --seed ${SEED} --runs \\d+ --path [\\d:]+\n$`));
}

/** The replay command a report printed, as arguments. */
function replayOf(stdout: string): string[] {
  return /to replay the shrunk case add: (.*)\n$/.exec(stdout)![1]!.split(' ');
}

describe(`an SQLite file (seed ${SEED})`, () => {
  const ddl = schedulingDdl.sqlite;

  test('tql prove --database-url sqlite:<file> --runs 8: agrees on every entity, exit 0, the file unchanged', async () => {
    const url = sqliteFile('agrees', `${ddl}\nINSERT INTO "agent" ("id", "name") VALUES ('agnt_1', 'Ada');`);
    const before = sqliteTables(url);
    const r = await tql(['prove', '--database-url', url, '--runs', '8', '--seed', SEED]);
    expect(r.stderr).toBe('');
    expect(r.stdout.split('\n')).toEqual([
      `tql prove: ${url}, seed ${SEED}`,
      'LIKE folds stored text by the ascii model with 0 measured exceptions; answers that differ only there are declared, not disagreements.',
      expect.stringMatching(new RegExp(`^scheduling_request: agreed: 8 datasets, \\d+ queries \\(seed ${SEED}\\)`)),
      expect.stringMatching(/^agent: agreed: 8 datasets/),
      expect.stringMatching(/^resource: agreed: 8 datasets/),
      expect.stringMatching(/^team: agreed: 8 datasets/),
      'The database agrees with tql on scheduling_request, agent, resource, team.',
      '',
    ]);
    expect(r.code).toBe(0);
    expect(sqliteTables(url)).toEqual(before);
  });

  test('--column-types database on agent.created_at declared TEXT: Unix seconds compared as text, exit 1', async () => {
    const url = sqliteFile('drifted', ddl.replace(/("created_at" )INTEGER/g, '$1TEXT'));
    const r = await tql(['prove', '--database-url', url, '--column-types', 'database', '--entity', 'agent', '--runs', '1000', '--seed', SEED]);
    expect(r.stdout).toContain('agent: the database\'s column types: ');
    expect(r.stdout).toContain('agent.created_at TEXT');
    expectOneRecord(r.stdout, 'agent', [6]);
    expect(r.code).toBe(1);
    // The printed replay runs the shrunk case alone and finds it again.
    const again = await tql(['prove', '--database-url', url, '--column-types', 'database', ...replayOf(r.stdout)]);
    expect(again.stdout).toContain(r.stdout.slice(r.stdout.indexOf('  query:'), r.stdout.indexOf('replay: ')));
    expect(again.code).toBe(1);
  });

  test('agent.name declared TEXT COLLATE NOCASE: tql\'s own types agree (exit 0); --column-types database copies the collation and EQ finds it, exit 1', async () => {
    const url = sqliteFile('nocase', ddl.replace(/("name" )TEXT/g, '$1TEXT COLLATE NOCASE'));
    const plain = await tql(['prove', '--database-url', url, '--entity', 'agent', '--runs', '8', '--seed', SEED]);
    expect(plain.stdout).toContain('The database agrees with tql on agent.');
    expect(plain.code).toBe(0);
    const r = await tql(['prove', '--database-url', url, '--column-types', 'database', '--entity', 'agent', '--runs', '1000', '--seed', SEED]);
    expect(r.stdout).toContain('agent.name TEXT COLLATE NOCASE');
    expectOneRecord(r.stdout, 'agent', [5]);
    expect(r.code).toBe(1);
  });
});

describe('an SQLite file, read only', () => {
  test('agent.name declared "TEXT); SELECT injected(); --": --column-types database copies the type quoted, the statement never runs, exit 0, the file unchanged', async () => {
    const url = sqliteFile('declared-sql', schedulingDdl.sqlite.replace(/("name" )TEXT/g, '$1"TEXT); SELECT injected(); --"'));
    const before = readFileSync(url.slice('sqlite:'.length));
    const r = await tql(['prove', '--database-url', url, '--column-types', 'database', '--entity', 'agent', '--runs', '8', '--seed', SEED]);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('agent.name "TEXT); SELECT injected(); --"');
    expect(r.stdout).toContain('The database agrees with tql on agent.');
    expect(r.code).toBe(0);
    expect(readFileSync(url.slice('sqlite:'.length)).equals(before)).toBe(true);
  });

  test('tql prove on a file in WAL mode: no -wal or -shm file beside it afterwards, the file unchanged', async () => {
    const path = join(dir, 'wal.db');
    const db = new Database(path);
    db.pragma('journal_mode = WAL');
    db.exec(schedulingDdl.sqlite);
    db.close();
    const before = readFileSync(path);
    const r = await tql(['prove', '--database-url', `sqlite:${path}`, '--column-types', 'database', '--entity', 'team', '--runs', '4', '--seed', SEED]);
    expect(r.code).toBe(0);
    expect(readdirSync(dir).filter((f) => f.startsWith('wal.db'))).toEqual(['wal.db']);
    expect(readFileSync(path).equals(before)).toBe(true);
  });
});

describe.runIf(PG_SERVER)(`a PostgreSQL server (seed ${SEED})`, () => {
  /** Runs `statements` on the server's database through a client of its own. */
  async function onPostgres<T>(statements: string, read?: string): Promise<T[]> {
    const client = new pg.Client({ connectionString: postgres!.connectionString });
    await client.connect();
    try {
      if (statements !== '') await client.query(statements);
      return read === undefined ? [] : ((await client.query(read)).rows as T[]);
    } finally {
      await client.end();
    }
  }

  test('agrees with the scheduling tables in place and character(64) names: exit 0, then 1 with --column-types database, as with a nondeterministic collation; the user\'s tables untouched', async () => {
    await onPostgres(`${schedulingDdl.postgres.replace(/("name" )text/g, '$1character(64)')}\nINSERT INTO "agent" ("id", "name") VALUES ('agnt_1', 'Ada');`);
    const url = postgres!.connectionString;
    const agrees = await tql(['prove', '--database-url', url, '--runs', '8', '--seed', SEED, '--json']);
    const document = JSON.parse(agrees.stdout) as { agreed: boolean; seed: number; folding: { model: string }; entities: { entity: string; agreed: boolean; queries: number; databaseTypes: string[] }[] };
    expect(document).toMatchObject({ agreed: true, seed: Number(SEED), folding: { model: 'full' } });
    expect(document.entities.map((e) => [e.entity, e.agreed, e.databaseTypes])).toEqual([
      ['scheduling_request', true, []],
      ['agent', true, []],
      ['resource', true, []],
      ['team', true, []],
    ]);
    expect(agrees.code).toBe(0);

    const broken = await tql(['prove', '--database-url', url, '--column-types', 'database', '--entity', 'agent', '--runs', '1000', '--seed', SEED]);
    expect(broken.stdout).toContain('agent.name character(64)');
    expectOneRecord(broken.stdout, 'agent', [4, 5]);
    expect(broken.code).toBe(1);

    // The server's own tables are as they were, and no table of its own was added: the
    // temporary tables shadowed them on the command's connection only.
    expect(await onPostgres('', `SELECT id, name FROM agent`)).toEqual([{ id: 'agnt_1', name: 'Ada'.padEnd(64) }]);
    expect(await onPostgres('', `SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`)).toEqual([{ n: 7 }]);

    // A nondeterministic collation is copied with the type: 'Ada' = 'ADA' under it, and before
    // PostgreSQL 18 LIKE fails on it, whichever the shrunk case meets first.
    await onPostgres(`CREATE COLLATION app_ci (provider = icu, locale = 'und-u-ks-level2', deterministic = false);
ALTER TABLE agent ALTER COLUMN name TYPE text COLLATE app_ci;`);
    const folded = await tql(['prove', '--database-url', url, '--column-types', 'database', '--entity', 'agent', '--runs', '1000', '--seed', SEED]);
    expect(folded.stdout).toContain('agent.name text COLLATE app_ci');
    expectOneRecord(folded.stdout, 'agent', [4, 5]);
    expect(folded.code).toBe(1);
  });
});

describe.runIf(MARIADB)(`a MariaDB server (seed ${SEED})`, () => {
  test('agrees in its case-insensitive default collation; CHAR(64) names are caught with --column-types database; the user\'s tables untouched', async () => {
    const connection = await mysql.createConnection({ uri: mariadb!.url, multipleStatements: true });
    try {
      await connection.query(`${schedulingDdl.mysql.replace(/(`name` )MEDIUMTEXT/g, '$1CHAR(64)')}\nINSERT INTO agent (id, name) VALUES ('agnt_1', 'Ada');`);
      const agrees = await tql(['prove', '--database-url', mariadb!.url, '--runs', '8', '--seed', SEED]);
      expect(agrees.stdout).toContain('The database agrees with tql on scheduling_request, agent, resource, team.');
      expect(agrees.code).toBe(0);

      const broken = await tql(['prove', '--database-url', mariadb!.url, '--column-types', 'database', '--entity', 'agent', '--runs', '1000', '--seed', SEED]);
      expect(broken.stdout).toContain('agent.name char(64)');
      expectOneRecord(broken.stdout, 'agent', [4, 5]);
      expect(broken.code).toBe(1);

      const [rows] = await connection.query('SELECT id, name FROM agent');
      expect(rows).toEqual([{ id: 'agnt_1', name: 'Ada' }]);
      const [tables] = await connection.query('SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = DATABASE()');
      expect(tables).toEqual([{ n: 7 }]);
    } finally {
      await connection.end();
    }
  });
});

describe(`a DuckDB file (seed ${SEED})`, () => {
  // Three proofs of a DuckDB file, each creating and filling its tables per dataset: about 20 s alone on some seeds.
  test('agrees with the scheduling tables; a FLOAT column for a Number and a NOCASE name are caught with --column-types database; the file unchanged', async () => {
    const path = join(dir, 'app.duckdb');
    const ddl = schedulingDdl.duckdb.replace(/("name" )VARCHAR/g, '$1VARCHAR COLLATE NOCASE');
    await onDuckdb(path, `${ddl}\nCREATE TABLE reading (id VARCHAR PRIMARY KEY, value FLOAT); INSERT INTO reading VALUES ('r1', 1.5);`);
    const agrees = await tql(['prove', '--database-url', `duckdb:${path}`, '--runs', '8', '--seed', SEED]);
    expect(agrees.stdout).toContain('The database agrees with tql on scheduling_request, agent, resource, team.');
    expect(agrees.code).toBe(0);

    const broken = await tql(['prove', '--database-url', `duckdb:${path}`, '--schema', readingSchema, '--column-types', 'database', '--runs', '1000', '--seed', SEED]);
    expect(broken.stdout).toContain('reading.value FLOAT');
    expectOneRecord(broken.stdout, 'reading', [6]);
    expect(broken.code).toBe(1);

    const folded = await tql(['prove', '--database-url', `duckdb:${path}`, '--column-types', 'database', '--entity', 'agent', '--runs', '1000', '--seed', SEED]);
    expect(folded.stdout).toContain('agent.name VARCHAR COLLATE NOCASE');
    expectOneRecord(folded.stdout, 'agent', [5]);
    expect(folded.code).toBe(1);

    const tables = await onDuckdb<{ table_name: string }>(path, '', 'SELECT table_name FROM duckdb_tables() ORDER BY table_name');
    expect(tables.map((t) => t.table_name)).toEqual(['agent', 'associated_entity', 'reading', 'request_guest', 'request_resource', 'resource', 'scheduling_request', 'team']);
    expect(await onDuckdb(path, '', 'SELECT id, value FROM reading')).toEqual([{ id: 'r1', value: 1.5 }]);
  }, 120_000);
});

describe('a wrong command line exits 2, an unreachable database 3', () => {
  const url = `sqlite:${join(dir, 'usage.db')}`;
  test.for<[string[], number, string]>([
    [['prove'], 2, 'tql prove: needs --database-url <url>\n'],
    [['prove', '--database-url', 'oracle://db/x'], 2, 'error[invalid_option]: --database-url starts with postgresql://, mysql://, mariadb://, sqlite: or duckdb:, not "oracle://db/x".\n'],
    [['prove', '--database-url', 'sqlite::memory:', '--entity', 'agents'], 2, 'tql prove: --entity takes scheduling_request, agent, resource, team (the entities the mapping has), not "agents"\n'],
    [['prove', '--database-url', 'sqlite::memory:', '--runs', '0'], 2, 'tql: --runs takes a whole number of at least 1, not "0"\n'],
    [['prove', '--database-url', 'sqlite::memory:', '--seed', 'x'], 2, 'tql: --seed takes a whole number of at least 0, not "x"\n'],
    [['prove', '--database-url', 'sqlite::memory:', '--column-types', 'mine'], 2, 'tql: --column-types takes tql or database, not "mine"\n'],
    [['prove', '--database-url', 'sqlite::memory:', 'agent.name EQ x'], 2, 'tql prove: takes no query; it generates its own\n'],
    [['prove', '--database-url', 'sqlite::memory:', '--seed', '1', '--path', '0:1'], 2, "tql prove: --path replays one entity's run: give it with --entity and --seed, as the report prints them\n"],
    [['prove', '--database-url', url], 3, `error[invalid_input]: Cannot open ${url}: unable to open database file. Check the URL and that the database is running.\n`],
  ])('%j exits %i', async ([args, code, stderr]) => {
    expect(await tql(args)).toEqual({ code, stdout: '', stderr });
  });

  test('--json: the usage error is the one document', async () => {
    const r = await tql(['prove', '--database-url', 'sqlite::memory:', '--entity', 'agents', '--json']);
    expect(r.code).toBe(2);
    expect((JSON.parse(r.stdout) as { error: { code: string } }).error.code).toBe('invalid_option');
  });
});
