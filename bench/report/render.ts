/**
 * Results as tables: plain text for the terminal and Markdown for docs/performance.md, from the
 * same rows. Each section gets one table (the group shown on its first row), filtering also a
 * matrix of ratios, and each row its change against the previous run and the baseline.
 */
import type { Earlier } from './compare-runs.js';
import { formatBytes, formatChange, formatNs, formatNumber, formatRatio } from './format.js';
import { rowKey, type BenchResults, type Row, type Section, type TargetResult } from './results.js';
import type { Table } from './table.js';

export interface Comparisons {
  readonly previous: Earlier;
  readonly baseline: Earlier;
}

const NONE: Comparisons = { previous: new Map(), baseline: new Map() };

function formatValue(section: Section, value: number): string {
  switch (section.unit) {
    case 'ns':
      return formatNs(value);
    case 'bytes':
      return formatBytes(value);
    case 'ms':
      return `${formatNumber(value)} ms`;
  }
}

function formatPerUnit(section: Section, perUnit: number): string {
  return section.unit === 'bytes' ? `${formatNumber(perUnit)} B` : section.unit === 'ns' ? formatNs(perUnit) : formatNumber(perUnit);
}

function change(now: number | null, before: number | undefined): string {
  return now === null || before === undefined ? '' : formatChange(now, before);
}

/**
 * One table for a section: group, alternative, median, per-unit value, ratio, matches or note,
 * and the change of the median against the previous run and the baseline.
 *
 * @example
 * ```ts
 * textTable(sectionTable(results.sections[0]!, comparisons));
 * ```
 */
export function sectionTable(section: Section, comparisons: Comparisons = NONE): Table {
  const withChanges = comparisons.previous.size > 0 || comparisons.baseline.size > 0;
  const headers = [
    'workload',
    'alternative',
    section.unit === 'bytes' ? 'bytes' : 'median',
    ...(section.perUnitLabel === null ? [] : [section.perUnitLabel]),
    ...(section.ratioTo === null ? [] : ['ratio']),
    'matches / note',
    ...(withChanges ? ['Δ prev', 'Δ baseline'] : []),
  ];
  const rows: string[][] = [];
  for (const group of section.groups) {
    group.rows.forEach((row: Row, i) => {
      const key = rowKey(section, group, row);
      rows.push([
        i === 0 ? group.id : '',
        row.label,
        row.value === null ? 'n/a' : formatValue(section, row.value),
        ...(section.perUnitLabel === null ? [] : [row.perUnit === null ? '' : formatPerUnit(section, row.perUnit)]),
        ...(section.ratioTo === null ? [] : [row.ratio === null ? '' : formatRatio(row.ratio)]),
        row.note ?? (row.count === null ? '' : String(row.count)),
        ...(withChanges ? [change(row.value, comparisons.previous.get(key)), change(row.value, comparisons.baseline.get(key))] : []),
      ]);
    });
  }
  const align = headers.map((h) => (['workload', 'alternative', 'matches / note'].includes(h) ? 'left' : 'right') as 'left' | 'right');
  return { headers, align, rows };
}

/**
 * Ratios only: one row per alternative, one column per group (filtering: per workload and size).
 *
 * @example
 * ```ts
 * ratioMatrix(filterSection).headers; // ['alternative', 'agent-1@100k', …]
 * ```
 */
export function ratioMatrix(section: Section): Table {
  const alternatives: { id: string; label: string }[] = [];
  for (const g of section.groups) {
    for (const r of g.rows) if (!alternatives.some((a) => a.id === r.id)) alternatives.push({ id: r.id, label: r.label });
  }
  return {
    headers: ['alternative', ...section.groups.map((g) => g.id)],
    align: ['left', ...section.groups.map(() => 'right' as const)],
    rows: alternatives.map((a) => [
      a.label,
      ...section.groups.map((g) => {
        const r = g.rows.find((x) => x.id === a.id);
        return r === undefined ? '' : r.ratio === null ? 'n/a' : formatRatio(r.ratio);
      }),
    ]),
  };
}

/**
 * The goals and how this run did.
 *
 * @example
 * ```ts
 * textTable(targetTable(results.targets));
 * ```
 */
export function targetTable(targets: readonly TargetResult[]): Table {
  return {
    headers: ['goal', 'status', 'measured'],
    align: ['left', 'left', 'left'],
    rows: targets.map((t) => [t.goal, t.status, t.measured]),
  };
}

/** One line per workload: its id and its full title (the query). */
export function groupTitles(section: Section): string[] {
  return section.groups.map((g) => `${g.id}: ${g.title}`);
}

/** The machine line printed above every report. */
export function machineLine(results: BenchResults): string {
  const m = results.machine;
  const load = `load average ${m.loadAverage.start.toFixed(1)} at the start, ${m.loadAverage.end.toFixed(1)} at the end`;
  return `${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB, Node ${m.node} (V8 ${m.v8}), ${m.os}, commit ${m.commit}, ${load}`;
}
