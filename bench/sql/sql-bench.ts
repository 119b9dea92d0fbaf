/**
 * The SQL section: tql's statements against hand-written ones on PostgreSQL and SQLite, loaded
 * with the shipped DDL. Per workload and engine: the rows of both are asserted equal, then both
 * run interleaved (after one warm-up run each) and the ratio is median(tql) / median(hand).
 */
import type { SqlStatement } from '../../src/backends/sql/compile-sql.js';
import { compileSql } from '../../src/backends/sql/compile-sql.js';
import type { SqlDatabase } from '../../src/backends/sql/database.js';
import { SQL_DIALECTS } from '../../src/backends/sql/dialects.js';
import { quoteIdentifier } from '../../src/backends/sql/sql-text.js';
import { keyAttribute, readSort } from '../../src/http/list-sort.js';
import type { Entity } from '../../src/schema/types.js';
import { sqlListStore } from '../../src/http/sql-store.js';
import { generateSchedulingData, type SchedulingData } from '../../src/models/scheduling/generate.js';
import { schedulingSchema } from '../../src/models/scheduling/schema.js';
import { schedulingSqlMapping } from '../../src/models/scheduling/sql/mapping.js';
import { check } from '../../src/api/check.js';
import { median } from '../harness/stats.js';
import { postgresEngine, sqliteEngine, type BenchDialect, type BenchEngine } from './sql-engines.js';
import { handPage, sqlFamilies, type HandSql } from './sql-families.js';

/** How much the SQL section loads and how often it times each statement. */
export interface SqlBenchSettings {
  readonly mode: 'full' | 'quick';
  readonly seed: number;
  readonly requests: number;
  readonly agents: number;
  /** Timed runs per statement (the median is kept). */
  readonly samples: number;
  /** Rows per keyset page. */
  readonly pageSize: number;
  /** Only these engines (default both). */
  readonly engines?: readonly BenchDialect[] | undefined;
  /** Only the workloads with these ids (`email-in-100`, `keyset-10`; default all). */
  readonly workloads?: readonly string[] | undefined;
  readonly log: (line: string) => void;
}

/** One statement of one workload on one engine. */
export interface SqlMeasurement {
  readonly text: string;
  readonly values: readonly unknown[];
  /** Median milliseconds over the timed runs. */
  readonly medianMs: number;
  readonly plan: readonly string[];
}

/** One workload on one engine. */
export interface SqlEngineRow {
  readonly tql: SqlMeasurement;
  readonly hand: SqlMeasurement;
  /** median(tql) / median(hand). */
  readonly ratio: number;
  /** Rows both statements returned (asserted equal). */
  readonly rows: number;
}

/** One workload: the query and each engine's timing. */
export interface SqlWorkloadResult {
  readonly id: string;
  readonly title: string;
  readonly tql: string;
  readonly engines: Partial<Record<'postgres' | 'sqlite', SqlEngineRow>>;
}

/** Everything the SQL section measured. */
export interface SqlBenchResults {
  readonly mode: 'full' | 'quick';
  readonly startedAt: string;
  readonly requests: number;
  readonly agents: number;
  readonly samples: number;
  readonly engines: Partial<Record<'postgres' | 'sqlite', { readonly version: string; readonly loadMs: number }>>;
  readonly generateMs: number;
  readonly workloads: SqlWorkloadResult[];
}

/** Rows of two statements differ: the bench stops rather than time different work. */
export class SqlRowMismatchError extends Error {}

/** The list positions the keyset pages start at: the top, 10% and 50% down. */
export const PAGE_DEPTHS = [0, 0.1, 0.5] as const;

/**
 * The full run: 1M requests and 100k agents (the sizes), 5 timed runs per statement.
 *
 * @example
 * ```ts
 * await runSqlBench(fullSqlSettings(console.error));
 * ```
 */
