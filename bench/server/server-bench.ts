/**
 * The server section: the reference list server (tql) and the hand-written endpoint, each in its
 * own process, on a throwaway PostgreSQL server with the sample data (then on MariaDB, when
 * `mariadbd` is installed), driven by autocannon with
 * the six requests of workloads.ts at each connection count, alternated round by round. Before
 * any load, every request's body is asserted byte-identical from both, and the SQL statements
 * each sends per page are counted in the child processes.
 */
import os from 'node:os';
import autocannon from 'autocannon';
import { sampleData } from '../../src/models/scheduling/sample.js';
import { median } from '../harness/stats.js';
import { repoRoot } from '../paths.js';
import { describeMachine } from '../report/machine.js';
import type { Machine } from '../report/results.js';
import { bundleChild } from '../sections/bundle-child.js';
import { BENCH_ENGINES, type BenchDatabase, type BenchEngine } from './bench-databases.js';
import { startEndpoint, type EndpointProcess } from './endpoint-process.js';
import { processCpuMs } from './proc-cpu.js';
import { serverWorkloads, type ServerWorkload } from './workloads.js';

export type EndpointKind = 'tql' | 'hand';
export const ENDPOINTS: readonly EndpointKind[] = ['tql', 'hand'];

/** How long and how often the section drives each endpoint. */
export interface ServerBenchSettings {
  readonly mode: 'full' | 'quick';
  /** Rounds; each runs both endpoints at every connection count, the order alternating. */
  readonly rounds: number;
  /** Seconds of load per run. */
  readonly durationSec: number;
  /** Seconds of unmeasured load per endpoint and connection count before the first round. */
  readonly warmupSec: number;
  readonly connections: readonly number[];
  /** Requests per workload and endpoint whose statements are counted. */
  readonly statementSamples: number;
  readonly log: (line: string) => void;
}

/** 4 rounds of 5 s at 16 and 64 connections: about 1.5 minutes per engine. */
export const fullServerSettings = (log: (line: string) => void): ServerBenchSettings => ({
  mode: 'full',
  rounds: 4,
  durationSec: 5,
  warmupSec: 2,
  connections: [16, 64],
  statementSamples: 5,
  log,
});

/** One short round: checks that the section works (what the tests run). */
export const quickServerSettings = (log: (line: string) => void): ServerBenchSettings => ({
  mode: 'quick',
  rounds: 1,
  durationSec: 1,
  warmupSec: 0.5,
  connections: [16],
  statementSamples: 1,
  log,
});

/** One endpoint under load for one run. */
export interface ServerRun {
  readonly endpoint: EndpointKind;
  readonly connections: number;
  readonly round: number;
  /** Requests answered within the run. */
  readonly requests: number;
  readonly reqPerSec: number;
  readonly p99Ms: number;
  /** Milliseconds of the endpoint process's CPU per request sent (the run's and its queue's, drained before the reading). */
  readonly serverCpuMs: number;
  /** Milliseconds of PostgreSQL's CPU (every server process) per request. */
  readonly dbCpuMs: number;
}

/** A workload: its request, the records on its page, and statements per page of each endpoint. */
export interface ServerWorkloadResult extends ServerWorkload {
  readonly records: number;
  readonly statements: Record<EndpointKind, number>;
}

/** The medians of one endpoint at one connection count. */
export interface ServerMedians {
  readonly reqPerSec: number;
  readonly p99Ms: number;
  readonly serverCpuMs: number;
  readonly dbCpuMs: number;
}

/** One connection count: each endpoint's medians and their ratios tql / hand. */
export interface ServerLevel {
  readonly connections: number;
  readonly medians: Record<EndpointKind, ServerMedians>;
  readonly ratios: ServerMedians;
  /** The smallest and largest tql / hand req/s of one round. */
  readonly reqPerSecRoundRatios: readonly [number, number];
}

/** Everything measured on one database engine. */
export interface ServerEngineResult {
  readonly engine: BenchEngine;
  /** e.g. `PostgreSQL 15.18`. */
  readonly database: string;
  readonly loadMs: number;
  readonly workloads: ServerWorkloadResult[];
  readonly levels: ServerLevel[];
  readonly runs: ServerRun[];
}

