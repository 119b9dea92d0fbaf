/**
 * Turns a failed Ohm match into one TqlError issue a person can act on: the set of things
 * Ohm expected at its failure position, named in words, plus a hint for the mistakes people
 * make most (a lower-case operator, an unclosed quote, a trailing AND, a stray parenthesis).
 */
import type { MatchResult } from 'ohm-js';
import { OPERATORS, type Span } from '../ast/nodes.js';
import type { IssueInit } from '../errors/tql-error.js';
import { positionAt } from '../errors/position.js';
import { orList } from '../errors/wording.js';
import type { OhmWindow } from './error-window.js';
import { scanParens } from './paren-scan.js';
import { misplacedNot } from './negation-error.js';
import { suggestOperator } from './operator-suggestion.js';
import { bareWordEnd, isBareChar, isSepChar, onlySepsFrom, skipSeps, skipSepsBack, wordBefore } from './text-scan.js';

/** What the grammar can expect at a position, by the rule or terminal that failed there. */
type Expectation = 'attribute' | '(' | 'operator' | 'value' | 'sep' | ',' | 'and' | 'or' | ')' | 'end';

// In the order they are listed in a message; the words say what to write, not rule names.
const PHRASES: { readonly [E in Expectation]: string } = {
  attribute: 'an attribute such as agent.name',
  '(': '"("',
  operator: `an operator (${OPERATORS.join(', ')})`,
  value: 'a value',
  sep: 'a separator (a space or ~)',
  ',': '","',
  and: 'AND',
  or: 'OR',
  ')': '")"',
  end: 'the end of the query',
};

const BY_RULE: Readonly<Record<string, Expectation>> = {
  attribute: 'attribute',
  operator: 'operator',
  value: 'value',
  sep: 'sep',
  and: 'and',
  or: 'or',
  endOfQuery: 'end',
};

/** The parts of an Ohm failure this module reads (`getRightmostFailures` is untyped in 17.5). */
interface OhmFailure {
  getText(): string;
  getType(): string;
  isFluffy(): boolean;
  getPExpr(): { readonly ruleName?: string };
}

interface FailureContext {
  readonly text: string;
  readonly pos: number;
  readonly expected: ReadonlySet<Expectation>;
  /** Expectations Ohm reported that this module has no name for (a grammar change). */
  readonly unnamed: readonly string[];
}

/**
 * The issue for a failed match of `text` (or of a `window` on it, see error-window.ts): code
 * `syntax_error` (or `unknown_operator` for a word in operator position), placed at Ohm's
 * failure position.
 *
 * @example
 * ```ts
 * syntaxIssue('agent.name eq john', tqlGrammar().match('agent.name eq john'));
 * // { code: 'unknown_operator', message: '"eq" is not an operator: write EQ. Operators are upper case.',
 * //   span: { start: 11, end: 13 }, suggestion: 'EQ' }
 * ```
 */
export function syntaxIssue(text: string, match: MatchResult, window?: OhmWindow): IssueInit {
  const failed = match as MatchResult & {
    getRightmostFailurePosition(): number;
    getRightmostFailures(): OhmFailure[];
  };
  const at = failed.getRightmostFailurePosition();
  const pos = window === undefined ? at : window.original(at);
  const expected = new Set<Expectation>();
  const unnamed: string[] = [];
  for (const failure of failed.getRightmostFailures()) {
    if (failure.isFluffy()) continue;
    const kind = expectationOf(failure);
    if (kind === undefined) unnamed.push(failure.getText());
    else expected.add(kind);
  }
  const ctx: FailureContext = { text, pos, expected, unnamed };
  for (const special of SPECIAL_CASES) {
    const found = special(ctx);
    if (found !== undefined) return found;
  }
  return generic(ctx);
}

function expectationOf(failure: OhmFailure): Expectation | undefined {
  if (failure.getType() === 'string') {
    const t = failure.getText();
    return t === '(' || t === ')' || t === ',' ? t : undefined;
  }
  const rule = failure.getPExpr().ruleName;
  return rule !== undefined && Object.hasOwn(BY_RULE, rule) ? BY_RULE[rule] : undefined;
}