export function fullSqlSettings(log: (line: string) => void): SqlBenchSettings {
  return { mode: 'full', seed: 20261122, requests: 1_000_000, agents: 100_000, samples: 5, pageSize: 50, log };
}

/** The smoke run the tests use: a few thousand rows, one timed run; it proves the rows agree. */
export function quickSqlSettings(log: (line: string) => void): SqlBenchSettings {
  return { mode: 'quick', seed: 20261122, requests: 3000, agents: 300, samples: 1, pageSize: 50, log };
}

/** The statement sqlListStore runs for one page, taken from the store itself (it is not copied here). */
export async function storePageStatement(dialect: SqlDatabase['dialect'], from: PagePlace | undefined, limit: number): Promise<SqlStatement> {
  const seen: SqlStatement[] = [];
  const recorder: SqlDatabase = {
    dialect,
    sqlDialect: SQL_DIALECTS[dialect],
    async all(statement) {
      seen.push(statement);
      return [];
    },
    exec: async () => undefined,
    transaction: (fn) => fn(recorder),
  };
  const store = sqlListStore({ db: recorder, mapping: schedulingSqlMapping, entity: 'scheduling_request' });
  await store.page(undefined, { order: NEWEST_FIRST, direction: 'forward', from: from === undefined ? undefined : { values: [from.createdAt, from.id], id: from.id }, limit });
  if (seen.length !== 1) throw new Error(`sqlListStore ran ${seen.length} statements for an empty page, expected 1`);
  return seen[0]!;
}

function sameRows(a: readonly Record<string, unknown>[], b: readonly Record<string, unknown>[], ordered: boolean): boolean {
  const key = (r: Record<string, unknown>) => `${String(r['id'])}|${r['created_at'] === undefined ? '' : Number(r['created_at'])}`;
  const left = a.map(key);
  const right = b.map(key);
  if (!ordered) {
    left.sort();
    right.sort();
  }
  return left.length === right.length && left.every((x, i) => x === right[i]);
}

async function measure(engine: BenchEngine, id: string, tql: SqlStatement, hand: HandSql, ordered: boolean, samples: number): Promise<SqlEngineRow> {
  const handStatement = { text: hand.text, values: [...hand.values] };
  const [tqlRows, handRows] = [await engine.rows(tql), await engine.rows(handStatement)];
  if (!sameRows(tqlRows, handRows, ordered)) {
    throw new SqlRowMismatchError(`${id} on ${engine.dialect}: tql returned ${tqlRows.length} rows, the hand-written SQL ${handRows.length}, or different ones`);
  }
  // One warm-up each, then interleaved runs, the order alternating so neither always goes first.
  await engine.time(tql);
  await engine.time(handStatement);
  const times = { tql: [] as number[], hand: [] as number[] };
  for (let i = 0; i < samples; i++) {
    const order = i % 2 === 0 ? (['tql', 'hand'] as const) : (['hand', 'tql'] as const);
    for (const which of order) times[which].push(await engine.time(which === 'tql' ? tql : handStatement));
  }
  const tqlMs = median(times.tql);
  const handMs = median(times.hand);
  return {
    tql: { text: tql.text, values: tql.values, medianMs: tqlMs, plan: await engine.plan(tql) },
    hand: { text: hand.text, values: hand.values, medianMs: handMs, plan: await engine.plan(handStatement) },
    ratio: tqlMs / handMs,
    rows: tqlRows.length,
  };
}

/** A request's place in the list: its created_at and id. */
type PagePlace = { readonly createdAt: number; readonly id: string };

const REQUEST = schedulingSchema.entities.scheduling_request as Entity;
/** The list order of the requests, as the endpoint asks for it by default: newest first, then the larger id. */
const NEWEST_FIRST = readSort('-created_at', REQUEST, keyAttribute(REQUEST, undefined));

/** The requests' places in that order (ids compared as their bytes, which is their code units' order here). */
function listOrder(data: SchedulingData): PagePlace[] {
  return data.schedulingRequests.map((r) => ({ createdAt: r.created_at, id: r.id })).sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
}

