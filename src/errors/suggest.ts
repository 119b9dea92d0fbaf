/** "Did you mean …?" for names the user mistyped: operators, attributes, entities, values. */

/** Edit distance with transpositions (optimal string alignment), capped at `max + 1`. */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2]! + 1);
      cur.push(d);
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin > max) return max + 1;
    prev2 = prev;
    prev = cur;
  }
  return prev[b.length]!;
}

/**
 * The candidate closest to `input`: an exact case-insensitive match first, then the nearest by
 * edit distance if it is close enough to be a plausible typo (a third of the length, at least 1).
 *
 * @example
 * ```ts
 * closest('agents', ['agent', 'team']); // 'agent'
 * closest('xyz', ['agent', 'team']);    // undefined
 * ```
 */
export function closest(input: string, candidates: Iterable<string>): string | undefined {
  const lower = input.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  const max = Math.max(1, Math.floor(input.length / 3));
  for (const c of candidates) {
    if (c.toLowerCase() === lower) return c;
    const d = editDistance(lower, c.toLowerCase(), max);
    if (d <= max && d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  // A candidate that starts with what was typed is also a good guess (`sched` → `schedulable`).
  if (best === undefined && lower.length >= 3) {
    for (const c of candidates) if (c.toLowerCase().startsWith(lower)) return c;
  }
  return best;
}

/** ` (did you mean x?)` or ''. */
export function didYouMean(suggestion: string | undefined): string {
  return suggestion === undefined ? '' : ` Did you mean ${suggestion}?`;
}
