/** The SQL section's tables: for the terminal and for docs/performance.md. */
import { formatRatio } from '../report/format.js';
import type { Table } from '../report/table.js';
import { markdownTable } from '../report/table.js';
import { keepMarkedSection, withMarkedSection } from '../report/doc-sections.js';
import type { SqlBenchResults, SqlEngineRow } from './sql-bench.js';

// bench/sql/run-sql.ts and the SQL section's test import it from here.
export { withSection } from '../report/doc-sections.js';

const ENGINES = ['postgres', 'sqlite'] as const;
const ENGINE_NAMES = { postgres: 'PG', sqlite: 'SQLite' } as const;

/** The ratio goal of the issue: tql's statement within 1.2x of the hand-written one. */
export const SQL_RATIO_GOAL = 1.2;

const ms = (x: number) => (x >= 100 ? x.toFixed(0) : x >= 1 ? x.toFixed(2) : x.toFixed(3));

function cells(row: SqlEngineRow | undefined): string[] {
  if (row === undefined) return ['n/a', 'n/a', 'n/a'];
  const flag = row.ratio > SQL_RATIO_GOAL ? ' ✗' : '';
  return [ms(row.tql.medianMs), ms(row.hand.medianMs), `${formatRatio(row.ratio)}${flag}`];
}

/**
 * One row per workload: tql's and the hand-written statement's median times (ms) and their
 * ratio on each engine, and the rows returned.
 *
 * @example
 * ```ts
 * textTable(sqlRatioTable(results));
 * ```
 */
export function sqlRatioTable(results: SqlBenchResults): Table {
  const headers = ['workload'];
  for (const e of ENGINES) headers.push(`${ENGINE_NAMES[e]} tql ms`, `${ENGINE_NAMES[e]} hand ms`, `${ENGINE_NAMES[e]} ratio`);
  headers.push('rows');
  return {
    headers,
    align: headers.map((_, i) => (i === 0 ? 'left' : 'right')),
    rows: results.workloads.map((w) => [
      w.title,
      ...ENGINES.flatMap((e) => cells(w.engines[e])),
      String(w.engines.postgres?.rows ?? w.engines.sqlite?.rows ?? 'n/a'),
    ]),
  };
}

/** Workloads over the goal, as `id on engine (ratio)`. */
export function sqlMisses(results: SqlBenchResults): string[] {
  return results.workloads.flatMap((w) =>
    ENGINES.flatMap((e) => {
      const r = w.engines[e];
      return r !== undefined && r.ratio > SQL_RATIO_GOAL ? [`${w.id} on ${ENGINE_NAMES[e]} (${formatRatio(r.ratio)})`] : [];
    }),
  );
}

/** tql's page time at the deepest depth over the top page, per engine: 1.0x is flat. */
function depthGrowth(results: SqlBenchResults): string {
  const top = results.workloads.find((w) => w.id === 'keyset-0');
  const deep = results.workloads.find((w) => w.id === 'keyset-50');
  return ENGINES.map((e) => {
    const a = top?.engines[e];
    const b = deep?.engines[e];
    return a === undefined || b === undefined ? `${ENGINE_NAMES[e]} n/a` : `${ENGINE_NAMES[e]} ${formatRatio(b.tql.medianMs / a.tql.medianMs)}`;
  }).join(', ');
}

/** The headline lines: sizes, load times, goal status, depth growth. */
export function sqlSummary(results: SqlBenchResults): string[] {
  const misses = sqlMisses(results);
  const load = ENGINES.flatMap((e) => {
    const x = results.engines[e];
    return x === undefined ? [] : [`${x.version} ${(x.loadMs / 1000).toFixed(0)} s`];
  });
  return [
    `${results.requests.toLocaleString('en')} scheduling requests and ${results.agents.toLocaleString('en')} agents (with their child rows), generated in ${(results.generateMs / 1000).toFixed(0)} s; ` +
      `loaded with the shipped DDL and indexes, then ANALYZE: ${load.join(', ')}.`,
    `Medians of ${results.samples} timed runs per statement, tql's and the hand-written one interleaved; run ${results.startedAt}.`,
    misses.length === 0 ? `Goal (every ratio ≤ ${SQL_RATIO_GOAL}x): met.` : `Goal (every ratio ≤ ${SQL_RATIO_GOAL}x): missed by ${misses.join(', ')}.`,
    `A page's cost against its depth (tql, page at 50% / top page): ${depthGrowth(results)}.`,
  ];
}

/**
 * The section of docs/performance.md, between markers that `npm run bench:sql -- --write-docs`
 * replaces; `decisions` (bench/sql/decisions.md, hand-written) closes it.
 *
 * @example
 * ```ts
 * sqlPerformanceSection(results).startsWith('<!-- sql-bench:start -->'); // true
 * ```
 */
