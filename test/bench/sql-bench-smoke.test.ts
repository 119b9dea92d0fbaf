/**
 * The SQL section of the bench in quick mode (`npm run bench:sql -- --quick`): a few thousand
 * rows on SQLite and on a PostgreSQL server. Timings are never asserted: only that every
 * workload ran on every engine, with tql's rows equal to the hand-written statement's (the run
 * stops with SqlRowMismatchError otherwise), and that the keyset pages are the store's own.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { runSqlBench, quickSqlSettings, storePageStatement, type SqlBenchResults } from '../../bench/sql/sql-bench.js';
import { sqlPerformanceSection, sqlPlansSection, keepSqlSection, withSection, withSqlSection, SQL_PLANS_END, SQL_PLANS_START, SQL_SECTION_START, SQL_SECTION_END } from '../../bench/sql/sql-report.js';
import { postgresAvailable } from '../support/postgres-server.js';

let results: SqlBenchResults;
const engines = postgresAvailable() ? ['sqlite', 'postgres'] : ['sqlite'];

beforeAll(async () => {
  results = await runSqlBench(quickSqlSettings(() => {}));
}, 120_000);

describe('npm run bench:sql -- --quick', () => {
  test('runs every family and the keyset pages at depth 0, 10% and 50%', () => {
    expect(results.workloads.map((w) => w.id)).toEqual([
      'like-name',
      'week-status',
      'email-in-100',
      'agent-id-eq',
      'status-not-eq',
      'psa-b-ticket-eq',
      'boolean',
      'null-test',
      'keyset-0',
      'keyset-10',
      'keyset-50',
    ]);
  });

  test('every workload returns some rows but not all, on every engine, the same from tql and the hand-written SQL', () => {
    for (const w of results.workloads) {
      expect(Object.keys(w.engines).sort(), w.id).toEqual([...engines].sort());
      for (const row of Object.values(w.engines)) {
        expect(row.rows, w.id).toBeGreaterThan(0);
        expect(row.rows, w.id).toBeLessThan(results.requests);
        expect(row.tql.plan.length, w.id).toBeGreaterThan(0);
      }
    }
  });

  test('both engines return as many rows for every workload', () => {
    for (const w of results.workloads) {
      const counts = new Set(Object.values(w.engines).map((row) => row.rows));
      expect(counts.size, w.id).toBe(1);
    }
  });

  test('a keyset page is the statement sqlListStore runs', async () => {
    const statement = await storePageStatement('sqlite', { createdAt: 1700000000, id: 'sreq_x' }, 50);
    expect(statement.values).toContain('sreq_x');
    const page = results.workloads.find((w) => w.id === 'keyset-50')!;
    expect(page.engines.sqlite!.tql.text).toBe(statement.text);
  });

  test('writes its section into docs/performance.md between markers, and a regenerated page keeps it', () => {
    const section = sqlPerformanceSection(results);
    expect(section.startsWith(SQL_SECTION_START) && section.endsWith(SQL_SECTION_END)).toBe(true);
    const page = withSqlSection('# Performance\n\n## What the numbers mean\n', section);
    expect(page.indexOf(SQL_SECTION_START)).toBeLessThan(page.indexOf('## What the numbers mean'));
    expect(withSqlSection(page, section)).toBe(page);
    expect(keepSqlSection('# Performance\n\n## What the numbers mean\n', page)).toBe(page);
  });

  test('writes the plans of the collection, prefix, LIKE and deep-page workloads into docs/backends-sql.md between markers', () => {
    const section = sqlPlansSection(results);
    for (const title of ['### LIKE on a name', '### agent_id EQ (collection)', '### psa_b_ticket_number EQ', '### keyset page at row 1500 (50%)']) expect(section).toContain(title);
    const page = withSection('# SQL\n', section, SQL_PLANS_START, SQL_PLANS_END);
    expect(withSection(page, section, SQL_PLANS_START, SQL_PLANS_END)).toBe(page);
  });
});
