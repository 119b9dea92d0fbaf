/**
 * The compile-only contract of a SQL dialect: every case of a contract suite compiled through a
 * dialect object and checked without an engine, so a dialect no engine at hand can run is
 * checked too. Each statement is compiled twice, as the dialect writes it and through its
 * {@link markerDialect}, and must keep three promises: the tags change nothing; outside the
 * hooks' fragments there is only core SQL (parentheses, AND/OR/NOT, IN, IS NULL, EXISTS
 * subqueries, CASE, comparison signs, numbers and string literals), so every identifier was
 * quoted by the dialect and every function, cast or keyword of the engine came from a hook; and
 * the placeholders bind the values in order. Running the statements on an engine is the
 * registry's contract (`sqlBackend`, `contractRun`).
 */
import { isTqlError } from '../../errors/tql-error.js';
import type { ValidatedQuery } from '../../validate/validated-query.js';
import { compileSql, type SqlStatement } from '../sql/compile-sql.js';
import { markerDialect, placeholderNumbers, taggedFragments, untagged, untaggedText } from '../sql/dialect-marker.js';
import type { CaseFolding, SqlDialect } from '../sql/dialects.js';
import type { SqlMapping } from '../sql/mapping.js';
import { contractQuery } from './run-contract.js';
import type { ContractCase, ContractSuite } from './suite.js';

/** What the compile-only checks compile against: the suite's tables and, optionally, a case folding. */
export interface DialectCheckOptions {
  readonly mapping: SqlMapping;
  /** As in `compileSql`; default `database`. */
  readonly caseFolding?: CaseFolding | undefined;
}

/** What compiling one query through a dialect gave: the statement and what is wrong with it, or the refusal. */
export type DialectStatementCheck =
  | { readonly statement: SqlStatement; readonly problems: readonly string[] }
  | { readonly refused: string; readonly problems: readonly string[] };

/** What one case of the suite gave in the compile-only contract. */
export type DialectOutcome<E extends string = string> =
  | { readonly status: 'passed'; readonly case: ContractCase<E>; readonly statement: SqlStatement }
  | { readonly status: 'refused'; readonly case: ContractCase<E>; readonly reason: string }
  | { readonly status: 'failed'; readonly case: ContractCase<E>; readonly problems: readonly string[] };

/** The words the compiler writes itself; any other word outside a hook's fragment is the dialect's to write. */
const CORE_WORDS: ReadonlySet<string> = new Set(['AND', 'OR', 'NOT', 'IN', 'IS', 'NULL', 'EXISTS', 'SELECT', 'FROM', 'WHERE', 'CASE', 'WHEN', 'THEN', 'ELSE', 'END']);

/** A token of core SQL: a string literal, a word, a number, a comparison sign, punctuation, space; or any other character. */
const TOKEN = /'(?:[^']|'')*'|[A-Za-z_][A-Za-z_0-9]*|\d+|<>|<=|>=|[(),.=<>]|\s+|[^]/g;