// ---- the generic message ----

function generic(ctx: FailureContext, hint = ''): IssueInit {
  const { text, pos } = ctx;
  const names = (Object.keys(PHRASES) as Expectation[]).filter((e) => ctx.expected.has(e)).map((e) => PHRASES[e]);
  names.push(...ctx.unnamed);
  const wanted = names.length === 0 ? 'something else' : orList(names);
  const token = tokenAt(text, pos);
  const found = token.end === token.start ? ', but the query ends' : `, found ${quote(text.slice(token.start, token.end))}`;
  return {
    code: 'syntax_error',
    message: `Expected ${wanted}${found}.${hint === '' ? '' : ` ${hint}`}`,
    span: token,
  };
}

/** The bare word at `pos`, or the single character there, or an empty span at the end. */
function tokenAt(text: string, pos: number): Span {
  if (pos >= text.length) return { start: text.length, end: text.length };
  const wordEnd = bareWordEnd(text, pos);
  if (wordEnd > pos) return { start: pos, end: wordEnd };
  return { start: pos, end: pos + charLength(text, pos) };
}

// ---- special cases, tried in order; each returns undefined when it does not apply ----

type SpecialCase = (ctx: FailureContext) => IssueInit | undefined;

const SPECIAL_CASES: readonly SpecialCase[] = [
  symbolOperator,
  unknownOperator,
  badQuotedValue,
  listValueMissing,
  operatorValueMissing,
  notWithoutGroup,
  missingOperator,
  danglingKeyword,
  keywordInWrongCase,
  strayCloseParen,
  unclosedGroup,
  spaceBeforeComma,
  quoteMisplaced,
  notAnAttribute,
  afterPredicate,
];

// `=`, `!=`, `>=` … where an operator or the separator before it belongs.
const SYMBOLS = ['===', '!==', '==', '!=', '<>', '<=', '>=', '=', '<', '>'];

function symbolOperator({ text, pos, expected }: FailureContext): IssueInit | undefined {
  if (!expected.has('operator') && !expected.has('sep')) return undefined;
  const symbol = SYMBOLS.find((s) => text.startsWith(s, pos));
  const op = symbol === undefined ? undefined : suggestOperator(symbol);
  if (symbol === undefined || op === undefined) return undefined;
  return {
    code: 'unknown_operator',
    message: `${quote(symbol)} is not an operator: write ${op}, with a separator (a space or ~) on each side.`,
    span: { start: pos, end: pos + symbol.length },
    suggestion: op,
  };
}

function unknownOperator({ text, pos, expected }: FailureContext): IssueInit | undefined {
  if (!expected.has('operator')) return undefined;
  const end = bareWordEnd(text, pos);
  if (end === pos) return undefined;
  const word = text.slice(pos, end);
  // `NOT EQ` for `NOT_EQ`: the fix spans both words.
  if (word.toUpperCase() === 'NOT') {
    const nextStart = skipSeps(text, end);
    const nextEnd = bareWordEnd(text, nextStart);
    const joined = `NOT_${text.slice(nextStart, nextEnd).toUpperCase()}`;
    const op = OPERATORS.find((o) => o === joined);
    if (nextStart > end && op !== undefined) {
      return {
        code: 'unknown_operator',
        message: `${quote(text.slice(pos, nextEnd))} is not an operator: write ${op}, with an underscore.`,
        span: { start: pos, end: nextEnd },
        suggestion: op,
      };
    }
  }
  // `EQ1`: an operator glued to its value.
  const glued = [...OPERATORS].sort((a, b) => b.length - a.length).find((o) => word.startsWith(o));
  if (glued !== undefined && !/^[A-Za-z_]/.test(word.slice(glued.length))) {
    return {
      code: 'unknown_operator',
      message: `${quote(word)} is not an operator: put a separator (a space or ~) after ${glued}.`,
      span: { start: pos, end },
      suggestion: `${glued} ${word.slice(glued.length)}`,
    };
  }
  const op = suggestOperator(word);
  if (op === undefined) {
    return {
      code: 'unknown_operator',
      message: `${quote(word)} is not an operator. After the attribute write one of ${orList([...OPERATORS])}.`,
      span: { start: pos, end },
    };
  }
  const caseOnly = op === word.toUpperCase() ? ' Operators are upper case.' : '';
  return {
    code: 'unknown_operator',
    message: `${quote(word)} is not an operator: write ${op}.${caseOnly}`,
    span: { start: pos, end },
    suggestion: op,
  };
}

