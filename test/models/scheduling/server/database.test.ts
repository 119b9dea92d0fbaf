/**
 * The server's database on a PostgreSQL server: the tables and the sample data are created when
 * missing, data already there is served as it is (once its columns are checked against the
 * mapping), and `reset` reloads the sample data. In PGlite, the tables' LIKE indexes hold the
 * expression LIKE compiles to under the folding the server picks.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sampleData } from '../../../../src/models/scheduling/sample.js';
import { openDatabase } from '../../../../src/models/scheduling/server/database.js';
import { isTqlError } from '../../../../src/errors/tql-error.js';
import { check } from '../../../../src/api/check.js';
import { compileSql } from '../../../../src/backends/sql/compile-sql.js';
import { schedulingSchema } from '../../../../src/models/scheduling/schema.js';
import { schedulingSqlMapping } from '../../../../src/models/scheduling/sql/mapping.js';
import { postgresAvailable, startPostgres, type PostgresServer } from '../../../support/postgres-server.js';

describe.runIf(postgresAvailable())('openDatabase on a PostgreSQL server', () => {
  let server: PostgresServer;
  beforeAll(async () => {
    server = await startPostgres();
  }, 120_000);
  afterAll(() => server?.stop());

  const count = async (databaseUrl: string, reset = false) => {
    const opened = await openDatabase({ databaseUrl, reset });
    try {
      const [row] = await opened.db.all<{ n: string | number }>({ text: 'SELECT count(*) AS n FROM "agent"', values: [] });
      return { loadedSample: opened.loadedSample, agents: Number(row?.n), caseFolding: opened.caseFolding };
    } finally {
      await opened.close();
    }
  };

  test('new tables get the sample data; existing ones are kept; reset reloads', { timeout: 60_000 }, async () => {
    const url = server.connectionString;
    const first = await count(url);
    expect(first).toMatchObject({ loadedSample: true, agents: sampleData().agents.length, caseFolding: 'unicode' });

    const edit = await openDatabase({ databaseUrl: url });
    await edit.db.all({ text: 'DELETE FROM "agent" WHERE "id" = $1', values: [sampleData().agents[0]!.id] });
    await edit.close();

    expect(await count(url)).toMatchObject({ loadedSample: false, agents: sampleData().agents.length - 1 });
    expect(await count(url, true)).toMatchObject({ loadedSample: true, agents: sampleData().agents.length });
  });

  test('existing tables whose columns do not fit the mapping are refused at start, naming the column; reset replaces them', { timeout: 60_000 }, async () => {
    const url = server.connectionString;
    const edit = await openDatabase({ databaseUrl: url, reset: true });
    await edit.db.exec('ALTER TABLE "agent" ALTER COLUMN "created_at" TYPE timestamptz USING to_timestamp("created_at")');
    await edit.close();

    const refused = await openDatabase({ databaseUrl: url }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isTqlError(refused) && refused.issues.map((i) => `${i.code}: ${i.message}`)).toEqual([
      "mapping_mismatch: The mapping does not fit the database: agent.created_at: column agent.created_at is timestamp with time zone, and the mapping reads it as Unix seconds; declare storage: { created_at: 'timestamptz' } in the mapping of agent.",
    ]);
    expect(await count(url, true)).toMatchObject({ loadedSample: true, agents: sampleData().agents.length });
  });

  test('an unreachable server is an error, not a hang', { timeout: 30_000 }, async () => {
    await expect(openDatabase({ databaseUrl: 'postgresql://postgres@127.0.0.1:1/none' })).rejects.toThrow(/ECONNREFUSED/);
  });
});

describe('openDatabase in PGlite (the default): the LIKE indexes hold what its lists compile', () => {
  test('GET /v1/scheduling_requests?filter=scheduling_request.end_user_name~LIKE~…: the statement reads the trigram index of the folding picked', { timeout: 60_000 }, async () => {
    const opened = await openDatabase();
    try {
      expect(opened.caseFolding).toBe('unicode');
      const indexes = await opened.db.all<{ indexname: string; indexdef: string }>({ text: `SELECT indexname, indexdef FROM pg_indexes WHERE indexname LIKE 'scheduling_request_end_user_name%trgm_idx'`, values: [] });
      expect(indexes.map((i) => i.indexname)).toEqual(['scheduling_request_end_user_name_unicode_trgm_idx']);
      expect(indexes[0]!.indexdef).toContain('COLLATE "und-x-icu"');
      const query = check('scheduling_request.end_user_name LIKE rossi', schedulingSchema, 'scheduling_request');
      const where = compileSql(query, { dialect: 'postgres', mapping: schedulingSqlMapping, caseFolding: opened.caseFolding });
      // A thousand rows: the planner is told to avoid scanning the table, and still has an index to read.
      const plan = await opened.db.transaction(async (tx) => {
        await tx.all({ text: 'SET LOCAL enable_seqscan = off', values: [] });
        return tx.all<{ 'QUERY PLAN': string }>({ text: `EXPLAIN SELECT "id" FROM "scheduling_request" WHERE ${where.text}`, values: where.values });
      });
      const text = plan.map((r) => r['QUERY PLAN']).join('\n');
      expect(text).toContain('scheduling_request_end_user_name_unicode_trgm_idx');
      expect(text).not.toContain('Seq Scan');
    } finally {
      await opened.close();
    }
  });
});
