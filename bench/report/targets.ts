/** The issue's performance goals, evaluated on one run's results. */
import { formatBytes, formatNs, formatNumber, formatRatio } from './format.js';
import type { Group, Row, Section, TargetResult, TargetStatus } from './results.js';
import { NATIVE_CALL_WORKLOADS } from '../workloads/filter-workloads.js';

const sectionOf = (sections: readonly Section[], id: string) => sections.find((s) => s.id === id);
const rowOf = (group: Group | undefined, id: string) => group?.rows.find((r) => r.id === id && r.value !== null);
const notMeasured = (id: string, goal: string, why: string): TargetResult => ({ id, goal, measured: why, status: 'not measured' });
const status = (ok: boolean): TargetStatus => (ok ? 'met' : 'missed');
/** The workload of a filter group id such as `agent-1@100k`. */
const workloadOf = (groupId: string) => groupId.slice(0, groupId.includes('@') ? groupId.indexOf('@') : undefined);
/** The rows of a parse group that are not peers: the limit, and tql's whole and partial timings. */
const PARSE_OWN_ROWS = ['hand', 'tql', 'tql-sql', 'tql-check', 'tql-parse'];

/** At most `max` items, then how many more. */
function some(items: readonly string[], max = 4): string {
  return items.length <= max ? items.join(', ') : `${items.slice(0, max).join(', ')} and ${items.length - max} more`;
}

/** One group's ratio, where the group has what it needs. */
interface GroupRatio {
  readonly group: string;
  readonly ratio: number;
}

/** The ratio `ratio` gives each group of the section that has one. */
function groupRatios(sections: readonly Section[], sectionId: string, ratio: (g: Group) => number | null | undefined): GroupRatio[] {
  return (sectionOf(sections, sectionId)?.groups ?? []).flatMap((g) => {
    const r = ratio(g);
    return r == null ? [] : [{ group: g.id, ratio: r }];
  });
}

const worstOf = (ratios: readonly GroupRatio[]) => ratios.reduce((a, b) => (b.ratio > a.ratio ? b : a));

/** `; over 1.25x: a 1.30x, b 1.40x`, or nothing when no ratio is over the limit. */
function overLimit(ratios: readonly GroupRatio[], limit: number): string {
  const over = ratios.filter((r) => r.ratio > limit);
  return over.length === 0 ? '' : `; over ${formatRatio(limit)}: ${some(over.map((r) => `${r.group} ${formatRatio(r.ratio)}`))}`;
}

function filterVsHand(sections: readonly Section[]): TargetResult {
  const id = 'filter-vs-hand';
  const goal = 'In-memory filtering no slower than the hand-written arrow on every workload (ratio ≤ 1.00x)';
  const ratios = groupRatios(sections, 'filter', (g) => rowOf(g, 'tql')?.ratio);
  if (ratios.length === 0) return notMeasured(id, goal, 'no filter results');
  const within = ratios.filter((r) => r.ratio <= 1).length;
  const worst = worstOf(ratios);
  const best = ratios.reduce((a, b) => (b.ratio < a.ratio ? b : a));
  return {
    id,
    goal,
    measured: `${within} of ${ratios.length} workloads ≤ 1.00x; from ${formatRatio(best.ratio)} (${best.group}) to ${formatRatio(worst.ratio)} (${worst.group})${overLimit(ratios, 1)}`,
    status: status(within === ratios.length),
  };
}

function filterVsBest(sections: readonly Section[]): TargetResult {
  const id = 'filter-vs-best';
  const goal = 'In-memory filtering within 1.15x of the best hand-written function on every workload (the arrow where no faster one is known)';
  const ratios = groupRatios(sections, 'filter', (g) => {
    const tql = rowOf(g, 'tql');
    const best = rowOf(g, 'best') ?? rowOf(g, 'hand');
    return tql?.value == null || best?.value == null ? undefined : tql.value / best.value;
  });
  if (ratios.length === 0) return notMeasured(id, goal, 'no filter results');
  const within = ratios.filter((r) => r.ratio <= 1.15).length;
  const worst = worstOf(ratios);
  return {
    id,
    goal,
    measured: `${within} of ${ratios.length} workloads within 1.15x; worst ${formatRatio(worst.ratio)} (${worst.group})${overLimit(ratios, 1.15)}`,
    status: status(within === ratios.length),
  };
}

