/**
 * Parse + validate + compile: tql from text to a compiled predicate with its cache bypassed,
 * against the small hand-written parser (the limit: reading the text and nothing more) and the
 * peers' parsers on the same query written in their languages.
 */
import { compare, type Alternative } from '../harness/compare.js';
import { handParse } from '../peers/hand-parser.js';
import { PARSE_PEERS } from '../peers/parse-peers.js';
import type { Group, Row, Section } from '../report/results.js';
import type { Settings } from '../settings.js';
import { check, compilePredicate, compileSql, parse, schedulingSchema, schedulingSqlMapping } from '../tql.js';
import { GROWING_SIZES, growingQuery, TYPICAL_QUERIES, VARIANT_QUERIES, type ParseWorkload } from '../workloads/parse-workloads.js';
import { write, WRITERS } from '../workloads/query-shapes.js';
import { measuredRow, naRow } from './rows.js';

/** check() options that bypass its cache: every call parses and validates. */
export const UNCACHED = { cache: false } as const;

/** The full tql pipeline from text to predicate, nothing cached. */
export function tqlPipeline(text: unknown): unknown {
  return compilePredicate(check(text as string, schedulingSchema, 'agent', UNCACHED));
}

/** The PostgreSQL mapping of the scheduling models, the options of {@link tqlSqlPipeline}. */
const POSTGRES = { dialect: 'postgres', mapping: schedulingSqlMapping } as const;

/** From text to a PostgreSQL WHERE clause and its values, nothing cached. */
export function tqlSqlPipeline(text: unknown): unknown {
  return compileSql(check(text as string, schedulingSchema, 'agent', UNCACHED), POSTGRES);
}

/** Parse and validate only, nothing cached: with {@link tqlPipeline}, it splits the time between check and compile. */
export function tqlCheck(text: unknown): unknown {
  return check(text as string, schedulingSchema, 'agent', UNCACHED);
}

/** The workload's query in TQL. */
export function tqlTextOf(workload: ParseWorkload): string {
  const text = write(workload.shape, WRITERS.tql);
  if (text === null) throw new Error(`${workload.id} cannot be written in TQL`);
  return text;
}

function parseGroup(workload: ParseWorkload, settings: Settings): Group {
  const text = tqlTextOf(workload);
  const alternatives: Alternative[] = [
    { id: 'hand', label: 'hand-written parser', work: { kind: 'call', fn: (t) => handParse(t as string), input: text } },
    { id: 'tql', label: 'tql check (cache: false) + compilePredicate', work: { kind: 'call', fn: tqlPipeline, input: text } },
    { id: 'tql-sql', label: 'tql check (cache: false) + compileSql (postgres)', work: { kind: 'call', fn: tqlSqlPipeline, input: text } },
    { id: 'tql-check', label: 'tql check (cache: false): parse + validate', work: { kind: 'call', fn: tqlCheck, input: text } },
    { id: 'tql-parse', label: 'tql parse only', work: { kind: 'call', fn: (t) => parse(t as string), input: text } },
  ];
  const na: Row[] = [];
  for (const peer of PARSE_PEERS) {
    const peerText = write(workload.shape, WRITERS[peer.language]);
    if (peerText === null) {
      na.push(naRow(peer.id, peer.label, `${peer.language} has no IN operator`));
      continue;
    }
    alternatives.push({ id: peer.id, label: peer.label, work: { kind: 'call', fn: peer.run as (t: unknown) => unknown, input: peerText } });
  }
  const measured = compare(alternatives, settings.callPlan);
  return {
    id: workload.id,
    title: `${workload.title} (${text.length} chars): ${text.length > 120 ? `${text.slice(0, 117)}...` : text}`,
    size: text.length,
    rows: [...measured.map((m) => measuredRow(m, text.length)), ...na],
  };
}

/**
 * The typical queries (1, 3, 6 predicates, IN lists of 20 and 500 values), then the same
 * shapes written another way (q1-v, q3-v, q6-v, in200).
 *
 * @example
 * ```ts
 * parseSection(quickSettings(console.error)).groups.map((g) => g.id); // ['q1', 'q3', 'q6', 'in20', 'in500', 'q1-v', …]
 * ```
 */
export function parseSection(settings: Settings): Section {
  const groups = [...TYPICAL_QUERIES, ...VARIANT_QUERIES].map((w) => {
    settings.log(`parse ${w.id}`);
    return parseGroup(w, settings);
  });
  return {
    id: 'parse',
    title: 'Parse + validate + compile',
    about:
      'Time from query text to a usable result: for tql, check() with the cache bypassed plus compilePredicate or ' +
        'compileSql for PostgreSQL (and, to ' +
      'split that time, check alone and parse alone); for the ' +
      'hand-written parser (the limit) and liqe, rsql and cel, parsing; for filtrex, compileExpression. ratio = time / ' +
      'hand-written parser time in the same round. perUnit is per character of the TQL text.',
    unit: 'ns',
    ratioTo: 'hand-written parser',
    perUnitLabel: 'ns/char',
    groups,
  };
}

/**
 * The per-predicate curve: tql and the hand-written parser on queries of 1 to 100 predicates.
 *
 * @example
 * ```ts
 * predicateCurveSection(settings).groups.at(-1)?.size; // 100
 * ```
 */
export function predicateCurveSection(settings: Settings): Section {
  const groups: Group[] = GROWING_SIZES.map((n) => {
    settings.log(`predicate curve ${n}`);
    const workload = growingQuery(n);
    const text = tqlTextOf(workload);
    const measured = compare(
      [
        { id: 'hand', label: 'hand-written parser', work: { kind: 'call', fn: (t) => handParse(t as string), input: text } },
        { id: 'tql', label: 'tql check (cache: false) + compilePredicate', work: { kind: 'call', fn: tqlPipeline, input: text } },
      ],
      settings.callPlan,
    );
    return { id: workload.id, title: `${workload.title} (${text.length} chars)`, size: n, rows: measured.map((m) => measuredRow(m, n)) };
  });
  return {
    id: 'predicate-curve',
    title: 'Parse + validate + compile time per predicate (linear growth)',
    about: 'Queries of 1 to 100 predicates (groups of five AND-ed predicates, OR-ed); ns/predicate should stay flat.',
    unit: 'ns',
    ratioTo: 'hand-written parser',
    perUnitLabel: 'ns/predicate',
    groups,
  };
}