function badQuotedValue({ text, pos, expected }: FailureContext): IssueInit | undefined {
  if (!expected.has('value') || text.charCodeAt(pos) !== 34) return undefined;
  for (let i = pos + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) return undefined; // closed: the problem is elsewhere
    if (c !== 92) continue;
    const next = text.charCodeAt(i + 1);
    if (next === 34 || next === 92) {
      i++;
    } else if (i + 1 < text.length) {
      const escape = text.slice(i, i + 1 + charLength(text, i + 1));
      return {
        code: 'syntax_error',
        message: `${quote(escape)} is not an escape in a quoted value: write \\\\ for a backslash and \\" for a quote.`,
        span: { start: i, end: i + escape.length },
        suggestion: `\\${escape}`,
      };
    }
  }
  const { line, column } = positionAt(text, pos);
  return {
    code: 'syntax_error',
    message: `The quoted value that starts at line ${line}, column ${column} is not closed: end it with ".`,
    span: { start: pos, end: text.length },
  };
}

function listValueMissing({ text, pos, expected }: FailureContext): IssueInit | undefined {
  if (!expected.has('value')) return undefined;
  const back = skipSepsBack(text, pos);
  if (text.charCodeAt(back - 1) !== 44) return undefined;
  if (onlySepsFrom(text, pos)) {
    return {
      code: 'syntax_error',
      message: 'The list ends with a comma: add a value after it or remove the comma.',
      span: { start: back - 1, end: back },
    };
  }
  const hint =
    text.charCodeAt(pos) === 126
      ? 'Only spaces, tabs or newlines may follow a comma, not ~.'
      : 'After a comma comes the next value of the list.';
  return generic({ text, pos, expected, unnamed: [] }, hint);
}

function operatorValueMissing({ text, pos, expected }: FailureContext): IssueInit | undefined {
  const before = wordBefore(text, pos);
  if (!isOperator(before.word)) return undefined;
  // Ohm stops right after the operator when the separator is missing, after it when the value is.
  const glued = expected.has('sep') && before.end === pos;
  if (!glued && !expected.has('value')) return undefined;
  if (onlySepsFrom(text, pos)) {
    return {
      code: 'syntax_error',
      message: `${before.word} needs a value after it; write "" for the empty text.`,
      span: { start: pos, end: pos },
    };
  }
  if (glued) {
    return {
      code: 'syntax_error',
      message: `Put a separator (a space or ~) between ${before.word} and its value.`,
      span: { start: pos, end: pos + charLength(text, pos) },
    };
  }
  return generic(
    { text, pos, expected, unnamed: [] },
    'Quote a value that holds separators, commas, parentheses or quotes: "a (b)".',
  );
}

function notWithoutGroup({ text, pos, expected }: FailureContext): IssueInit | undefined {
  return misplacedNot({
    text,
    pos,
    expectsGroup: expected.has('('),
    expectsPrimary: expected.has('attribute'),
    expectsJoin: expected.has('and') || expected.has('or'),
  });
}

function missingOperator({ text, pos, expected }: FailureContext): IssueInit | undefined {
  if (!(expected.has('sep') || expected.has('operator')) || !onlySepsFrom(text, pos)) return undefined;
  const before = wordBefore(text, pos);
  if (!before.word.includes('.')) return undefined;
  return {
    code: 'syntax_error',
    message: `Add an operator and a value after ${before.word}, such as ${before.word} EQ x.`,
    span: { start: pos, end: pos },
  };
}

