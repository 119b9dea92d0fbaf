/**
 * The whole suite in one call: every section in an order that keeps the measurements clean
 * (the call benches run while the heap is small; the million-record datasets come last), then
 * the goals evaluated on the results.
 */
import os from 'node:os';
import { fixtureOf, makeDatasets } from './data/datasets.js';
import { evaluateTargets } from './report/targets.js';
import { describeMachine } from './report/machine.js';
import type { BenchResults, Section } from './report/results.js';
import { allocationSection } from './sections/allocation.js';
import { cacheSection } from './sections/cache.js';
import { coldStartSection } from './sections/cold-start.js';
import { filterSection, recordCurveSection } from './sections/filter.js';
import { parseSection, predicateCurveSection } from './sections/parse.js';
import type { Settings } from './settings.js';

/** Section ids, in run order. */
export const SECTION_IDS = ['parse', 'predicate-curve', 'cache', 'allocation', 'cold-start', 'filter', 'record-curve'] as const;
export type SectionId = (typeof SECTION_IDS)[number];

export interface RunOptions {
  readonly settings: Settings;
  /** The repository root (for dist/ and the commit). */
  readonly repoRoot: string;
  /** Run only these sections; default all. */
  readonly only?: readonly SectionId[] | undefined;
}

/**
 * Runs the suite and returns its results (nothing is printed or written here).
 *
 * @example
 * ```ts
 * const results = runBench({ settings: quickSettings(() => {}), repoRoot: process.cwd() });
 * results.targets.map((t) => t.status);
 * ```
 */
export function runBench(options: RunOptions): BenchResults {
  const { settings, repoRoot } = options;
  const started = Date.now();
  const loadAtStart = os.loadavg()[0] ?? 0;
  const wanted = (id: SectionId) => options.only === undefined || options.only.includes(id);
  const sections: Section[] = [];

  if (wanted('parse')) sections.push(parseSection(settings));
  if (wanted('predicate-curve')) sections.push(predicateCurveSection(settings));
  if (wanted('cache')) {
    const small = makeDatasets(1000, settings.seed);
    sections.push(cacheSection(small, fixtureOf(small), settings));
  }
  if (wanted('allocation')) sections.push(allocationSection(repoRoot, settings));
  if (wanted('cold-start')) sections.push(coldStartSection(repoRoot, settings));
  if (wanted('filter') || wanted('record-curve')) {
    const size = Math.max(...settings.filterSizes, ...settings.curveSizes);
    settings.log(`generating ${size} agents and ${size} scheduling requests`);
    const data = makeDatasets(size, settings.seed);
    const fixture = fixtureOf(data);
    if (wanted('filter')) sections.push(filterSection(data, fixture, settings));
    if (wanted('record-curve')) sections.push(recordCurveSection(data, fixture, settings));
  }

  return {
    format: 1,
    mode: settings.mode,
    startedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    machine: describeMachine(repoRoot, loadAtStart),
    sections,
    targets: evaluateTargets(sections),
  };
}
