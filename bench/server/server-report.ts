/** The server section's tables and its part of docs/performance.md. */
import { formatNumber, formatRatio } from '../report/format.js';
import { markdownTable, type Table } from '../report/table.js';
import { keepMarkedSection, withMarkedSection } from '../report/doc-sections.js';
import type { ServerBenchResults, ServerEngineResult, ServerMedians } from './server-bench.js';

/** The goals of the issue: tql's req/s ≥ 0.9x, server CPU per request ≤ 1.2x, one statement per page. */
export const SERVER_GOALS = { reqPerSec: 0.9, serverCpuMs: 1.2, statements: 1 } as const;

const METRICS: readonly { readonly key: keyof ServerMedians; readonly label: string }[] = [
  { key: 'reqPerSec', label: 'req/s' },
  { key: 'p99Ms', label: 'p99 ms' },
  { key: 'serverCpuMs', label: 'server CPU ms/req' },
  { key: 'dbCpuMs', label: 'database CPU ms/req' },
];

/**
 * One row per metric and connection count: tql's median, the hand-written endpoint's, tql / hand.
 *
 * @example
 * ```ts
 * textTable(serverLoadTable(results.engines[0]!));
 * ```
 */
export function serverLoadTable(results: ServerEngineResult): Table {
  const headers = ['connections', 'metric', 'tql', 'hand-written', 'tql / hand'];
  return {
    headers,
    align: headers.map((_, i) => (i < 2 ? 'left' : 'right')),
    rows: results.levels.flatMap((l) =>
      METRICS.map((m) => [String(l.connections), m.label, formatNumber(l.medians.tql[m.key]), formatNumber(l.medians.hand[m.key]), formatRatio(l.ratios[m.key])]),
    ),
  };
}

/**
 * One row per request: the records on its page and the SQL statements each endpoint sent for it.
 *
 * @example
 * ```ts
 * textTable(serverStatementTable(results.engines[0]!));
 * ```
 */
export function serverStatementTable(results: ServerEngineResult): Table {
  const headers = ['request', 'records', 'tql statements', 'hand-written statements'];
  return {
    headers,
    align: headers.map((_, i) => (i === 0 ? 'left' : 'right')),
    rows: results.workloads.map((w) => [`${w.title}: \`${w.path}\``, String(w.records), statementCount(w.statements.tql), statementCount(w.statements.hand)]),
  };
}

/** Statements per page: a whole number, or two decimals when the requests of one URL differed. */
const statementCount = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2));

/** The headline lines of the run: the machine, and how long and how often each endpoint was driven. */
export function serverRunSummary(results: ServerBenchResults): string[] {
  const s = results.settings;
  const m = results.machine;
  return [
    `${m.cpu}, ${m.cores} cores, Node ${m.node}, commit ${m.commit}, load average ${m.loadAverage.start.toFixed(1)} at the start and ${m.loadAverage.end.toFixed(1)} at the end; ` +
      `run ${results.startedAt} (${results.mode}, ${(results.durationMs / 1000).toFixed(0)} s).`,
    `${s.rounds} rounds of ${s.durationSec} s per endpoint and connection count (${s.connections.join(' and ')}), the order alternating each round, after ${s.warmupSec} s of warm-up each; medians over the rounds.`,
  ];
}

/** One engine's lines: the database, the spread of single rounds, and the goals. */
export function serverEngineSummary(results: ServerEngineResult): string[] {
  const misses: string[] = [];
  for (const l of results.levels) {
    if (l.ratios.reqPerSec < SERVER_GOALS.reqPerSec) misses.push(`req/s at ${l.connections} connections ${formatRatio(l.ratios.reqPerSec)}`);
    if (l.ratios.serverCpuMs > SERVER_GOALS.serverCpuMs) misses.push(`server CPU per request at ${l.connections} connections ${formatRatio(l.ratios.serverCpuMs)}`);
  }
  const most = Math.max(...results.workloads.map((w) => w.statements.tql));
  if (most > SERVER_GOALS.statements) misses.push(`up to ${statementCount(most)} statements per page`);
  const spread = results.levels.map((l) => `${l.connections}: ${formatRatio(l.reqPerSecRoundRatios[0])}–${formatRatio(l.reqPerSecRoundRatios[1])}`).join(', ');
  const goals = `Goals (req/s ≥ ${SERVER_GOALS.reqPerSec}x, server CPU per request ≤ ${SERVER_GOALS.serverCpuMs}x, ${SERVER_GOALS.statements} statement per page)`;
  return [
    `${results.database}, the reference server's sample data (loaded in ${(results.loadMs / 1000).toFixed(1)} s). tql / hand req/s of single rounds: ${spread}.`,
    misses.length === 0 ? `${goals}: met.` : `${goals}: missed: ${misses.join('; ')}.`,
  ];
}

