/**
 * A short text on which Ohm fails exactly as it does on a whole rejected query, so that wording
 * a syntax error costs about the same whatever the query's length.
 *
 * Ohm spends microseconds per character it reads, and it reads everything before the failure.
 * The fast path knows where it stood when it gave up (a {@link Rejection}); the grammar has no
 * memory of what came before that point beyond the groups still open. So the window is:
 *
 * - the open groups, as that many `(`, and for a resume point at a completed value a stand-in
 *   predicate head (`a.a EQ `) and a stand-in value of the same form (`""`, `null` or `x`): what
 *   follows a value is the same after any value, and after `(` the same as after `AND`;
 * - then the rest of the text, with long runs cut short where no rule can tell their middle
 *   apart: the valid characters of an unclosed quoted value, identifier characters (a keyword
 *   or operator is read from a run's first nine characters, a name only to the run's end), and
 *   repeats of one separator or punctuation character.
 *
 * A position Ohm reports in the window maps back to the text by {@link OhmWindow.original}.
 * test/properties/parse-error-window.test.ts checks that the error is the one the whole text
 * gives, and counts the window's length.
 */
import type { Rejection } from './fast-parse.js';
import { LONGEST_OPERATOR_WORD } from './operator-suggestion.js';
import { isIdentChar } from './text-scan.js';

/** The window and the way back from its positions to the text's. */
export interface OhmWindow {
  readonly text: string;
  /** The offset in the original text of an offset in the window. */
  original(offset: number): number;
}

/**
 * An identifier run longer than this and two more keeps this many characters from its start and
 * its last one: cut, it is still too long to be read as an operator, as it was whole.
 */
const IDENT_HEAD = LONGEST_OPERATOR_WORD;

const QUOTE = 34;
const BACKSLASH = 92;

/**
 * The window on `text` for the fast path's `rejection`.
 *
 * @example
 * ```ts
 * const text = `a.b EQ x AND c.d EQ "${'z'.repeat(4000)}`;
 * const window = errorWindow(text, locateRejection(text)!);
 * window.text; // 'c.d EQ "z' plus nothing else: 9 characters for Ohm instead of 4,021
 * window.original(9); // 4021, the end of the text
 * ```
 */
export function errorWindow(text: string, rejection: Rejection): OhmWindow {
  const out = new WindowBuilder(text);
  out.emit('('.repeat(rejection.depth), rejection.resumeAt);
  let from = rejection.resumeAt;
  const { value } = rejection;
  if (value !== undefined) {
    out.emit('a.a EQ ', from);
    out.emit(value.form === 'quoted' ? '""' : value.form === 'null' ? 'null' : 'x', from);
    from = value.end;
  }
  out.copyCompressed(from, rejection.badQuote);
  return out.done();
}

/** Builds the window text from segments, each a stand-in or a copy of the text, in order. */
class WindowBuilder {
  private readonly parts: string[] = [];
  private length = 0;
  // Per segment: its offset in the window, its offset in the text, and 1 for a stand-in.
  private readonly segments: number[] = [];

  constructor(private readonly text: string) {}

  /** Stand-in text: every offset in it maps to the text offset `at`. */
  emit(part: string, at: number): void {
    if (part === '') return;
    this.push(part, at, 1);
  }

  /** Copies `text[from, end)` as it is. */
  private copy(from: number, end: number): void {
    if (end > from) this.push(this.text.slice(from, end), from, 0);
  }

  private push(part: string, at: number, standIn: 0 | 1): void {
    this.segments.push(this.length, at, standIn);
    this.parts.push(part);
    this.length += part.length;
  }

  copyCompressed(from: number, badQuote: Rejection['badQuote']): void {
    const { text } = this;
    let copied = from;
    let i = from;
    while (i < text.length) {
      if (badQuote !== undefined && i === badQuote.start) {
        // The valid characters of the broken quoted value: Ohm reads them one by one and fails
        // only at `stop`; the first stands for them all (two when it is an escape, which must
        // not pair up with what follows the cut).
        const keep = i + (text.charCodeAt(i + 1) === BACKSLASH ? 3 : 2);
        if (badQuote.stop > keep) {
          this.copy(copied, keep);
          copied = badQuote.stop;
        }
        i = badQuote.stop;
        continue;
      }
      const c = text.charCodeAt(i);
      const end = runEnd(text, i, c);
      if (isIdentChar(c) && end - i > IDENT_HEAD + 2) {
        this.copy(copied, i + IDENT_HEAD);
        copied = end - 1;
      } else if (!isIdentChar(c) && end - i > 3 && isRepeatable(c)) {
        this.copy(copied, i + 1);
        copied = end - 1;
      }
      i = end;
    }
    this.copy(copied, text.length);
    // The end of the window is the end of the text.
    this.segments.push(this.length, text.length, 0);
  }

  done(): OhmWindow {
    const { segments } = this;
    return {
      text: this.parts.join(''),
      original(offset: number): number {
        let k = 0;
        while (k + 3 < segments.length && segments[k + 3]! <= offset) k += 3;
        const at = segments[k + 1]!;
        return segments[k + 2] === 1 ? at : at + (offset - segments[k]!);
      },
    };
  }
}

/**
 * The end of the run at `i`: identifier characters as one class, any other character only as
 * repeats of itself.
 */
function runEnd(text: string, i: number, c: number): number {
  let j = i + 1;
  if (isIdentChar(c)) {
    while (j < text.length && isIdentChar(text.charCodeAt(j))) j++;
  } else {
    while (j < text.length && text.charCodeAt(j) === c) j++;
  }
  return j;
}

/**
 * Characters whose repeats no rule tells apart from the inside: not the quote and the
 * backslash (they pair up), not `(` and `)` (each one is a group), not `,` and `.` (a second
 * one is an error at once, and must stay where it is).
 */
function isRepeatable(c: number): boolean {
  return c !== QUOTE && c !== BACKSLASH && c !== 40 && c !== 41 && c !== 44 && c !== 46 && !(c >= 0xd800 && c <= 0xdfff);
}