export function sqlPerformanceSection(results: SqlBenchResults, decisions = ''): string {
  const queries = results.workloads.map((w) => `- ${w.title}: \`${w.tql.length > 160 ? `${w.tql.slice(0, 157)}…` : w.tql}\``);
  return [
    SQL_SECTION_START,
    '## SQL statements against hand-written SQL (`npm run bench:sql`)',
    '',
    'tql\'s statement (`compileSql` inside `SELECT "id" FROM <table> WHERE …`, and for the keyset pages the',
    'statement `sqlListStore` runs, taken from the store) against the SQL a good engineer writes for the',
    'same rows (`bench/sql/sql-families.ts`). Before timing, both statements\' rows are asserted equal. PostgreSQL',
    'times are the server\'s `Execution Time` from `EXPLAIN (ANALYZE, BUFFERS)`; SQLite times are one',
    'in-process run of `SELECT count(*) FROM (<statement>)`. The plans are in docs/backends-sql.md.',
    '',
    ...sqlSummary(results).map((l) => `${l}`).join('\n\n').split('\n'),
    '',
    markdownTable(sqlRatioTable(results)),
    '',
    'Queries:',
    '',
    ...queries,
    ...(decisions.trim() === '' ? [] : ['', decisions.trim()]),
    SQL_SECTION_END,
  ].join('\n');
}

export const SQL_SECTION_START = '<!-- sql-bench:start -->';
export const SQL_SECTION_END = '<!-- sql-bench:end -->';
const SQL_MARKERS = { start: SQL_SECTION_START, end: SQL_SECTION_END };

/**
 * `doc` with its SQL section replaced by `section` (appended before "What the numbers mean" when
 * it has none).
 *
 * @example
 * ```ts
 * withSqlSection(readFileSync('docs/performance.md', 'utf8'), sqlPerformanceSection(results));
 * ```
 */
export function withSqlSection(doc: string, section: string): string {
  return withMarkedSection(doc, section, SQL_MARKERS);
}

/**
 * `fresh` (a page just generated without the SQL section) with the SQL section of `previous`, so
 * that `npm run bench -- --write-docs` keeps the last SQL run's table.
 *
 * @example
 * ```ts
 * keepSqlSection(performanceDoc(results, readDecisions(repoRoot(), 'suite')), readFileSync('docs/performance.md', 'utf8'));
 * ```
 */
export function keepSqlSection(fresh: string, previous: string): string {
  return keepMarkedSection(fresh, previous, SQL_MARKERS);
}

export const SQL_PLANS_START = '<!-- sql-plans:start -->';
export const SQL_PLANS_END = '<!-- sql-plans:end -->';

/** The workloads whose plans docs/backends-sql.md shows: collections, prefixes, LIKE, deep pages. */
const PLANNED = ['like-name', 'agent-id-eq', 'psa-b-ticket-eq', 'keyset-50'] as const;

/**
 * The plans section of docs/backends-sql.md: for the workloads where the form of the statement
 * decides the plan, tql's plan on each engine (and the hand-written one's where tql is over the
 * goal), between markers that `npm run bench:sql -- --write-docs` replaces.
 *
 * @example
 * ```ts
 * withSection(readFileSync('docs/backends-sql.md', 'utf8'), sqlPlansSection(results), SQL_PLANS_START, SQL_PLANS_END);
 * ```
 */
export function sqlPlansSection(results: SqlBenchResults): string {
  const lines = [
    SQL_PLANS_START,
    '## Plans that matter (`npm run bench:sql`)',
    '',
    `From the last full run of the SQL bench (docs/performance.md has its table): ${results.requests.toLocaleString('en')} requests loaded with`,
    'the shipped DDL and its indexes. PostgreSQL: `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF, TIMING OFF)`;',
    'SQLite: `EXPLAIN QUERY PLAN`.',
  ];
  for (const id of PLANNED) {
    const w = results.workloads.find((x) => x.id === id);
    if (w === undefined) continue;
    lines.push('', `### ${w.title}`, '', `\`${w.tql}\``);
    for (const e of ENGINES) {
      const row = w.engines[e];
      if (row === undefined) continue;
      lines.push('', `${ENGINE_NAMES[e]}, tql (${ms(row.tql.medianMs)} ms, ${formatRatio(row.ratio)} the hand-written statement):`, '', '```text', row.tql.text, '', ...row.tql.plan, '```');
      if (row.ratio > SQL_RATIO_GOAL) lines.push('', `${ENGINE_NAMES[e]}, hand-written (${ms(row.hand.medianMs)} ms):`, '', '```text', row.hand.text, '', ...row.hand.plan, '```');
    }
  }
  lines.push(SQL_PLANS_END);
  return lines.join('\n');
}
