/**
 * A lenient reading of a filter's text for editors: each word gets the role the grammar gives
 * its position (attribute, operator, value, keyword, parenthesis, comma), and the reading goes on
 * through incomplete and invalid text instead of stopping at the first error. Completion asks
 * what the grammar takes at the cursor; hover asks what the word under the cursor is.
 *
 * The character classes are the parser's (text-scan.ts), so a word here is a word there.
 */
import { bareWordEnd, isSepChar } from '../parser/text-scan.js';

/** What the grammar takes next. */
export type Expect =
  /** An attribute, `(` or `NOT`: at the start, after `(`, `AND` or `OR`. */
  | 'primary'
  /** The `(` of the group `NOT` negates, after `NOT`. */
  | 'group'
  /** An operator, after an attribute. */
  | 'operator'
  /** A value, after an operator or a comma. */
  | 'value'
  /** `AND`, `OR`, `)`, a comma in a list, or the end: after a value or `)`. */
  | 'joiner';

/** The role of a token where it stands. `extra` is a token the grammar does not take there. */
export type Role = 'attribute' | 'operator' | 'value' | 'keyword' | 'open' | 'close' | 'comma' | 'extra';

/** One token of the text. */
export interface Token {
  readonly role: Role;
  readonly start: number;
  readonly end: number;
  /** A word as written; a quoted value with its quotes removed and escapes read. */
  readonly text: string;
  readonly quoted: boolean;
  /** True for a quoted value whose closing quote is written; false for a bare word, and for a quoted value the text ends in. */
  readonly closed: boolean;
}

/** Where the reading stands after some tokens. */
export interface ScanState {
  expect: Expect;
  /** Open parentheses. */
  depth: number;
  /** A separator since the last token (the grammar wants one between words). */
  separated: boolean;
  /** The current predicate's attribute and operator as written, once read. */
  attribute: string | undefined;
  operator: string | undefined;
  /** The values of the current predicate's list read so far. */
  values: string[];
}

const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const OPEN = 40;
const CLOSE = 41;

function initialState(): ScanState {
  return { expect: 'primary', depth: 0, separated: true, attribute: undefined, operator: undefined, values: [] };
}

/**
 * Reads `text` token by token, calling `visit` with each token and the state just before it,
 * until a token starts at or after `stop`. Returns the state there. Linear in the text.
 *
 * @example
 * ```ts
 * scan('agent.name LIKE jo', 16).expect; // → 'value'
 * ```
 */
export function scan(text: string, stop = text.length, visit?: (token: Token, before: Readonly<ScanState>) => void): ScanState {
  const state = initialState();
  let i = 0;
  while (i < text.length && i < stop) {
    if (isSepChar(text.charCodeAt(i))) {
      i++;
      state.separated = true;
      continue;
    }
    const token = readToken(text, i, state);
    visit?.(token, state);
    advance(state, token);
    i = token.end;
  }
  return state;
}

function readToken(text: string, at: number, state: ScanState): Token {
  const c = text.charCodeAt(at);
  if (c === OPEN) return { role: state.expect === 'primary' || state.expect === 'group' ? 'open' : 'extra', start: at, end: at + 1, text: '(', quoted: false, closed: false };
  if (c === CLOSE) {
    const closes = state.depth > 0 && (state.expect === 'joiner' || state.expect === 'primary');
    return { role: closes ? 'close' : 'extra', start: at, end: at + 1, text: ')', quoted: false, closed: false };
  }
  if (c === COMMA) {
    const lists = state.expect === 'joiner' && !state.separated && state.values.length > 0;
    return { role: lists ? 'comma' : 'extra', start: at, end: at + 1, text: ',', quoted: false, closed: false };
  }
  if (c === QUOTE) {
    const { end, value, closed } = quotedEnd(text, at);
    return { role: state.expect === 'value' ? 'value' : 'extra', start: at, end, text: value, quoted: true, closed };
  }
  // Not a separator, quote, parenthesis or comma: the character at `at` starts a bare word.
  const end = bareWordEnd(text, at);
  const word = text.slice(at, end);
  return { role: wordRole(word, state), start: at, end, text: word, quoted: false, closed: false };
}

