/**
 * A repeated query: what `check` costs when the text was seen before (its LRU cache), against
 * the floor of one `Map.get`, and what a whole call (check + filter) costs on a small array.
 */
import { compare } from '../harness/compare.js';
import type { Datasets, Fixture } from '../data/datasets.js';
import type { Section } from '../report/results.js';
import type { Settings } from '../settings.js';
import { check, compilePredicate, filterRecords, schedulingSchema } from '../tql.js';
import { filterWorkloads } from '../workloads/filter-workloads.js';
import { measuredRow } from './rows.js';
import { tqlPipeline } from './parse.js';

const SMALL_ARRAY = 100;

/**
 * Cache hits and whole calls on a small array, for the 3-predicate agent query.
 *
 * @example
 * ```ts
 * cacheSection(data, fixture, settings).groups.map((g) => g.id); // ['repeat', 'call-100']
 * ```
 */
export function cacheSection(data: Datasets, fixture: Fixture, settings: Settings): Section {
  const workload = filterWorkloads(fixture).find((w) => w.id === 'agent-3');
  if (workload === undefined || workload.entity !== 'agent') throw new Error('the agent-3 workload is missing');
  const text = workload.tql;
  const validated = check(text, schedulingSchema, 'agent');
  const lookup = new Map([[text, validated]]);
  // A key built per call from the entity, options and text, as check() builds its cache key.
  const composite = new Map([[`agent\u0000\u0000\u0000\u0000${text}`, validated]]);

  settings.log('cache: repeated query');
  const repeat = compare(
    [
      { id: 'map', label: 'one Map.get of the text (the floor)', work: { kind: 'call', fn: (t) => lookup.get(t as string), input: text } },
      {
        id: 'map-composite',
        label: 'one Map.get of a key string built per call',
        work: { kind: 'call', fn: (t) => composite.get(`agent\u0000\u0000\u0000\u0000${t as string}`), input: text },
      },
      { id: 'tql-cached', label: 'tql check, cached', work: { kind: 'call', fn: (t) => check(t as string, schedulingSchema, 'agent'), input: text } },
      {
        id: 'tql-cached-compiled',
        label: 'tql check, cached + compilePredicate',
        work: { kind: 'call', fn: (t) => compilePredicate(check(t as string, schedulingSchema, 'agent')), input: text },
      },
      { id: 'tql-uncached', label: 'tql check (cache: false) + compilePredicate', work: { kind: 'call', fn: tqlPipeline, input: text } },
    ],
    settings.callPlan,
  );

  settings.log(`cache: whole call on ${SMALL_ARRAY} records`);
  const records = data.agents.slice(0, SMALL_ARRAY);
  const hand = workload.hand;
  const perCall = compare(
    [
      { id: 'hand', label: 'records.filter(hand-written arrow)', work: { kind: 'call', fn: (rs) => (rs as typeof records).filter(hand), input: records } },
      {
        id: 'tql-cached',
        label: 'filterRecords(check(text), records), cached',
        work: { kind: 'call', fn: (rs) => filterRecords(check(text, schedulingSchema, 'agent'), rs as typeof records), input: records },
      },
      {
        id: 'tql-uncached',
        label: 'filterRecords(check(text, { cache: false }), records)',
        work: {
          kind: 'call',
          fn: (rs) => filterRecords(check(text, schedulingSchema, 'agent', { cache: false }), rs as typeof records),
          input: records,
        },
      },
    ],
    settings.callPlan,
  );

  return {
    id: 'cache',
    title: 'Repeated query (check cache)',
    about:
      `The query "${text}" asked again and again. "repeat": one call, against one Map.get of the same text. ` +
      `"call-${SMALL_ARRAY}": a whole request, query text to filtered array of ${SMALL_ARRAY} agents, against records.filter with the hand-written arrow.`,
    unit: 'ns',
    ratioTo: 'the first row of each group',
    perUnitLabel: null,
    groups: [
      { id: 'repeat', title: 'repeated query: one call', size: null, rows: repeat.map((m) => measuredRow(m, null)) },
      {
        id: `call-${SMALL_ARRAY}`,
        title: `repeated query: text to filtered array of ${SMALL_ARRAY} records`,
        size: null,
        rows: perCall.map((m) => measuredRow(m, null)),
      },
    ],
  };
}
