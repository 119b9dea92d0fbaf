/** Turning offsets into line/column positions and caret excerpts for messages. */
import type { Span } from '../ast/nodes.js';

/** A place in the query text. `line` and `column` count from 1; `offset` from 0. */
export interface Position {
  readonly offset: number;
  readonly line: number;
  readonly column: number;
}

/** The line/column of `offset` in `text` (newlines are `\n`, `\r\n` or `\r`). */
export function positionAt(text: string, offset: number): Position {
  const at = Math.max(0, Math.min(offset, text.length));
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < at; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) {
      line++;
      lineStart = i + 1;
    }
  }
  return { offset: at, line, column: at - lineStart + 1 };
}

const MAX_EXCERPT = 72;

/**
 * The line of `text` that holds `span.start`, with carets under the span:
 *
 * ```text
 * agent.name~EQ~john,jane
 *                ^^^^^^^^
 * ```
 *
 * Long lines are cut around the span so the excerpt stays readable.
 */
export function caretExcerpt(text: string, given: Span): string {
  // A span from a hand-built tree may lie outside the text: show the nearest place inside it.
  const start = clampOffset(given.start, text.length);
  const span = { start, end: Math.max(start, clampOffset(given.end, text.length)) };
  const lineStart = span.start - (positionAt(text, span.start).column - 1);
  const rest = text.slice(lineStart);
  const lineText = rest.slice(0, rest.search(/[\r\n]|$/));
  let from = span.start - lineStart;
  let to = Math.max(from + 1, Math.min(span.end - lineStart, lineText.length));
  let shown = lineText;
  let shift = 0;
  if (lineText.length > MAX_EXCERPT) {
    const begin = Math.max(0, Math.min(from - 20, lineText.length - MAX_EXCERPT));
    shown = (begin > 0 ? '…' : '') + lineText.slice(begin, begin + MAX_EXCERPT);
    if (begin + MAX_EXCERPT < lineText.length) shown += '…';
    shift = begin - (begin > 0 ? 1 : 0);
    from -= shift;
    to = Math.min(to - shift, shown.length + 1);
  }
  // Control characters would break the caret alignment; show them as a visible placeholder.
  const printable = shown.replace(/[\u0000-\u001f\u007f]/g, (c) => (c === '\t' ? ' ' : controlPicture(c)));
  return `${printable}\n${' '.repeat(from)}${'^'.repeat(Math.max(1, to - from))}`;
}

/**
 * `offset` as a place in a text of `length` characters: a whole number, outside the text the
 * nearest end. NaN, and anything not a number in a hand-built span, is the start.
 *
 * @example
 * ```ts
 * [clampOffset(3.7, 10), clampOffset(-5, 10), clampOffset(99, 10), clampOffset(Infinity, 10), clampOffset(NaN, 10)]; // → [3, 0, 10, 10, 0]
 * ```
 */
export function clampOffset(offset: number, length: number): number {
  if (typeof offset !== 'number' || Number.isNaN(offset)) return 0;
  return Math.max(0, Math.min(Math.trunc(offset), length));
}

/** The Unicode "control picture" of a control character: ␀ for NUL, ␡ for DEL. */
function controlPicture(c: string): string {
  const code = c.charCodeAt(0);
  return String.fromCharCode(code === 0x7f ? 0x2421 : 0x2400 + code);
}