export const SERVER_SECTION_START = '<!-- server-bench:start -->';
export const SERVER_SECTION_END = '<!-- server-bench:end -->';
const SERVER_MARKERS = { start: SERVER_SECTION_START, end: SERVER_SECTION_END };

/**
 * The server section of docs/performance.md, between markers that `npm run bench:server --
 * --write-docs` replaces; `decisions` (bench/server/decisions.md, hand-written) closes it.
 *
 * @example
 * ```ts
 * serverPerformanceSection(results).startsWith('<!-- server-bench:start -->'); // true
 * ```
 */
export function serverPerformanceSection(results: ServerBenchResults, decisions = ''): string {
  return [
    SERVER_SECTION_START,
    '## The list server against a hand-written endpoint (`npm run bench:server`)',
    '',
    'The reference list server (`startListServer`, `src/models/scheduling/server/`) and a hand-written endpoint',
    '(`bench/server/hand-endpoint.ts`: node:http, a node-postgres or mysql2 pool of 5 as the server has, one SQL',
    'statement per page building each record\'s arrays with `json_agg` / `JSON_ARRAYAGG`, and only after or before a',
    'cursor a tiny second one at the same time for the link back; its own reading of the six filters, written for the',
    'database\'s own case folding, `lower(column)`, which the trigram index holds) serve the same database, each in its',
    'own process: PostgreSQL, then MariaDB when `mariadbd` is installed',
    '(the goals are judged on PostgreSQL). Before any load, every request\'s body is asserted byte-identical from both.',
    'autocannon, in the bench\'s process, sends the six requests below in turn on every connection. Server CPU is the',
    'endpoint process\'s user + system time from /proc; database CPU is every PostgreSQL process\'s (exited backends',
    'included) or the mariadbd process\'s; both are divided by the requests sent, read once the endpoint has served',
    'what was still queued. Statements are counted in each endpoint\'s process at node-postgres\' `Client#query`',
    '(mysql2\'s `Connection#query` and `#execute`), over a few requests of each URL.',
    '',
    ...serverRunSummary(results).join('\n\n').split('\n'),
    ...results.engines.flatMap((e) => [
      '',
      `### ${e.database}`,
      '',
      ...serverEngineSummary(e).join('\n\n').split('\n'),
      '',
      markdownTable(serverLoadTable(e)),
      '',
      'SQL statements per page:',
      '',
      markdownTable(serverStatementTable(e)),
    ]),
    ...(decisions.trim() === '' ? [] : ['', decisions.trim()]),
    SERVER_SECTION_END,
  ].join('\n');
}

/**
 * `doc` with its server section replaced by `section` (placed before "What the numbers mean"
 * when it has none).
 *
 * @example
 * ```ts
 * withServerSection(readFileSync('docs/performance.md', 'utf8'), serverPerformanceSection(results));
 * ```
 */
export function withServerSection(doc: string, section: string): string {
  return withMarkedSection(doc, section, SERVER_MARKERS);
}

/**
 * `fresh` (a page just generated) with the server section of `previous`, so that `npm run bench
 * -- --write-docs` keeps the last server run's tables.
 *
 * @example
 * ```ts
 * keepServerSection(performanceDoc(results, readDecisions(repoRoot(), 'suite')), readFileSync('docs/performance.md', 'utf8'));
 * ```
 */
export function keepServerSection(fresh: string, previous: string): string {
  return keepMarkedSection(fresh, previous, SERVER_MARKERS);
}
