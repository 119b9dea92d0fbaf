/**
 * In-memory filtering: tql's compiled predicate against the plain hand-written arrow (the
 * limit) and every peer that can express the workload, side by side on the same records.
 */
import { compare, type Alternative } from '../harness/compare.js';
import type { Datasets, Fixture } from '../data/datasets.js';
import { FILTER_PEERS, type RecordPredicate } from '../peers/filter-peers.js';
import type { Group, Row, Section } from '../report/results.js';
import type { Settings } from '../settings.js';
import { check, compilePredicate, schedulingSchema } from '../tql.js';
import { filterWorkloads, type FilterWorkload } from '../workloads/filter-workloads.js';
import { measuredRow, naRow, sizeLabel } from './rows.js';

/** The first `size` records of the workload's entity. */
export function recordsOf(workload: FilterWorkload, data: Datasets, size: number): readonly unknown[] {
  const all: readonly unknown[] = workload.entity === 'agent' ? data.agents : data.requests;
  return size >= all.length ? all : all.slice(0, size);
}

/** The predicate tql compiles for the workload's query. */
function tqlPredicate(workload: FilterWorkload): RecordPredicate {
  return compilePredicate(check(workload.tql, schedulingSchema, workload.entity)) as RecordPredicate;
}

/** The hand-written arrow, the reference of every filter group. */
export function handAlternative(workload: FilterWorkload, records: readonly unknown[]): Alternative {
  return { id: 'hand', label: 'hand-written arrow', work: { kind: 'filter', predicate: workload.hand as RecordPredicate, records } };
}

/** tql's compiled predicate. */
export function tqlAlternative(workload: FilterWorkload, records: readonly unknown[]): Alternative {
  return { id: 'tql', label: 'tql compilePredicate', work: { kind: 'filter', predicate: tqlPredicate(workload), records } };
}

function filterGroup(workload: FilterWorkload, records: readonly unknown[], settings: Settings): Group {
  const alternatives: Alternative[] = [handAlternative(workload, records), tqlAlternative(workload, records)];
  if (workload.best !== undefined) {
    const predicate = workload.best as RecordPredicate;
    alternatives.push({ id: 'best', label: 'best hand-written function', work: { kind: 'filter', predicate, records } });
  }
  const na: Row[] = [];
  for (const peer of FILTER_PEERS) {
    const form = workload.peers[peer.form];
    if (typeof form === 'object' && 'na' in form) {
      na.push(naRow(peer.id, peer.label, form.na as string));
      continue;
    }
    const predicate = (peer.compile as (f: typeof form) => RecordPredicate)(form);
    alternatives.push({ id: peer.id, label: peer.label, work: { kind: 'filter', predicate, records } });
  }
  const measured = compare(alternatives, settings.filterPlan(records.length));
  return {
    id: `${workload.id}@${sizeLabel(records.length)}`,
    title: `${workload.entity}, ${workload.predicates} predicate${workload.predicates === 1 ? '' : 's'}, ${sizeLabel(records.length)} records: ${workload.tql}`,
    size: records.length,
    rows: [...measured.map((m) => measuredRow(m, records.length)), ...na],
  };
}

/**
 * Every filter workload at every size of `settings.filterSizes`.
 *
 * @example
 * ```ts
 * filterSection(makeDatasets(2000, 1), fixture, quickSettings(console.error)).groups.length; // 6
 * ```
 */
export function filterSection(data: Datasets, fixture: Fixture, settings: Settings): Section {
  const groups: Group[] = [];
  for (const size of settings.filterSizes) {
    for (const workload of filterWorkloads(fixture)) {
      settings.log(`filter ${workload.id} @ ${sizeLabel(size)}`);
      groups.push(filterGroup(workload, recordsOf(workload, data, size), settings));
    }
  }
  return {
    id: 'filter',
    title: 'In-memory filtering',
    about:
      'Time of one pass over the records, counting matches. Each peer evaluates the same query in its own language and ' +
      'must match exactly as many records as the hand-written arrow before it is timed. ratio = time / hand-written ' +
      'arrow time in the same round (below 1 is faster than the arrow). Peers that cannot say the query are n/a. ' +
      '"best hand-written function": where the arrow is not the fastest function we know (LIKE as a case-insensitive ' +
      'regex, cheapest tests first), that function.',
    unit: 'ns',
    ratioTo: 'hand-written arrow',
    perUnitLabel: 'ns/record',
    groups,
  };
}

/**
 * The per-record curve: tql and the hand-written arrow on the 3-predicate workloads at every
 * size of `settings.curveSizes`, to show that time grows linearly with the record count.
 *
 * @example
 * ```ts
 * recordCurveSection(data, fixture, settings).groups[0]?.rows[1]?.perUnit; // ns per record for tql
 * ```
 */
export function recordCurveSection(data: Datasets, fixture: Fixture, settings: Settings): Section {
  const groups: Group[] = [];
  for (const workload of filterWorkloads(fixture).filter((w) => w.predicates === 3)) {
    for (const size of settings.curveSizes) {
      settings.log(`record curve ${workload.id} @ ${sizeLabel(size)}`);
      const records = recordsOf(workload, data, size);
      const measured = compare([handAlternative(workload, records), tqlAlternative(workload, records)], settings.filterPlan(size));
      groups.push({
        id: `${workload.id}@${sizeLabel(size)}`,
        title: `${workload.id}, ${sizeLabel(size)} records`,
        size,
        rows: measured.map((m) => measuredRow(m, size)),
      });
    }
  }
  return {
    id: 'record-curve',
    title: 'Filter time per record (linear growth)',
    about: 'The 3-predicate workloads at growing record counts; ns/record should stay flat as the count grows.',
    unit: 'ns',
    ratioTo: 'hand-written arrow',
    perUnitLabel: 'ns/record',
    groups,
  };
}