/** What the compiler wrote outside the hooks that is not core SQL, one sentence each. */
function outsideHooks(compilersText: string): string[] {
  const found = new Set<string>();
  for (const [token] of compilersText.matchAll(TOKEN)) {
    if (/^[A-Za-z_]/.test(token)) {
      if (!CORE_WORDS.has(token)) found.add(`\`${token}\` is written outside the dialect's hooks`);
    } else if (!/^(?:'|\d|<>|<=|>=|[(),.=<>]|\s)/.test(token)) {
      found.add(`${JSON.stringify(token)} is written outside the dialect's hooks`);
    }
  }
  return [...found];
}

/** Whether the placeholders of `marked` (its statement through the marker dialect) bind `count` values in order. */
function placeholderProblems(dialect: SqlDialect, markedText: string, count: number): string[] {
  const numbered = dialect.placeholder(1) !== dialect.placeholder(2);
  if (numbered) {
    const used = new Set(placeholderNumbers(markedText));
    const expected = Array.from({ length: count }, (_, i) => i + 1);
    const same = used.size === count && expected.every((n) => used.has(n));
    return same ? [] : [`the placeholders name values ${[...used].sort((a, b) => a - b).join(', ') || 'none'}, and ${count} are bound`];
  }
  const positional = taggedFragments(markedText).filter((f) => f === dialect.placeholder(1)).length;
  return positional === count ? [] : [`${positional} placeholders stand for ${count} bound values`];
}

/** Names a quoting must change: a keyword, a space, each engine's quote characters. */
const PROBE_NAMES = ['select', 'a b', 'a"b', 'a`b', 'a]b'];

/** Whether the dialect quotes identifiers: no name is left as it is, and two names never read alike. */
function quotingProblems(dialect: SqlDialect): string[] {
  const quoted = PROBE_NAMES.map((n) => dialect.quoteIdentifier(n));
  const bare = PROBE_NAMES.filter((n, i) => quoted[i] === n);
  if (bare.length > 0) return [`quoteIdentifier leaves ${bare.map((n) => JSON.stringify(n)).join(', ')} unquoted`];
  return new Set(quoted).size === quoted.length ? [] : ['quoteIdentifier writes two names alike'];
}

/** Whether two lists of bound values are the same, value by value. */
const sameValues = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((v, i) => Object.is(v, b[i]));

/** The statement, or the TqlError's `code: message`; anything else thrown is a problem of the dialect. */
function compiled(query: ValidatedQuery, dialect: SqlDialect, options: DialectCheckOptions): SqlStatement | { readonly refused: string } {
  try {
    return compileSql(query, { dialect, mapping: options.mapping, caseFolding: options.caseFolding });
  } catch (error) {
    if (isTqlError(error)) return { refused: `${error.code}: ${error.issues[0].message}` };
    return { refused: `not a TqlError: ${String(error)}` };
  }
}

/**
 * Compiles `query` through `dialect` and checks the statement without an engine: its tags (see
 * {@link markerDialect}) change nothing, nothing outside the hooks' fragments is more than core
 * SQL, its placeholders bind every value, and `quoteIdentifier` quotes. A refusal (a `TqlError`, as where the engine
 * cannot compare a column exactly) is no problem as long as both compiles refuse alike.
 *
 * @example
 * ```ts
 * const q = check('agent.name NOT_EQ Ada', schedulingSchema, 'agent');
 * dialectStatementProblems(postgres, q, { mapping: schedulingSqlMapping }).problems; // → []
 * // Without a complement of its own, the compiler's NOT COALESCE(…, FALSE) shows:
 * const { complement: _own, ...lax } = postgres;
 * const negated = check('NOT (agent.name EQ Ada)', schedulingSchema, 'agent');
 * dialectStatementProblems(lax, negated, { mapping: schedulingSqlMapping }).problems.length; // → 2
 * ```
 */
export function dialectStatementProblems(dialect: SqlDialect, query: ValidatedQuery, options: DialectCheckOptions): DialectStatementCheck {
  const plain = compiled(query, dialect, options);
  const marked = compiled(query, markerDialect(dialect), options);
  if ('refused' in plain || 'refused' in marked) {
    const refused = 'refused' in plain ? plain.refused : 'compiled';
    const problems = 'refused' in plain && 'refused' in marked && untagged(marked.refused) === plain.refused ? [] : ['the marker dialect changes whether the query compiles'];
    if (refused.startsWith('not a TqlError')) problems.push(`compiling threw ${refused}`);
    return 'refused' in plain ? { refused: plain.refused, problems } : { statement: plain, problems };
  }
  const problems: string[] = [];
  if (untagged(marked.text) !== plain.text) problems.push('the statement through the marker dialect differs from the statement: a hook reads its arguments instead of only writing them');
  if (!sameValues(marked.values, plain.values)) problems.push('the values bound through the marker dialect differ');
  problems.push(...outsideHooks(untaggedText(marked.text)));
  problems.push(...placeholderProblems(dialect, marked.text, plain.values.length));
  problems.push(...quotingProblems(dialect));
  return { statement: plain, problems };
}

/**
 * The compile-only contract of `dialect`: every case of `suite` compiled against
 * `options.mapping` and checked by {@link dialectStatementProblems}. A case passes when its
 * statement keeps every promise, is `refused` where compiling raised a `TqlError` (the engine
 * cannot compare so exactly: a reason, not a failure), and fails with its problems otherwise.
 *
 * @example
 * ```ts
 * import { schedulingContract, schedulingSqlMapping } from 'tql/scheduling';
 * const outcomes = checkDialectContract(sqlite, schedulingContract, { mapping: schedulingSqlMapping });
 * outcomes.filter((o) => o.status === 'failed'); // → []
 * ```
 */
export function checkDialectContract<E extends string>(dialect: SqlDialect, suite: ContractSuite<E>, options: DialectCheckOptions): DialectOutcome<E>[] {
  return suite.cases.map((c): DialectOutcome<E> => {
    const checked = dialectStatementProblems(dialect, contractQuery(suite, c), options);
    if (checked.problems.length > 0) return { status: 'failed', case: c, problems: checked.problems };
    return 'refused' in checked ? { status: 'refused', case: c, reason: checked.refused } : { status: 'passed', case: c, statement: checked.statement };
  });
}
