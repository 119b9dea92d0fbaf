/** `tql check-mapping` and `tql indexes --database-url`: the mapping checked against a real database's catalog. */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { schedulingDdl, schedulingIndexes } from '../../src/models/scheduling/sql/ddl.js';
import { tql } from './capture.js';

const dir = mkdtempSync(join(tmpdir(), 'tql-check-mapping-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** An SQLite file holding `ddl`, as a `sqlite:` URL. */
function sqliteUrl(name: string, ddl: string): string {
  const path = join(dir, `${name}.db`);
  const db = new Database(path);
  db.exec(ddl);
  db.close();
  return `sqlite:${path}`;
}

const fitting = sqliteUrl('scheduling', schedulingDdl.sqlite);
// The agent table as an app might have made it: ISO texts for created_at, no email column.
const drifted = sqliteUrl(
  'drifted',
  schedulingDdl.sqlite.replace(/CREATE TABLE "agent" \([^;]+\);/, 'CREATE TABLE "agent" ("id" TEXT PRIMARY KEY, "name" TEXT, "role" TEXT, "schedulable" INTEGER, "two_factor_enabled" INTEGER, "url_slug" TEXT, "created_at" TEXT, "updated_at" INTEGER);').replace(/CREATE INDEX[^;]*"agent"[^;]*;/g, ''),
);

const DRIFT = [
  "error[mapping_mismatch]: The mapping does not fit the database: agent.email: column agent.email is not in the database; add it, or correct columns: { email: '…' } in the mapping of agent.",
  "error[mapping_mismatch]: The mapping does not fit the database: agent.created_at: column agent.created_at is TEXT, and the mapping reads it as Unix seconds; declare storage: { created_at: 'iso_text' } in the mapping of agent.",
];

describe('tql check-mapping', () => {
  test('the scheduling tables fit: exit 0, one line', async () => {
    expect(await tql(['check-mapping', '--database-url', fitting, '--list-order', 'created_at'])).toEqual({
      code: 0,
      stdout: `The mapping fits ${fitting}: scheduling_request, agent, resource, team.\n`,
      stderr: '',
    });
  });

  test('--json: { ok, database, entities }', async () => {
    const r = await tql(['check-mapping', '--database-url', fitting, '--json']);
    expect(JSON.parse(r.stdout)).toEqual({ ok: true, database: fitting, entities: ['scheduling_request', 'agent', 'resource', 'team'] });
  });

  // tql indexes --database-url reports the same, and prints no statement.
  test.for(['check-mapping', 'indexes'])('tql %s on tables that drifted: every problem, exit 3', async (command) => {
    expect(await tql([command, '--database-url', drifted])).toEqual({ code: 3, stdout: '', stderr: `${DRIFT.join('\n')}\n` });
  });

  test('--json on drifted tables: one error document', async () => {
    const r = await tql(['check-mapping', '--database-url', drifted, '--json']);
    expect(r.code).toBe(3);
    const body = JSON.parse(r.stdout) as { error: { code: string; issues: { message: string }[] } };
    expect(body.error.code).toBe('mapping_mismatch');
    expect(body.error.issues.map((i) => `error[mapping_mismatch]: ${i.message}`)).toEqual(DRIFT);
  });

  test.for<[string[], number, string]>([
    [['check-mapping'], 2, 'tql check-mapping: needs --database-url <url>\n'],
    [['check-mapping', '--database-url', 'oracle://db/x'], 2, 'error[invalid_option]: --database-url starts with postgresql://, mysql://, mariadb://, sqlite: or duckdb:, not "oracle://db/x".\n'],
    [['check-mapping', '--database-url', `sqlite:${join(dir, 'none.db')}`], 3, `error[invalid_input]: Cannot open sqlite:${join(dir, 'none.db')}: unable to open database file. Check the URL and that the database is running.\n`],
    [['check-mapping', '--database-url', 'postgresql://u:secret@127.0.0.1:1/app'], 3, 'error[invalid_input]: Cannot open postgresql://u:***@127.0.0.1:1/app: connect ECONNREFUSED 127.0.0.1:1. Check the URL and that the database is running.\n'],
  ])('%j exits %i', async ([args, code, stderr]) => {
    expect(await tql(args)).toEqual({ code, stdout: '', stderr });
  });
});

describe('tql indexes --database-url', () => {
  test('checks first, then prints the indexes in the database’s dialect', async () => {
    expect(await tql(['indexes', '--database-url', fitting])).toEqual({ code: 0, stdout: `${schedulingIndexes('sqlite').join('\n')}\n`, stderr: '' });
  });

  test('--dialect with --database-url is a usage error', async () => {
    expect(await tql(['indexes', '--database-url', fitting, '--dialect', 'sqlite'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'tql indexes: --database-url says the dialect; leave out --dialect\n',
    });
  });
});