function wordRole(word: string, state: ScanState): Role {
  switch (state.expect) {
    case 'primary':
      // `NOT` on its own (`NOT.x` is one word, an attribute) is the keyword before a group.
      return word === 'NOT' ? 'keyword' : 'attribute';
    case 'group':
      return 'extra';
    case 'operator':
      return 'operator';
    case 'value':
      return 'value';
    case 'joiner':
      return state.separated && (word === 'AND' || word === 'OR') ? 'keyword' : 'extra';
  }
}

/**
 * The end of a quoted value (after its closing quote, or the end of the text), the value read and
 * whether the closing quote is there.
 */
function quotedEnd(text: string, at: number): { end: number; value: string; closed: boolean } {
  let value = '';
  let i = at + 1;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) return { end: i + 1, value, closed: true };
    if (c === BACKSLASH && i + 1 < text.length) {
      value += text[i + 1];
      i += 2;
    } else {
      value += text[i];
      i++;
    }
  }
  return { end: i, value, closed: false };
}

function advance(state: ScanState, token: Token): void {
  state.separated = false;
  switch (token.role) {
    case 'open':
      state.depth++;
      state.separated = true;
      state.expect = 'primary';
      return;
    case 'close':
      state.depth--;
      state.expect = 'joiner';
      return;
    case 'comma':
      state.expect = 'value';
      state.separated = true;
      return;
    case 'attribute':
      state.attribute = token.text;
      state.operator = undefined;
      state.values = [];
      state.expect = 'operator';
      return;
    case 'operator':
      state.operator = token.text;
      state.expect = 'value';
      return;
    case 'value':
      state.values.push(token.text);
      state.expect = 'joiner';
      return;
    case 'keyword':
      state.expect = token.text === 'NOT' ? 'group' : 'primary';
      return;
    case 'extra':
      return;
  }
}

/** The cursor in a text: the word it is in or just after, and how the reading stands there. */
export interface Cursor {
  /**
   * The word or quoted value the cursor is in or just after (also just after a closing quote:
   * hover still shows that value, completion takes the cursor as past it). Never a parenthesis or
   * comma the grammar takes there.
   */
  readonly token: Token | undefined;
  /** The reading just before `token`; with no token, the same as `here`. */
  readonly before: Readonly<ScanState>;
  /** The reading after every token that starts before the cursor: what the grammar takes between words. */
  readonly here: Readonly<ScanState>;
}

/**
 * The word at the cursor at `at` and the reading around it: what completion replaces and hover
 * describes. One scan, linear in the text before the cursor.
 *
 * @example
 * ```ts
 * const { token, before } = cursorAt('agent.name LI AND', 12);
 * [token?.text, token?.role, before.attribute]; // → ['LI', 'operator', 'agent.name']
 * ```
 */
export function cursorAt(text: string, at: number): Cursor {
  let last: { token: Token; before: ScanState } | undefined;
  const here = scan(text, at, (token, before) => {
    // Only the last token before the cursor can reach it; the state is copied, the scan goes on changing it.
    if (token.end >= at) last = { token, before: { ...before, values: [...before.values] } };
  });
  if (last !== undefined && last.token.end > at) return { token: last.token, before: last.before, here };
  // A word that starts at the cursor is the one it is in, rather than the one it is just after.
  if (at < text.length && !isSepChar(text.charCodeAt(at))) {
    const next = readToken(text, at, here);
    if (isWord(next)) return { token: next, before: here, here };
  }
  return last !== undefined && isWord(last.token) ? { token: last.token, before: last.before, here } : { token: undefined, before: here, here };
}

/**
 * What of `token` is typed before the cursor at `at`: a quoted value's text without its opening
 * quote and with its escapes read, as the value will be.
 *
 * @example
 * ```ts
 * const text = 'agent.name EQ "a\\"b';
 * typedPrefix(text, cursorAt(text, 18).token!, 18); // → 'a"'
 * ```
 */
export function typedPrefix(text: string, token: Token, at: number): string {
  return token.quoted ? quotedEnd(text.slice(0, at), token.start).value : text.slice(token.start, at);
}

/** A word or quoted value, not a parenthesis or comma the grammar takes where it stands. */
function isWord(token: Token): boolean {
  return token.role !== 'open' && token.role !== 'close' && token.role !== 'comma';
}
