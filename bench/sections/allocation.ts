/**
 * Bytes allocated per parse, and per input character, measured in a child process with a
 * young generation large enough that no collection runs during a batch (see allocation-child.ts).
 */
import { spawnSync } from 'node:child_process';
import type { Row, Section } from '../report/results.js';
import type { Settings } from '../settings.js';
import type { AllocationGroup } from './allocation-child.js';
import { bundleChild } from './bundle-child.js';

/**
 * Runs the allocation child and turns its answer into a section.
 *
 * @example
 * ```ts
 * allocationSection('/work/main', settings).groups[1]?.rows[2]?.perUnit; // bytes per character for tql on Q3
 * ```
 */
export function allocationSection(repoRoot: string, settings: Settings): Section {
  settings.log('allocation (child process)');
  const child = spawnSync(
    process.execPath,
    ['--expose-gc', '--max-semi-space-size=256', '--min-semi-space-size=256', bundleChild(repoRoot, 'allocation-child'), String(settings.allocationBatch)],
    { encoding: 'utf8', timeout: 300_000, maxBuffer: 16 * 2 ** 20 },
  );
  if (child.status !== 0) throw new Error(`the allocation child failed: ${child.stderr || child.error?.message}`);
  const groups = JSON.parse(child.stdout) as AllocationGroup[];
  return {
    id: 'allocation',
    title: 'Bytes allocated per parse',
    about:
      'Heap growth over a batch of calls with no garbage collection in between (256 MB young generation, --expose-gc), ' +
      'divided by the batch size: transient garbage and the result together. perUnit = bytes per character of the ' +
      "alternative's own input text. ratio = bytes / hand-written parser bytes.",
    unit: 'bytes',
    ratioTo: 'hand-written parser',
    perUnitLabel: 'B/char',
    groups: groups.map((g) => {
      const hand = g.rows.find((r) => r.id === 'hand')?.bytes ?? null;
      const rows: Row[] = g.rows.map((r) => ({
        id: r.id,
        label: r.label,
        value: r.bytes,
        ratio: r.bytes === null || hand === null || hand <= 0 ? null : r.bytes / hand,
        perUnit: r.bytes === null || r.chars === 0 ? null : r.bytes / r.chars,
        count: null,
        note: r.note,
      }));
      return { id: g.id, title: g.title, size: g.chars, rows };
    }),
  };
}
