/**
 * Loop functions with a call site of their own. Each alternative in a comparison gets a fresh
 * function made by `new Function` (with a nonce so V8's eval cache cannot hand back a shared
 * one), so the inline caches at `fn(…)` only ever see that alternative: one alternative's
 * megamorphic call site cannot slow another down. This is benchmark code only; the library
 * itself never uses `new Function`.
 */

/** Counts the records `predicate` accepts (truthy results count, as `Array#filter` would). */
export type CountLoop = (predicate: (record: unknown) => unknown, records: readonly unknown[]) => number;

/** Calls `fn(input)` `n` times and returns the last result, so the work cannot be dropped. */
export type RepeatLoop = (fn: (input: unknown) => unknown, input: unknown, n: number) => unknown;

let nonce = 0;

/**
 * A new counting loop with its own call site.
 *
 * @example
 * ```ts
 * makeCountLoop()((r) => r === 1, [1, 2, 1]); // 2
 * ```
 */
export function makeCountLoop(): CountLoop {
  return new Function(
    'predicate',
    'records',
    `// loop ${nonce++}
    let count = 0;
    for (let i = 0; i < records.length; i++) if (predicate(records[i])) count++;
    return count;`,
  ) as CountLoop;
}

/**
 * A new repeating loop with its own call site.
 *
 * @example
 * ```ts
 * makeRepeatLoop()((s) => String(s).length, 'abc', 1000); // 3
 * ```
 */
export function makeRepeatLoop(): RepeatLoop {
  return new Function(
    'fn',
    'input',
    'n',
    `// loop ${nonce++}
    let last;
    for (let i = 0; i < n; i++) last = fn(input);
    return last;`,
  ) as RepeatLoop;
}
