/**
 * Runs in its own process (started by allocation.ts) with `--expose-gc` and a 256 MB young
 * generation, so a whole batch of parses allocates without a single garbage collection: the
 * heap growth over the batch, divided by the batch size, is what one parse allocates. A batch
 * that saw a collection anyway (v8.GCProfiler tells) is retried at half the size.
 * Prints one JSON document: the groups of the allocation section.
 */
import v8 from 'node:v8';
import { handParse } from '../peers/hand-parser.js';
import { PARSE_PEERS } from '../peers/parse-peers.js';
import { growingQuery, TYPICAL_QUERIES, VARIANT_QUERIES } from '../workloads/parse-workloads.js';
import { write, WRITERS } from '../workloads/query-shapes.js';
import { parse } from '../tql.js';
import { tqlCheck, tqlPipeline, tqlSqlPipeline, tqlTextOf } from './parse.js';

export interface AllocationRow {
  readonly id: string;
  readonly label: string;
  /** Bytes allocated by one call; null when the alternative cannot parse this query. */
  readonly bytes: number | null;
  /** Characters of the text this alternative read. */
  readonly chars: number;
  readonly note: string | null;
}

export interface AllocationGroup {
  readonly id: string;
  readonly title: string;
  readonly chars: number;
  readonly rows: readonly AllocationRow[];
}

const gc = (globalThis as { gc?: () => void }).gc;
const batch = Number(process.argv[2] ?? 100);

/** Bytes one call of `fn(input)` allocates, from a batch that ran without any collection. */
function bytesPerCall(fn: (input: string) => unknown, input: string): number {
  if (gc === undefined) throw new Error('run with --expose-gc');
  // Warm up well past the point where V8 allocates feedback vectors and optimizes, which it
  // does on the heap and would otherwise count against the first query measured.
  for (let i = 0; i < 500; i++) fn(input);
  for (let n = batch; ; n = Math.max(1, n >> 1)) {
    const keep = new Array<unknown>(n).fill(null);
    gc();
    gc();
    const profiler = new v8.GCProfiler();
    profiler.start();
    const before = process.memoryUsage().heapUsed;
    // Results are kept so the batch's garbage is all still on the heap when we look.
    for (let i = 0; i < n; i++) keep[i] = fn(input);
    const after = process.memoryUsage().heapUsed;
    const collections = profiler.stop().statistics.length;
    if (collections === 0 || n === 1) return (after - before) / n;
  }
}

const queries = [...TYPICAL_QUERIES, ...VARIANT_QUERIES, growingQuery(50)];
const groups: AllocationGroup[] = queries.map((q) => {
  const text = tqlTextOf(q);
  const rows: AllocationRow[] = [
    { id: 'hand', label: 'hand-written parser', bytes: bytesPerCall(handParse, text), chars: text.length, note: null },
    { id: 'tql-parse', label: 'tql parse', bytes: bytesPerCall((t) => parse(t), text), chars: text.length, note: null },
    { id: 'tql-check', label: 'tql check (cache: false)', bytes: bytesPerCall(tqlCheck, text), chars: text.length, note: null },
    { id: 'tql', label: 'tql check (cache: false) + compilePredicate', bytes: bytesPerCall(tqlPipeline, text), chars: text.length, note: null },
    { id: 'tql-sql', label: 'tql check (cache: false) + compileSql (postgres)', bytes: bytesPerCall(tqlSqlPipeline, text), chars: text.length, note: null },
  ];
  for (const peer of PARSE_PEERS) {
    const peerText = write(q.shape, WRITERS[peer.language]);
    rows.push(
      peerText === null
        ? { id: peer.id, label: peer.label, bytes: null, chars: 0, note: `n/a: ${peer.language} has no IN operator` }
        : { id: peer.id, label: peer.label, bytes: bytesPerCall(peer.run, peerText), chars: peerText.length, note: `${peerText.length} chars in its language` },
    );
  }
  return { id: q.id, title: `${q.title} (${text.length} chars of TQL)`, chars: text.length, rows };
});

process.stdout.write(JSON.stringify(groups));
