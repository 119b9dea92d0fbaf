/**
 * A lenient reading of a filter's text for editors: each word gets the role the grammar gives
 * its position (attribute, operator, value, keyword, parenthesis, comma), and the reading goes on
 * through incomplete and invalid text instead of stopping at the first error. Completion asks
 * what the grammar takes at the cursor; hover asks what the word under the cursor is.
 *
 * The character classes are the parser's (text-scan.ts), so a word here is a word there.
 */
import { isBareChar, isSepChar } from '../parser/text-scan.js';

/** What the grammar takes next. */
export type Expect =
  /** An attribute or `(`: at the start, after `(`, `AND` or `OR`. */
  | 'primary'
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
  if (c === OPEN) return { role: state.expect === 'primary' ? 'open' : 'extra', start: at, end: at + 1, text: '(', quoted: false };
  if (c === CLOSE) {
    const closes = state.depth > 0 && (state.expect === 'joiner' || state.expect === 'primary');
    return { role: closes ? 'close' : 'extra', start: at, end: at + 1, text: ')', quoted: false };
  }
  if (c === COMMA) {
    const lists = state.expect === 'joiner' && !state.separated && state.values.length > 0;
    return { role: lists ? 'comma' : 'extra', start: at, end: at + 1, text: ',', quoted: false };
  }
  if (c === QUOTE) {
    const { end, value } = quotedEnd(text, at);
    return { role: state.expect === 'value' ? 'value' : 'extra', start: at, end, text: value, quoted: true };
  }
  let end = at + 1;
  while (end < text.length && isBareChar(text.charCodeAt(end))) end++;
  const word = text.slice(at, end);
  return { role: wordRole(word, state), start: at, end, text: word, quoted: false };
}

function wordRole(word: string, state: ScanState): Role {
  switch (state.expect) {
    case 'primary':
      return 'attribute';
    case 'operator':
      return 'operator';
    case 'value':
      return 'value';
    case 'joiner':
      return state.separated && (word === 'AND' || word === 'OR') ? 'keyword' : 'extra';
  }
}

/** The end of a quoted value (after its closing quote, or the end of the text) and the value read. */
function quotedEnd(text: string, at: number): { end: number; value: string } {
  let value = '';
  let i = at + 1;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) return { end: i + 1, value };
    if (c === BACKSLASH && i + 1 < text.length) {
      value += text[i + 1];
      i += 2;
    } else {
      value += text[i];
      i++;
    }
  }
  return { end: i, value };
}

function advance(state: ScanState, token: Token): void {
  state.separated = false;
  switch (token.role) {
    case 'open':
      state.depth++;
      state.separated = true;
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
      state.expect = 'primary';
      return;
    case 'extra':
      return;
  }
}

/**
 * The word or quoted value the cursor at `offset` is in or just after, if any. A cursor after a
 * closing quote is past the value.
 */
export function tokenAt(text: string, offset: number): { start: number; end: number } | undefined {
  let found: { start: number; end: number } | undefined;
  scan(text, offset + 1, (token) => {
    const word = token.role !== 'open' && token.role !== 'close' && token.role !== 'comma';
    const closed = token.quoted && token.end - token.start >= 2 && text.charCodeAt(token.end - 1) === QUOTE && !escapedQuote(text, token.end - 1);
    if (word && token.start <= offset && (offset < token.end || (offset === token.end && !closed))) found = { start: token.start, end: token.end };
  });
  return found;
}

/** True when the quote at `at` is escaped by an odd run of backslashes before it. */
function escapedQuote(text: string, at: number): boolean {
  let n = 0;
  while (at - 1 - n >= 0 && text.charCodeAt(at - 1 - n) === BACKSLASH) n++;
  return n % 2 === 1;
}