function filterVsPeers(sections: readonly Section[]): TargetResult {
  const id = 'filter-vs-peers';
  const goal =
    'In-memory filtering at least 3x faster than every peer on every workload; ahead of every peer where the per-record work is one native call (a single LIKE)';
  const margins: { group: string; peer: string; margin: number; needed: number }[] = [];
  for (const g of sectionOf(sections, 'filter')?.groups ?? []) {
    const tql = rowOf(g, 'tql');
    if (tql?.value == null) continue;
    const needed = NATIVE_CALL_WORKLOADS.includes(workloadOf(g.id)) ? 1 : 3;
    for (const r of g.rows) {
      if (r.id === 'hand' || r.id === 'best' || r.id === 'tql' || r.value === null) continue;
      margins.push({ group: g.id, peer: r.id, margin: r.value / tql.value, needed });
    }
  }
  if (margins.length === 0) return notMeasured(id, goal, 'no filter results');
  const under = margins.filter((m) => m.margin < m.needed);
  const least = margins.reduce((a, b) => (b.margin < a.margin ? b : a));
  const missed = under.length === 0 ? '' : `; short: ${some(under.map((m) => `${m.peer} on ${m.group} ${formatRatio(m.margin)}`))}`;
  return {
    id,
    goal,
    measured: `smallest margin ${formatRatio(least.margin)} (${least.peer} on ${least.group}) over ${margins.length} peer timings${missed}`,
    status: status(under.length === 0),
  };
}

function parseVsHand(sections: readonly Section[]): TargetResult {
  const id = 'parse-vs-hand';
  const goal = 'check (no cache) + compilePredicate within 2.5x of the hand-written parser on every parse workload';
  const ratios = groupRatios(sections, 'parse', (g) => rowOf(g, 'tql')?.ratio);
  if (ratios.length === 0) return notMeasured(id, goal, 'no parse results');
  const within = ratios.filter((r) => r.ratio <= 2.5).length;
  return {
    id,
    goal,
    measured: `${within} of ${ratios.length} within 2.5x; ${ratios.map((r) => `${r.group} ${formatRatio(r.ratio)}`).join(', ')}`,
    status: status(within === ratios.length),
  };
}

function parseVsPeers(sections: readonly Section[]): TargetResult {
  const id = 'parse-vs-peers';
  const goal = "check (no cache) + compilePredicate faster than every peer's parse (cel-js's the fastest) on every parse workload";
  const groups = sectionOf(sections, 'parse')?.groups ?? [];
  const parts: string[] = [];
  const beatenBy: string[] = [];
  for (const g of groups) {
    const tql = rowOf(g, 'tql');
    const peers = g.rows.filter((r: Row) => !PARSE_OWN_ROWS.includes(r.id) && r.value !== null);
    if (tql?.value == null || peers.length === 0) continue;
    const fastest = peers.reduce((a, b) => (b.value! < a.value! ? b : a));
    parts.push(`${g.id} ${formatRatio(tql.value / fastest.value!)} ${fastest.id}'s time`);
    if (fastest.value! <= tql.value) beatenBy.push(`${g.id} (${fastest.id})`);
  }
  if (parts.length === 0) return notMeasured(id, goal, 'no parse results');
  return {
    id,
    goal,
    measured: `tql's time / the fastest peer's: ${parts.join(', ')}` + (beatenBy.length === 0 ? '' : `; not ahead on ${beatenBy.join(', ')}`),
    status: status(beatenBy.length === 0),
  };
}

