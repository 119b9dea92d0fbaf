/** Edit distance for did-you-mean suggestions on short words. */

/**
 * The optimal-string-alignment distance between `a` and `b`: insertions, deletions,
 * substitutions and swaps of two neighbouring characters each cost 1.
 *
 * @example
 * ```ts
 * editDistance('NOTEQ', 'NOT_EQ'); // 1
 * editDistance('LIEK', 'LIKE'); // 1
 * ```
 */
export function editDistance(a: string, b: string): number {
  // Three rolling rows: the swap rule looks two rows back.
  let twoBack: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, (twoBack[j - 2] ?? 0) + 1);
      }
      current.push(best);
    }
    twoBack = previous;
    previous = current;
  }
  return previous[b.length] ?? 0;
}
