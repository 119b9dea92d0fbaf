/**
 * The server's database on a PostgreSQL server: the tables and the sample data are created when
 * missing, data already there is served as it is (once its columns are checked against the
 * mapping), and `reset` reloads the sample data.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sampleData } from '../../../../src/models/scheduling/sample.js';
import { openDatabase } from '../../../../src/models/scheduling/server/database.js';
import { isTqlError } from '../../../../src/errors/tql-error.js';
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
