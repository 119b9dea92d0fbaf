/**
 * docs/performance.md is generated, never edited: it is exactly what `npm run bench --
 * --docs-only`, `npm run bench:sql -- --docs-only` and `npm run bench:server -- --docs-only`
 * write from the committed results and the hand-written decisions. (That none of the bench's
 * notebook is in it is test/package/words.test.ts's.)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { repoRoot } from '../../bench/paths.js';
import { DECISIONS, PERFORMANCE_PAGE, readDecisions } from '../../bench/report/doc-sections.js';
import { performanceDoc } from '../../bench/report/docs.js';
import type { BenchResults } from '../../bench/report/results.js';
import type { ServerBenchResults } from '../../bench/server/server-bench.js';
import { serverPerformanceSection, withServerSection } from '../../bench/server/server-report.js';
import type { SqlBenchResults } from '../../bench/sql/sql-bench.js';
import { sqlPerformanceSection, withSqlSection } from '../../bench/sql/sql-report.js';

const root = repoRoot();
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const results = <T,>(name: string) => JSON.parse(read(`bench/results/${name}`)) as T;

describe('docs/performance.md', () => {
  const page = read(PERFORMANCE_PAGE);

  test('is what the generator writes from bench/results/{baseline,sql-latest,server-latest}.json', () => {
    const suite = performanceDoc(results<BenchResults>('baseline.json'), readDecisions(root, 'suite'));
    const sql = sqlPerformanceSection(results<SqlBenchResults>('sql-latest.json'), readDecisions(root, 'sql'));
    const server = serverPerformanceSection(results<ServerBenchResults>('server-latest.json'), readDecisions(root, 'server'));
    expect(withServerSection(withSqlSection(suite, sql), server) === page, 'regenerate it: npm run bench -- --docs-only, then bench:sql and bench:server the same').toBe(true);
  });

  test.for(Object.values(DECISIONS))('holds the decisions of %s', (file) => {
    expect(page).toContain(read(file).trim());
  });
});