function danglingKeyword({ text, pos, expected }: FailureContext): IssueInit | undefined {
  // `… AND` at the end (Ohm stops at AND, which needs a separator after it) …
  const end = bareWordEnd(text, pos);
  const word = text.slice(pos, end);
  if ((expected.has('and') || expected.has('or')) && isKeyword(word)) {
    if (end === text.length || onlySepsFrom(text, end)) return endsWithKeyword(word, { start: pos, end });
    if (!isSepChar(text.charCodeAt(end))) {
      return {
        code: 'syntax_error',
        message: `Put a separator (a space or ~) between ${word} and ${quote(text.slice(end, end + charLength(text, end)))}.`,
        span: { start: end, end: end + charLength(text, end) },
      };
    }
  }
  // … or `… AND ` with a separator, where Ohm stops at the end looking for a predicate.
  if (expected.has('attribute') && onlySepsFrom(text, pos)) {
    const before = wordBefore(text, pos);
    if (isKeyword(before.word)) return endsWithKeyword(before.word, before);
  }
  // `AND AND`, or a query that starts with AND.
  if (expected.has('attribute') && isKeyword(word)) {
    const before = wordBefore(text, pos);
    const message = isKeyword(before.word)
      ? `${before.word} and ${word} cannot follow each other: put a predicate between them.`
      : before.word === '' && skipSeps(text, 0) === pos
        ? `The query cannot start with ${word}: ${word} joins two predicates.`
        : `Expected a predicate before ${word}.`;
    return { code: 'syntax_error', message, span: { start: pos, end } };
  }
  return undefined;
}

function endsWithKeyword(word: string, span: Span): IssueInit {
  return {
    code: 'syntax_error',
    message: `The query ends with ${word}: add a predicate after it, or remove it.`,
    span: { start: span.start, end: span.end },
  };
}

function keywordInWrongCase({ text, pos, expected }: FailureContext): IssueInit | undefined {
  if (!expected.has('and') && !expected.has('or')) return undefined;
  const end = bareWordEnd(text, pos);
  const word = text.slice(pos, end);
  const upper = word.toUpperCase();
  if (!isKeyword(upper) || word === upper) return undefined;
  return {
    code: 'syntax_error',
    message: `Write ${upper} in upper case: ${quote(word)} is not a keyword.`,
    span: { start: pos, end },
    suggestion: upper,
  };
}

function strayCloseParen({ text, pos }: FailureContext): IssueInit | undefined {
  if (text.charCodeAt(pos) !== 41) return undefined;
  if (text.charCodeAt(skipSepsBack(text, pos) - 1) === 40) {
    return {
      code: 'syntax_error',
      message: 'The parentheses are empty: put a predicate inside them, or remove them.',
      span: { start: pos, end: pos + 1 },
    };
  }
  if (scanParens(text, pos).open.length > 0) return undefined;
  return {
    code: 'syntax_error',
    message: 'This ")" has no matching "(": remove it, or add a "(" where the group starts.',
    span: { start: pos, end: pos + 1 },
  };
}

function unclosedGroup({ text, pos, expected }: FailureContext): IssueInit | undefined {
  if (!expected.has(')') || !onlySepsFrom(text, pos)) return undefined;
  const open = scanParens(text, pos).open;
  const start = open[open.length - 1];
  if (start === undefined) return undefined;
  const { line, column } = positionAt(text, start);
  return {
    code: 'syntax_error',
    message: `The "(" at line ${line}, column ${column} is not closed: add a ")" where the group ends.`,
    span: { start: pos, end: pos },
  };
}

function spaceBeforeComma({ text, pos }: FailureContext): IssueInit | undefined {
  if (text.charCodeAt(pos) !== 44 || pos === 0 || !isSepChar(text.charCodeAt(pos - 1))) return undefined;
  const back = skipSepsBack(text, pos);
  return {
    code: 'syntax_error',
    message: 'Remove the separator before the comma: a list is written a,b or a, b.',
    span: { start: back, end: pos },
  };
}

