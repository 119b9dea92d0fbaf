/**
 * A cheap left-to-right scan of the parentheses outside quoted values. The parser runs it
 * before Ohm so that no input can nest deep enough to exhaust the stack, and the error
 * messages use it to say which `(` is unclosed.
 */

export interface ParenScan {
  /** Offsets of the `(` still open where the scan stopped, outermost first. */
  readonly open: readonly number[];
  /** Offset of the first `(` that goes deeper than the limit, if any. */
  readonly tooDeepAt?: number;
}

/**
 * Scans `text` up to `end` (exclusive), stopping at the first `(` deeper than `maxDepth`.
 *
 * @example
 * ```ts
 * scanParens('((a.b EQ ")")', 13, 1).tooDeepAt; // 1
 * scanParens('(a.b EQ 1', 9, 16).open; // [0]
 * ```
 */
export function scanParens(text: string, end: number, maxDepth = Infinity): ParenScan {
  const open: number[] = [];
  let inQuote = false;
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i);
    if (inQuote) {
      if (c === 92) i++; // a backslash hides the next character, a quote included
      else if (c === 34) inQuote = false;
    } else if (c === 34) {
      inQuote = true;
    } else if (c === 40) {
      if (open.length >= maxDepth) return { open, tooDeepAt: i };
      open.push(i);
    } else if (c === 41) {
      open.pop();
    }
  }
  return { open };
}