export interface ServerBenchResults {
  readonly mode: 'full' | 'quick';
  readonly startedAt: string;
  readonly durationMs: number;
  readonly machine: Machine;
  readonly settings: Omit<ServerBenchSettings, 'log'>;
  /** PostgreSQL, then MariaDB when `mariadbd` is installed. */
  readonly engines: ServerEngineResult[];
}

/** The two endpoints answered a request differently: the bench stops rather than time different work. */
export class ServerBodyMismatchError extends Error {}

const TOKEN = 'server-bench-token';
/** Long enough for 64 queued requests to be served at the slowest rate measured (about 150 req/s, MariaDB). */
const SETTLE_MS = 1000;

/**
 * Runs the section on every engine this machine has; undefined when it has none.
 *
 * @example
 * ```ts
 * const results = await runServerBench(quickServerSettings(console.error));
 * results?.engines[0]?.levels[0]?.ratios.reqPerSec; // tql's req/s over the hand-written endpoint's on PostgreSQL
 * ```
 */
export async function runServerBench(settings: ServerBenchSettings): Promise<ServerBenchResults | undefined> {
  const available = BENCH_ENGINES.filter((e) => e.available());
  if (available.length === 0) return undefined;
  const started = Date.now();
  const loadAtStart = os.loadavg()[0] ?? 0;
  const root = repoRoot();
  const childFile = bundleChild(root, 'server-child');
  const engines: ServerEngineResult[] = [];
  for (const { open } of available) {
    const database = await open();
    try {
      engines.push(await runOnDatabase(database, childFile, settings));
    } finally {
      await database.stop();
    }
  }
  const { log: _, ...kept } = settings;
  return {
    mode: settings.mode,
    startedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    machine: describeMachine(root, loadAtStart),
    settings: kept,
    engines,
  };
}

/** Both endpoints on one loaded database: the bodies checked, the statements counted, then the load. */
async function runOnDatabase(database: BenchDatabase, childFile: string, settings: ServerBenchSettings): Promise<ServerEngineResult> {
  const { log } = settings;
  log(`${database.version}: sample data loaded in ${(database.loadMs / 1000).toFixed(1)} s`);
  const endpoints: EndpointProcess[] = [];
  try {
    const tql = await startEndpoint(childFile, 'tql', database.url, TOKEN);
    endpoints.push(tql);
    // The hand-written endpoint links to the reference server's origin, so the bodies can be compared byte for byte.
    const hand = await startEndpoint(childFile, 'hand', database.url, TOKEN, tql.url);
    endpoints.push(hand);
    const byKind: Record<EndpointKind, EndpointProcess> = { tql, hand };

    const workloads = await checkWorkloads(serverWorkloads(sampleData()), byKind, settings.statementSamples);
    for (const w of workloads) log(`${w.id}: ${w.records} records, statements per page tql ${w.statements.tql}, hand ${w.statements.hand}`);

    const requests = workloads.map((w) => ({ method: 'GET' as const, path: w.path }));
    const drive = (e: EndpointProcess, connections: number, duration: number) =>
      autocannon({ url: e.url, connections, duration, requests, headers: { authorization: `Bearer ${TOKEN}` } });
    for (const connections of settings.connections) for (const e of endpoints) await drive(e, connections, settings.warmupSec);

    const runs: ServerRun[] = [];
    for (let round = 0; round < settings.rounds; round++) {
      for (const connections of settings.connections) {
        const order = round % 2 === 0 ? ENDPOINTS : [...ENDPOINTS].reverse();
        for (const kind of order) {
          const e = byKind[kind];
          const cpu0 = processCpuMs(e.pid);
          const db0 = database.cpuMs();
          const r = await drive(e, connections, settings.durationSec);
          // Requests still queued in the endpoint when the load stops are served before the readings,
          // so they count in this run (per request sent) and not in the next one's database CPU.
          await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
          const cpu1 = processCpuMs(e.pid);
          const db1 = database.cpuMs();
          const failed = r.errors + r.timeouts + r.non2xx;
          if (failed > 0) throw new Error(`${kind} at ${connections} connections: ${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} answers not 2xx`);
          const sent = r.requests.sent;
          const run: ServerRun = {
            endpoint: kind,
            connections,
            round,
            requests: r.requests.total,
            reqPerSec: r.requests.total / r.duration,
            p99Ms: r.latency.p99,
            serverCpuMs: (cpu1 - cpu0) / sent,
            dbCpuMs: (db1 - db0) / sent,
          };
          runs.push(run);
          log(`${database.engine}, round ${round + 1}, ${connections} connections, ${kind}: ${run.reqPerSec.toFixed(0)} req/s, p99 ${run.p99Ms} ms`);
        }
      }
    }
    return {
      engine: database.engine,
      database: database.version,
      loadMs: database.loadMs,
      workloads,
      levels: settings.connections.map((c) => level(c, runs.filter((r) => r.connections === c))),
      runs,
    };
  } finally {
    for (const e of endpoints) await e.stop();
  }
}

