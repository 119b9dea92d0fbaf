/**
 * Cold start: a fresh `node` process imports the built package (dist/) and compiles one query.
 * What a CLI or a serverless function pays before its first answer. Several processes, one
 * after another; the median is reported.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Row, Section } from '../report/results.js';
import type { Settings } from '../settings.js';
import { median } from '../harness/stats.js';

const QUERY = 'agent.name LIKE john AND agent.two_factor_enabled EQ false AND agent.created_at GTE 2024-07-01';

interface Timings {
  /** Both dist entry points imported. */
  readonly importMs: number;
  /** check + compilePredicate of the first query. */
  readonly firstQueryMs: number;
  /** From the start of the import to the compiled query: the cold-start figure. */
  readonly totalMs: number;
  /** From the process's time origin to the compiled query (includes Node's own start). */
  readonly sinceProcessStartMs: number;
}

function childScript(dist: string): string {
  const url = (file: string) => JSON.stringify(pathToFileURL(path.join(dist, file)).href);
  return `
const t0 = performance.now();
const tql = await import(${url('index.js')});
const memory = await import(${url('memory.js')});
const t1 = performance.now();
const predicate = memory.compilePredicate(tql.check(${JSON.stringify(QUERY)}, tql.schedulingSchema, 'agent'));
const t2 = performance.now();
if (typeof predicate !== 'function') throw new Error('compilePredicate did not return a function');
console.log(JSON.stringify({ importMs: t1 - t0, firstQueryMs: t2 - t1, totalMs: t2 - t0, sinceProcessStartMs: t2 }));
`;
}

function runOnce(dist: string): Timings | string {
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', childScript(dist)], { encoding: 'utf8', timeout: 60_000 });
  if (child.status !== 0) return (child.stderr || child.error?.message || 'the child process failed').trim().split('\n').slice(0, 3).join(' ');
  return JSON.parse(child.stdout) as Timings;
}

const ROWS: readonly (readonly [keyof Timings, string])[] = [
  ['totalMs', 'import to first compiled query'],
  ['importMs', 'import tql and tql/memory (dist, ESM)'],
  ['firstQueryMs', 'first check + compilePredicate'],
  ['sinceProcessStartMs', 'node process start to first compiled query'],
];

/**
 * Cold start from dist/ (build it first: `npm run build`); n/a rows when there is no build.
 *
 * @example
 * ```ts
 * coldStartSection('/work/main', settings).groups[0]?.rows[0]?.value; // ms, median over processes
 * ```
 */
export function coldStartSection(repoRoot: string, settings: Settings): Section {
  const dist = path.join(repoRoot, 'dist');
  const runs: Timings[] = [];
  let failure: string | null = null;
  if (!existsSync(path.join(dist, 'index.js')) || !existsSync(path.join(dist, 'memory.js'))) {
    failure = 'no build in dist/ (run npm run build)';
  } else {
    for (let i = 0; i < settings.coldStartProcesses && failure === null; i++) {
      settings.log(`cold start ${i + 1}/${settings.coldStartProcesses}`);
      const result = runOnce(dist);
      if (typeof result === 'string') failure = result;
      else runs.push(result);
    }
  }
  const rows: Row[] = ROWS.map(([key, label]) =>
    failure !== null
      ? { id: key, label, value: null, ratio: null, perUnit: null, count: null, note: `n/a: ${failure}` }
      : {
          id: key,
          label,
          value: median(runs.map((r) => r[key])),
          ratio: null,
          perUnit: null,
          count: null,
          note: `min ${Math.min(...runs.map((r) => r[key])).toFixed(1)}, max ${Math.max(...runs.map((r) => r[key])).toFixed(1)} over ${runs.length} processes`,
        },
  );
  return {
    id: 'cold-start',
    title: 'Cold start',
    about:
      `A fresh node process imports dist/index.js and dist/memory.js and compiles "${QUERY}"; median over ` +
      `${settings.coldStartProcesses} processes run one after another.`,
    unit: 'ms',
    ratioTo: null,
    perUnitLabel: null,
    groups: [{ id: 'dist', title: 'built package (dist/), fresh process', size: null, rows }],
  };
}
