/**
 * Filtering with one query per process: the workloads where tql trails the hand-written arrow,
 * each in a fresh process where no other query has run through tql's closures. Set beside the
 * shared-process figures, it separates what the closures cost from what sharing them costs.
 */
import { spawnSync } from 'node:child_process';
import type { Measured } from '../harness/compare.js';
import type { Group, Section } from '../report/results.js';
import type { Settings } from '../settings.js';
import { bundleChild } from './bundle-child.js';
import { measuredRow, sizeLabel } from './rows.js';

/** The 3-predicate agent workload (tql ahead) and the two where tql trails in the shared process. */
const WORKLOADS = ['agent-3', 'request-1', 'request-3'] as const;
const SIZE = { full: 100_000, quick: 2_000 } as const;

/**
 * One fresh process per workload.
 *
 * @example
 * ```ts
 * isolatedSection('/work/main', settings).groups.map((g) => g.id); // ['agent-3@100k', 'request-1@100k', 'request-3@100k']
 * ```
 */
export function isolatedSection(repoRoot: string, settings: Settings): Section {
  const child = bundleChild(repoRoot, 'isolated-child');
  const size = SIZE[settings.mode];
  const plan = settings.filterPlan(size);
  const groups: Group[] = WORKLOADS.map((id) => {
    settings.log(`isolated ${id} @ ${sizeLabel(size)} (fresh process)`);
    const args = [id, size, settings.seed, plan.samples, plan.minSampleMs].map(String);
    const r = spawnSync(process.execPath, ['--expose-gc', child, ...args], { encoding: 'utf8', timeout: 300_000 });
    if (r.status !== 0) throw new Error(`the isolated child for ${id} failed: ${r.stderr || r.error?.message}`);
    const measured = JSON.parse(r.stdout) as Measured[];
    return { id: `${id}@${sizeLabel(size)}`, title: `${id}, ${sizeLabel(size)} records, alone in a fresh process`, size, rows: measured.map((m) => measuredRow(m, size)) };
  });
  return {
    id: 'isolated',
    title: 'Filtering, one query per process',
    about:
      'The same workloads as in the filtering section, each in a fresh process where it is the only query tql ever ' +
      'compiles: the difference from the shared-process ratio is what sharing the closures between queries costs.',
    unit: 'ns',
    ratioTo: 'hand-written arrow',
    perUnitLabel: 'ns/record',
    groups,
  };
}
