/**
 * Cold start: a fresh `node` process imports the built package (dist/) and compiles one query.
 * What a CLI or a serverless function pays before its first answer. Several processes, one
 * after another; the median is reported. Two more kinds of process measure, alone, the two
 * one-off costs the first query pays for (see the findings in docs/performance.md).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Group, Row, Section } from '../report/results.js';
import type { Settings } from '../settings.js';
import { median } from '../harness/stats.js';

const QUERY = 'agent.name LIKE john AND agent.two_factor_enabled EQ false AND agent.created_at GTE 2024-07-01';
/** The application's own schema, as a user of tql defines it (tql/scheduling is a model apart). */
const SCHEMA = "{ entities: { agent: { attributes: { name: { type: 'String' }, two_factor_enabled: { type: 'Boolean' }, created_at: { type: 'Timestamp' } } } } }";

/** Milliseconds by row id, as a child process prints them. */
type Timings = Readonly<Record<string, number>>;

interface Probe {
  readonly group: string;
  readonly title: string;
  /** Module code that prints one JSON object of timings. */
  readonly script: string;
  readonly rows: readonly (readonly [id: string, label: string])[];
}

function probes(dist: string): readonly Probe[] {
  const url = (file: string) => JSON.stringify(pathToFileURL(path.join(dist, file)).href);
  return [
    {
      group: 'dist',
      title: 'built package (dist/), fresh process',
      script: `
const t0 = performance.now();
const tql = await import(${url('index.js')});
const memory = await import(${url('memory.js')});
const t1 = performance.now();
const schema = tql.defineSchema(${SCHEMA});
const predicate = memory.compilePredicate(tql.check(${JSON.stringify(QUERY)}, schema, 'agent'));
const t2 = performance.now();
const cpu = process.cpuUsage();
const cpuMs = (cpu.user + cpu.system) / 1000;
if (typeof predicate !== 'function') throw new Error('compilePredicate did not return a function');
if (tql.safeCheck('agent.name EQ', schema, 'agent').ok) throw new Error('a syntax error was accepted');
const t3 = performance.now();
console.log(JSON.stringify({ totalMs: t2 - t0, importMs: t1 - t0, firstQueryMs: t2 - t1, sinceProcessStartMs: t2, firstErrorMs: t3 - t2, cpuMs }));`,
      rows: [
        ['totalMs', 'import to first compiled query'],
        ['importMs', 'import tql and tql/memory (dist, ESM)'],
        ['firstQueryMs', 'first check + compilePredicate'],
        ['sinceProcessStartMs', 'node process start to first compiled query'],
        ['firstErrorMs', 'then the first syntax error (loads dist/ohm.cjs: ohm-js and the grammar)'],
        ['cpuMs', 'CPU time of the process (every thread) from its start to the first compiled query'],
      ],
    },
    {
      group: 'bare',
      title: 'bare node: a module that imports nothing, fresh process',
      script: `
const cpu = process.cpuUsage();
console.log(JSON.stringify({ cpuMs: (cpu.user + cpu.system) / 1000 }));`,
      rows: [['cpuMs', 'CPU time of the process (every thread) from its start to its module run']],
    },
    {
      group: 'parts',
      title: 'one-off costs alone, each in a fresh process',
      script: `
const t0 = performance.now();
process.getBuiltinModule('node:module').createRequire(import.meta.url)(${JSON.stringify(path.join(dist, 'ohm.cjs'))}).makeTqlGrammar();
const t1 = performance.now();
new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
const t2 = performance.now();
console.log(JSON.stringify({ ohmImportMs: t1 - t0, firstIntlMs: t2 - t1 }));`,
      rows: [
        ['ohmImportMs', 'require dist/ohm.cjs and make the grammar, alone (paid by the first text the fast path rejects)'],
        ['firstIntlMs', 'first Intl.DateTimeFormat (paid once by a check with a time zone other than UTC)'],
      ],
    },
  ];
}