/**
 * Loads the data into each engine, then measures every family and the keyset pages.
 *
 * @example
 * ```ts
 * const results = await runSqlBench(quickSqlSettings(() => {}));
 * results.workloads.map((w) => w.engines.sqlite?.ratio);
 * ```
 */
export async function runSqlBench(settings: SqlBenchSettings): Promise<SqlBenchResults> {
  const { log } = settings;
  const startedAt = new Date().toISOString();
  let t = performance.now();
  const data = generateSchedulingData({ seed: settings.seed, agents: settings.agents, teams: 40, requests: settings.requests });
  const generateMs = performance.now() - t;
  log(`generated ${settings.requests} requests and ${settings.agents} agents in ${(generateMs / 1000).toFixed(1)} s`);

  const wanted = (id: string) => settings.workloads === undefined || settings.workloads.includes(id);
  const families = sqlFamilies(data).filter((f) => wanted(f.id));
  const order = listOrder(data);
  const pages = PAGE_DEPTHS.map((depth) => {
    const position = Math.floor(order.length * depth);
    return { depth, position, from: position === 0 ? undefined : order[position - 1] };
  }).filter((page) => wanted(`keyset-${Math.round(page.depth * 100)}`));

  const workloads = new Map<string, { id: string; title: string; tql: string; engines: SqlWorkloadResult['engines'] }>();
  const engines: SqlBenchResults['engines'] = {};
  const openers = { sqlite: sqliteEngine, postgres: postgresEngine } as const;
  for (const open of (settings.engines ?? (['sqlite', 'postgres'] as const)).map((d) => openers[d])) {
    t = performance.now();
    const engine = await open(data);
    if (engine === undefined) {
      log('PostgreSQL: no server binaries, skipped');
      continue;
    }
    engines[engine.dialect] = { version: engine.version, loadMs: engine.loadMs };
    log(`${engine.version}: loaded in ${(engine.loadMs / 1000).toFixed(1)} s`);
    try {
      for (const family of families) {
        const query = check(family.tql, schedulingSchema, family.entity);
        const where = compileSql(query, { dialect: engine.dialect, mapping: schedulingSqlMapping });
        const table = quoteIdentifier(schedulingSqlMapping[family.entity].table);
        const tql = { text: `SELECT "id" FROM ${table} WHERE ${where.text}`, values: where.values };
        const m = await measure(engine, family.id, tql, family.hand[engine.dialect], false, settings.samples);
        record(family.id, family.title, family.tql, m);
      }
      for (const page of pages) {
        const id = `keyset-${Math.round(page.depth * 100)}`;
        const tql = await storePageStatement(engine.dialect, page.from, settings.pageSize);
        const m = await measure(engine, id, tql, handPage(engine.dialect, page.from, settings.pageSize), true, settings.samples);
        record(id, `keyset page at row ${page.position} (${Math.round(page.depth * 100)}%)`, '(no filter; sqlListStore, 50 rows older than the key)', m);
      }
    } finally {
      await engine.close();
    }
    log(`${engine.version}: done in ${((performance.now() - t) / 1000).toFixed(0)} s`);

    // Row counts may differ between engines where LIKE folds differently (docs/backends-sql.md).
    function record(id: string, title: string, tql: string, m: SqlEngineRow): void {
      const w = workloads.get(id) ?? { id, title, tql, engines: {} };
      w.engines[engine!.dialect] = m;
      workloads.set(id, w);
      log(`  ${id} ${engine!.dialect}: ${m.rows} rows, tql ${m.tql.medianMs.toFixed(3)} ms, hand ${m.hand.medianMs.toFixed(3)} ms, ${m.ratio.toFixed(2)}x`);
    }
  }
  return { mode: settings.mode, startedAt, requests: settings.requests, agents: settings.agents, samples: settings.samples, engines, generateMs, workloads: [...workloads.values()] };
}
