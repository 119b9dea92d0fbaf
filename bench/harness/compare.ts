/**
 * The interleaved comparison at the heart of every section. Alternatives run side by side in
 * the same process, sample by sample (A B C, B C A, C A B, …), after a warm-up, each through its
 * own loop function. Machine noise then hits every alternative of a round alike, so the ratio
 * to the reference, taken within each round and then as a median over rounds, holds even
 * where absolute times drift ±30% between runs.
 */
import { makeCountLoop, makeRepeatLoop } from './call-site.js';
import { median } from './stats.js';

/** What one operation of an alternative is. */
export type Work =
  /** One pass over `records`, counting the records the predicate accepts. */
  | { readonly kind: 'filter'; readonly predicate: (record: unknown) => unknown; readonly records: readonly unknown[] }
  /** One call `fn(input)`. */
  | { readonly kind: 'call'; readonly fn: (input: unknown) => unknown; readonly input: unknown };

export interface Alternative {
  /** Stable identifier: with the group it keys the row in the results JSON. */
  readonly id: string;
  readonly label: string;
  readonly work: Work;
}

export interface Plan {
  /** Timed rounds; each round times every alternative once. */
  readonly samples: number;
  /** A sample repeats the operation until it lasts at least this long. */
  readonly minSampleMs: number;
  /** Untimed calls before the first round, at least one. */
  readonly warmupMs: number;
}

export interface Measured {
  readonly id: string;
  readonly label: string;
  /** Median time of one operation, in nanoseconds. */
  readonly nsPerOp: number;
  /** Median over rounds of (this alternative's time / the reference's time in the same round). */
  readonly ratio: number;
  /** Time of one operation in each round, in nanoseconds. */
  readonly samplesNs: readonly number[];
  readonly opsPerSample: number;
  /** For filter work: how many records matched. */
  readonly count: number | undefined;
}

/** A peer disagreed with the reference: the comparison would be meaningless, so the run stops. */
export class CountMismatchError extends Error {
  override readonly name = 'CountMismatchError';
}

/**
 * A young-generation collection before each timed sample (when node runs with --expose-gc, as
 * `npm run bench` does), so the garbage one alternative leaves is not collected on the next
 * one's clock; what an alternative allocates during its own sample still counts against it.
 */
const collectYoung: (() => void) | undefined = (() => {
  const gc = (globalThis as { gc?: (options?: { type: 'minor' | 'major' }) => void }).gc;
  return gc === undefined ? undefined : () => gc({ type: 'minor' });
})();

interface Runner {
  readonly alternative: Alternative;
  readonly once: () => unknown;
  readonly repeat: (n: number) => unknown;
}

function runnerFor(alternative: Alternative): Runner {
  const { work } = alternative;
  if (work.kind === 'filter') {
    const loop = makeCountLoop();
    return {
      alternative,
      once: () => loop(work.predicate, work.records),
      repeat: (n) => {
        let last: unknown;
        for (let i = 0; i < n; i++) last = loop(work.predicate, work.records);
        return last;
      },
    };
  }
  const loop = makeRepeatLoop();
  return { alternative, once: () => loop(work.fn, work.input, 1), repeat: (n) => loop(work.fn, work.input, n) };
}

function countOf(alternative: Alternative, result: unknown): number | undefined {
  return alternative.work.kind === 'filter' ? (result as number) : undefined;
}

function assertSameCount(runner: Runner, count: number | undefined, expected: number | undefined, reference: Alternative): void {
  if (count !== expected) {
    throw new CountMismatchError(
      `${runner.alternative.label} matched ${String(count)} records where ${reference.label} matched ${String(expected)}: ` +
        'the two do not express the same query, so timing them side by side would mean nothing.',
    );
  }
}

/**
 * Times `alternatives` against the first one (the reference). Filter work is checked first:
 * every alternative must match exactly as many records as the reference, or a
 * {@link CountMismatchError} is thrown before anything is timed.
 *
 * @example
 * ```ts
 * const records = [{ n: 1 }, { n: 2 }];
 * const [hand, other] = compare(
 *   [
 *     { id: 'hand', label: 'hand-written', work: { kind: 'filter', predicate: (r: any) => r.n > 1, records } },
 *     { id: 'other', label: 'other', work: { kind: 'filter', predicate: (r: any) => r.n >= 2, records } },
 *   ],
 *   { samples: 3, minSampleMs: 1, warmupMs: 1 },
 * );
 * other.ratio; // about 1
 * ```
 */
export function compare(alternatives: readonly Alternative[], plan: Plan): Measured[] {
  const reference = alternatives[0];
  if (reference === undefined) return [];
  const runners = alternatives.map(runnerFor);

  // Warm up and check agreement before any timing.
  const expected = countOf(reference, runners[0]!.once());
  const opsPerSample = runners.map((runner) => {
    const started = performance.now();
    let calls = 0;
    let elapsed = 0;
    do {
      const count = countOf(runner.alternative, runner.once());
      assertSameCount(runner, count, expected, reference);
      calls++;
      elapsed = performance.now() - started;
    } while (elapsed < plan.warmupMs);
    const msPerOp = Math.max(elapsed / calls, 1e-6);
    return Math.max(1, Math.ceil(plan.minSampleMs / msPerOp));
  });

  const samplesNs = runners.map(() => [] as number[]);
  const ratios = runners.map(() => [] as number[]);
  for (let round = 0; round < plan.samples; round++) {
    const times: number[] = [];
    for (let k = 0; k < runners.length; k++) {
      // Rotate the order so no alternative always runs first (or right after the slowest).
      const i = (k + round) % runners.length;
      const runner = runners[i]!;
      const n = opsPerSample[i]!;
      collectYoung?.();
      const started = performance.now();
      const result = runner.repeat(n);
      const ns = ((performance.now() - started) * 1e6) / n;
      assertSameCount(runner, countOf(runner.alternative, result), expected, reference);
      times[i] = ns;
      samplesNs[i]!.push(ns);
    }
    for (let i = 0; i < runners.length; i++) ratios[i]!.push(times[i]! / times[0]!);
  }

  return runners.map((runner, i) => ({
    id: runner.alternative.id,
    label: runner.alternative.label,
    nsPerOp: median(samplesNs[i]!),
    ratio: median(ratios[i]!),
    samplesNs: samplesNs[i]!,
    opsPerSample: opsPerSample[i]!,
    count: expected,
  }));
}
