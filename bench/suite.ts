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
import { isolatedSection } from './sections/isolated.js';
import { parseSection, predicateCurveSection } from './sections/parse.js';
import { toolingSection } from './sections/tooling.js';
import type { Settings } from './settings.js';

/** Section ids, in run order. */
export const SECTION_IDS = ['parse', 'predicate-curve', 'tooling', 'cache', 'allocation', 'cold-start', 'isolated', 'filter', 'record-curve'] as const;
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
  /** Runs one section and records how long it took (data generation included). */
  const timed = (make: () => Section) => {
    const t0 = Date.now();
    const section = make();
    sections.push({ ...section, durationMs: Date.now() - t0 });
  };

  if (wanted('parse')) timed(() => parseSection(settings));
  if (wanted('predicate-curve')) timed(() => predicateCurveSection(settings));
  if (wanted('tooling')) timed(() => toolingSection(settings));
  if (wanted('cache')) {
    timed(() => {
      const small = makeDatasets(1000, settings.seed);
      return cacheSection(small, fixtureOf(small), settings);
    });
  }
  if (wanted('allocation')) timed(() => allocationSection(repoRoot, settings));
  if (wanted('cold-start')) timed(() => coldStartSection(repoRoot, settings));
  if (wanted('isolated')) timed(() => isolatedSection(repoRoot, settings));
  if (wanted('filter') || wanted('record-curve')) {
    const t0 = Date.now();
    const size = Math.max(...settings.filterSizes, ...settings.curveSizes);
    settings.log(`generating ${size} agents and ${size} scheduling requests`);
    const data = makeDatasets(size, settings.seed);
    const fixture = fixtureOf(data);
    const generationMs = Date.now() - t0;
    settings.log(`generated in ${(generationMs / 1000).toFixed(1)} s`);
    if (wanted('filter')) timed(() => filterSection(data, fixture, settings));
    if (wanted('record-curve')) timed(() => recordCurveSection(data, fixture, settings));
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