function sqlVsParse(sections: readonly Section[]): TargetResult {
  const id = 'sql-vs-parse';
  const goal = 'check (no cache) + compileSql (postgres) within 2x of tql parse alone on every parse workload';
  const ratios = groupRatios(sections, 'parse', (g) => {
    const sql = rowOf(g, 'tql-sql');
    const parse = rowOf(g, 'tql-parse');
    return sql?.value == null || parse?.value == null ? undefined : sql.value / parse.value;
  });
  if (ratios.length === 0) return notMeasured(id, goal, 'no parse results');
  const within = ratios.filter((r) => r.ratio <= 2).length;
  return {
    id,
    goal,
    measured: `${within} of ${ratios.length} within 2x of parse; ${ratios.map((r) => `${r.group} ${formatRatio(r.ratio)}`).join(', ')}`,
    status: status(within === ratios.length),
  };
}

function cacheHit(sections: readonly Section[]): TargetResult {
  const id = 'cache-hit';
  const goal = 'A repeated query costs one cache look-up (check() on a cache hit ≤ 1 µs)';
  const repeat = sectionOf(sections, 'cache')?.groups.find((g) => g.id === 'repeat');
  const hit = rowOf(repeat, 'tql-cached');
  const map = rowOf(repeat, 'map');
  const uncached = rowOf(repeat, 'tql-uncached');
  if (hit?.value == null || map?.value == null) return notMeasured(id, goal, 'no cache results');
  return {
    id,
    goal,
    measured:
      `${formatNs(hit.value)} per hit = ${formatRatio(hit.value / map.value)} one Map.get (${formatNs(map.value)})` +
      (uncached?.value == null ? '' : `; ${formatRatio(uncached.value / hit.value)} faster than without the cache`),
    status: status(hit.value <= 1000),
  };
}

function coldStart(sections: readonly Section[]): TargetResult {
  const id = 'cold-start';
  const goal = 'Cold start (import of the built package to the first compiled query, fresh processes) < 10 ms';
  const total = sectionOf(sections, 'cold-start')?.groups[0]?.rows.find((r) => r.id === 'totalMs');
  if (total?.value == null) return notMeasured(id, goal, total?.note ?? 'no cold-start results');
  return { id, goal, measured: `${formatNumber(total.value)} ms median (${total.note ?? ''})`, status: status(total.value < 10) };
}

function coldStartCpu(sections: readonly Section[]): TargetResult {
  const id = 'cold-start-cpu';
  const goal = 'Cold start costs ≤ 15 ms of CPU time over a bare node process (whole process, every thread, import to the first compiled query)';
  const over = sectionOf(sections, 'cold-start')?.groups[0]?.rows.find((r) => r.id === 'cpuOverBareMs');
  if (over?.value == null) return notMeasured(id, goal, over?.note ?? 'no cold-start results');
  return { id, goal, measured: `+${formatNumber(over.value)} ms median (${over.note ?? ''})`, status: status(over.value <= 15) };
}

function bytesPerChar(sections: readonly Section[]): TargetResult {
  const id = 'bytes-per-char';
  const goal = 'Bytes allocated per input character for parsing (reported)';
  const groups = sectionOf(sections, 'allocation')?.groups ?? [];
  const parts = groups.flatMap((g) => {
    const parse = rowOf(g, 'tql-parse');
    const tql = rowOf(g, 'tql');
    const hand = rowOf(g, 'hand');
    if (parse?.perUnit == null || tql?.perUnit == null) return [];
    const check = rowOf(g, 'tql-check')?.perUnit;
    const sql = rowOf(g, 'tql-sql')?.perUnit;
    return [
      `${g.id}: parse ${formatBytes(parse.perUnit)}/char` +
        (check == null ? '' : `, check ${formatBytes(check)}/char`) +
        `, check+compile ${formatBytes(tql.perUnit)}/char` +
        (sql == null ? '' : `, check+compileSql ${formatBytes(sql)}/char`) +
        (hand?.perUnit == null ? '' : ` (hand ${formatBytes(hand.perUnit)}/char)`),
    ];
  });
  if (parts.length === 0) return notMeasured(id, goal, 'no allocation results');
  return { id, goal, measured: parts.join('; '), status: 'reported' };
}

