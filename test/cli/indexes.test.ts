/** `tql indexes`: the index advice for the reference tables, as the scheduling DDL creates it. */
import { describe, expect, test } from 'vitest';
import { schedulingIndexes } from '../../src/models/scheduling/sql/ddl.js';
import { tql } from './capture.js';

describe('tql indexes', () => {
  test.for(['postgres', 'sqlite', 'mysql', 'duckdb'] as const)('--dialect %s prints the indexes of the scheduling DDL, one a line', async (dialect) => {
    const r = await tql(['indexes', '--dialect', dialect]);
    expect(r).toEqual({ code: 0, stdout: `${schedulingIndexes(dialect).join('\n')}\n`, stderr: '' });
  });

  test('--json prints the statements as a list', async () => {
    const r = await tql(['indexes', '--dialect', 'sqlite', '--json']);
    expect(JSON.parse(r.stdout)).toEqual(schedulingIndexes('sqlite'));
  });

  test('--dialect mysql: plain CREATE INDEX (MySQL has no IF NOT EXISTS) on columns only (MariaDB indexes no expression)', async () => {
    const r = await tql(['indexes', '--dialect', 'mysql']);
    expect(r.stdout).not.toContain('IF NOT EXISTS');
    expect(r.stdout).not.toContain('CASE');
    expect(r.stdout).toContain('CREATE INDEX `scheduling_request_created_at_id_idx` ON `scheduling_request` (`created_at`, `id`);');
  });

  test('the keyset index compares ids by bytes on PostgreSQL, as the list pages do', async () => {
    const r = await tql(['indexes']);
    expect(r.stdout).toContain('CREATE INDEX IF NOT EXISTS "scheduling_request_created_at_id_idx" ON "scheduling_request" ("created_at", "id" COLLATE "C");');
    expect(r.stdout.split('\n')[0]).toBe('CREATE EXTENSION IF NOT EXISTS pg_trgm;');
  });

  test.for<[string[], string]>([
    [['indexes', '--dialect', 'oracle'], 'tql: --dialect takes postgres, sqlite, mysql or duckdb, not "oracle"\n'],
    [['indexes', 'agent.name EQ x'], 'tql indexes: takes no query; it prints the indexes of the reference tables\n'],
  ])('%j is a usage error', async ([args, stderr]) => {
    expect(await tql(args)).toEqual({ code: 2, stdout: '', stderr });
  });
});