/**
 * Runs the probe as a module file, as an application's entry module is run: with `-e`, the
 * timer would also hold the start of Node's ES-module loader (about 3.5 ms for an empty module),
 * which an application pays before it imports anything.
 */
function runOnce(script: string, cwd: string): Timings | string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tql-cold-start-'));
  const file = path.join(dir, 'probe.mjs');
  writeFileSync(file, script);
  const child = spawnSync(process.execPath, [file], { cwd, encoding: 'utf8', timeout: 60_000 });
  rmSync(dir, { recursive: true, force: true });
  if (child.status !== 0) return (child.stderr || child.error?.message || 'the child process failed').trim().split('\n').slice(0, 3).join(' ');
  return JSON.parse(child.stdout) as Timings;
}

function rowsOf(probe: Probe, runs: readonly Timings[], failure: string | null): Row[] {
  return probe.rows.map(([id, label]) => {
    if (failure !== null) return { id, label, value: null, ratio: null, perUnit: null, count: null, note: `n/a: ${failure}` };
    const values = runs.map((r) => r[id] ?? Number.NaN);
    return {
      id,
      label,
      value: median(values),
      ratio: null,
      perUnit: null,
      count: null,
      note: `min ${Math.min(...values).toFixed(1)}, max ${Math.max(...values).toFixed(1)} over ${runs.length} processes`,
    };
  });
}

/**
 * What tql adds to a process's CPU time: the median, over the pairs of processes run one after
 * the other, of the dist probe's CPU time less the bare one's, so that a noisy moment shifts both.
 */
function cpuOverBare(dist: readonly Timings[], bare: readonly Timings[], failure: string | null): Row {
  const id = 'cpuOverBareMs';
  const label = 'CPU time over a bare node process (every thread), import to the first compiled query';
  if (failure !== null) return { id, label, value: null, ratio: null, perUnit: null, count: null, note: `n/a: ${failure}` };
  const over = dist.map((r, i) => (r['cpuMs'] ?? Number.NaN) - (bare[i]?.['cpuMs'] ?? Number.NaN));
  const note = `min ${Math.min(...over).toFixed(1)}, max ${Math.max(...over).toFixed(1)} over ${over.length} pairs of processes`;
  return { id, label, value: median(over), ratio: null, perUnit: null, count: null, note };
}

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
  const all = probes(dist);
  const runs = all.map(() => [] as Timings[]);
  let failure: string | null = null;
  if (!existsSync(path.join(dist, 'index.js')) || !existsSync(path.join(dist, 'memory.js'))) {
    failure = 'no build in dist/ (run npm run build)';
  } else {
    // Alternate the kinds of process so a noisy moment does not hit only one of them.
    for (let i = 0; i < settings.coldStartProcesses && failure === null; i++) {
      settings.log(`cold start ${i + 1}/${settings.coldStartProcesses}`);
      all.forEach((probe, k) => {
        if (failure !== null) return;
        const result = runOnce(probe.script, repoRoot);
        if (typeof result === 'string') failure = result;
        else runs[k]!.push(result);
      });
    }
  }
  const runsOf = (group: string) => runs[all.findIndex((p) => p.group === group)]!;
  const groups: Group[] = all.map((probe, k) => {
    const rows = rowsOf(probe, runs[k]!, failure);
    // The first group's last row: what the goal reads (bench/report/targets.ts).
    if (probe.group === 'dist') rows.push(cpuOverBare(runs[k]!, runsOf('bare'), failure));
    return { id: probe.group, title: probe.title, size: null, rows };
  });
  return {
    id: 'cold-start',
    title: 'Cold start',
    about:
      `A fresh node process runs a module file that imports dist/index.js and dist/memory.js and compiles "${QUERY}", timed inside the ` +
      `process; median over ${settings.coldStartProcesses} processes run one after another. "parts": what two one-off ` +
      'costs of that first query take alone, each measured in processes of its own. "bare": a process that imports nothing, ' +
      'run after each of the others: the CPU time a process takes whatever it loads, which the first group subtracts.',
    unit: 'ms',
    ratioTo: null,
    perUnitLabel: null,
    groups,
  };
}