function quoteMisplaced({ text, pos, expected }: FailureContext): IssueInit | undefined {
  const c = text.charCodeAt(pos);
  if (pos >= text.length || isSepChar(c)) return undefined;
  if (c === 34 && pos > 0 && isBareChar(text.charCodeAt(pos - 1))) {
    return {
      code: 'syntax_error',
      message: 'A quote can only start a value: quote the whole value, and write \\" for each quote inside it.',
      span: { start: pos, end: pos + 1 },
    };
  }
  const afterValue = expected.has('end') || expected.has(')') || expected.has(',');
  if (c === 40 && afterValue && pos > 0 && isBareChar(text.charCodeAt(pos - 1))) {
    return {
      code: 'syntax_error',
      message: 'A value cannot hold "(" unquoted: write the whole value in double quotes.',
      span: { start: pos, end: pos + 1 },
    };
  }
  if (pos > 0 && text.charCodeAt(pos - 1) === 34 && c !== 44 && c !== 41) {
    return {
      code: 'syntax_error',
      message: 'Put a separator (a space or ~) after the closing quote.',
      span: { start: pos, end: pos + charLength(text, pos) },
    };
  }
  return undefined;
}

function notAnAttribute({ text, pos, expected }: FailureContext): IssueInit | undefined {
  if (expected.has('attribute') && text.charCodeAt(pos) === 34) {
    return {
      code: 'syntax_error',
      message: 'An attribute is written without quotes, such as agent.name.',
      span: { start: pos, end: pos + 1 },
    };
  }
  if (expected.has('attribute')) {
    const end = bareWordEnd(text, pos);
    if (end === pos) return undefined;
    const word = text.slice(pos, end);
    const hint = word.includes('.')
      ? 'write object.property with names made of letters, digits and _ that do not start with a digit'
      : 'write object.property';
    return {
      code: 'syntax_error',
      message: `${quote(word)} is not an attribute: ${hint}, such as agent.name.`,
      span: { start: pos, end },
    };
  }
  if (expected.has('sep') && text.charCodeAt(pos) === 46) {
    return {
      code: 'syntax_error',
      message: 'An attribute has exactly one dot: object.property, such as agent.name.',
      span: { start: pos, end: pos + 1 },
    };
  }
  return undefined;
}

function afterPredicate(ctx: FailureContext): IssueInit | undefined {
  const { text, pos, expected } = ctx;
  if (!(expected.has('and') || expected.has('or')) || pos >= text.length) return undefined;
  const before = skipSepsBack(text, pos);
  const afterValue =
    before < pos && before > 0 && text.charCodeAt(before - 1) !== 41 && isBareChar(text.charCodeAt(pos));
  return generic(ctx, afterValue ? 'A value with spaces must be quoted: "Pat Smith".' : '');
}

// ---- helpers ----

function isOperator(word: string): boolean {
  return OPERATORS.some((o) => o === word);
}

function isKeyword(word: string): boolean {
  return word === 'AND' || word === 'OR';
}

/** 2 for the first half of a surrogate pair, so a span never splits a character. */
function charLength(text: string, pos: number): number {
  const c = text.charCodeAt(pos);
  const d = text.charCodeAt(pos + 1);
  return c >= 0xd800 && c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff ? 2 : 1;
}

/**
 * A word from the query in double quotes, as the user typed it: only control characters are
 * escaped (so the message stays on one line), and a long word is cut short.
 */
function quote(word: string): string {
  const chars = [...word];
  const shown = chars.length > 40 ? `${chars.slice(0, 40).join('')}…` : word;
  const visible = shown.replace(/[\u0000-\u001f\u007f]/g, (c) => JSON.stringify(c).slice(1, -1));
  // A word with a double quote in it reads better in single quotes.
  return visible.includes('"') && !visible.includes("'") ? `'${visible}'` : `"${visible}"`;
}