/**
 * How tql's cost grows along a curve (groups of growing size): `perUnit` compares its cost per
 * unit at the largest size with that at the smallest size from `minSize` on; `ratio` compares
 * its ratio to the limit instead, for curves where the machine's caches make every alternative
 * slower per unit as the data outgrows them. Within 1.5x means linear.
 */
function linear(
  sections: readonly Section[],
  curve: { readonly section: string; readonly id: string; readonly goal: string; readonly minSize: number; readonly metric: 'perUnit' | 'ratio' },
): TargetResult {
  const { id, goal } = curve;
  const section = sectionOf(sections, curve.section);
  const byCurve = new Map<string, Group[]>();
  for (const g of section?.groups ?? []) {
    const name = g.id.includes('@') ? g.id.slice(0, g.id.indexOf('@')) : '';
    byCurve.set(name, [...(byCurve.get(name) ?? []), g]);
  }
  const parts: string[] = [];
  let ok = true;
  for (const [name, groups] of byCurve) {
    const points = groups.flatMap((g) => {
      const tql = rowOf(g, 'tql');
      return tql?.perUnit == null || tql.ratio === null || g.size === null ? [] : [{ size: g.size, perUnit: tql.perUnit, ratio: tql.ratio }];
    });
    // From minSize up; a run too small to have two such points (quick mode) is judged on all of them.
    const large = points.filter((p) => p.size >= curve.minSize);
    const judged = large.length >= 2 ? large : points;
    if (judged.length < 2) continue;
    const first = judged[0]!;
    const last = judged[judged.length - 1]!;
    const growth = last[curve.metric] / first[curve.metric];
    ok &&= growth <= 1.5;
    const shown = points.map((p) => `${p.size}: ${formatNs(p.perUnit)}${curve.metric === 'ratio' ? ` (${formatRatio(p.ratio)})` : ''}`);
    const what = curve.metric === 'ratio' ? 'ratio to the limit' : 'per-unit time';
    parts.push(`${name === '' ? '' : `${name}: `}${shown.join(', ')}; ${what} at ${last.size} vs ${first.size}: ${formatRatio(growth)}`);
  }
  if (parts.length === 0) return notMeasured(id, goal, 'no curve results');
  return { id, goal, measured: parts.join('; '), status: status(ok) };
}

/**
 * Every goal, in the order the docs list them.
 *
 * @example
 * ```ts
 * evaluateTargets(results.sections).map((t) => t.status); // ['met', 'missed', …]
 * ```
 */
export function evaluateTargets(sections: readonly Section[]): TargetResult[] {
  return [
    filterVsHand(sections),
    filterVsBest(sections),
    filterVsPeers(sections),
    parseVsPeers(sections),
    parseVsHand(sections),
    sqlVsParse(sections),
    coldStart(sections),
    coldStartCpu(sections),
    cacheHit(sections),
    bytesPerChar(sections),
    linear(sections, {
      section: 'predicate-curve',
      id: 'linear-predicates',
      goal: 'Time grows linearly with query length (tql time per predicate at 100 predicates ≤ 1.5x that at 10)',
      minSize: 10,
      metric: 'perUnit',
    }),
    linear(sections, {
      section: 'record-curve',
      id: 'linear-records',
      goal:
        'Time grows linearly with the record count (tql time per record, relative to the hand-written arrow, ' +
        'at the largest count ≤ 1.5x that at 100k: from there on the records no longer fit in the CPU caches, ' +
        'and memory slows both alike as data grows)',
      minSize: 100_000,
      metric: 'ratio',
    }),
  ];
}