/** Asserts both endpoints answer each workload with the same 200 body, and counts statements per page. */
async function checkWorkloads(workloads: readonly ServerWorkload[], endpoints: Record<EndpointKind, EndpointProcess>, samples: number): Promise<ServerWorkloadResult[]> {
  const get = async (e: EndpointProcess, path: string) => {
    const res = await fetch(`${e.url}${path}`, { headers: { authorization: `Bearer ${TOKEN}` } });
    const body = await res.text();
    if (res.status !== 200) throw new ServerBodyMismatchError(`${e.kind} answered ${res.status} to ${path}: ${body.slice(0, 300)}`);
    return body;
  };
  const results: ServerWorkloadResult[] = [];
  for (const w of workloads) {
    const tqlBody = await get(endpoints.tql, w.path);
    const handBody = await get(endpoints.hand, w.path);
    if (tqlBody !== handBody) throw new ServerBodyMismatchError(`the endpoints answer ${w.path} differently:\ntql:  ${tqlBody.slice(0, 300)}\nhand: ${handBody.slice(0, 300)}`);
    const statements = { tql: 0, hand: 0 };
    for (const kind of ENDPOINTS) {
      const before = await endpoints[kind].statements();
      for (let i = 0; i < samples; i++) await get(endpoints[kind], w.path);
      statements[kind] = ((await endpoints[kind].statements()) - before) / samples;
    }
    results.push({ ...w, records: (JSON.parse(tqlBody) as { data: unknown[] }).data.length, statements });
  }
  return results;
}

function medians(runs: readonly ServerRun[]): ServerMedians {
  return {
    reqPerSec: median(runs.map((r) => r.reqPerSec)),
    p99Ms: median(runs.map((r) => r.p99Ms)),
    serverCpuMs: median(runs.map((r) => r.serverCpuMs)),
    dbCpuMs: median(runs.map((r) => r.dbCpuMs)),
  };
}

function level(connections: number, runs: readonly ServerRun[]): ServerLevel {
  const tql = medians(runs.filter((r) => r.endpoint === 'tql'));
  const hand = medians(runs.filter((r) => r.endpoint === 'hand'));
  const perRound = [...new Set(runs.map((r) => r.round))].map((round) => {
    const of = (kind: EndpointKind) => runs.find((r) => r.round === round && r.endpoint === kind)!.reqPerSec;
    return of('tql') / of('hand');
  });
  return {
    connections,
    medians: { tql, hand },
    ratios: {
      reqPerSec: tql.reqPerSec / hand.reqPerSec,
      p99Ms: tql.p99Ms / hand.p99Ms,
      serverCpuMs: tql.serverCpuMs / hand.serverCpuMs,
      dbCpuMs: tql.dbCpuMs / hand.dbCpuMs,
    },
    reqPerSecRoundRatios: [Math.min(...perRound), Math.max(...perRound)],
  };
}
