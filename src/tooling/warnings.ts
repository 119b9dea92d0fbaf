/**
 * Warnings: findings on a valid query that probably does not mean what its author meant. They
 * never change what the query means (the query is valid and compiles as it is); each has a stable
 * code, the span of the predicate it is about, a message and, where one is clear, the fixed text.
 */
import { text as textValue } from '../ast/builders.js';
import type { Operator, Span } from '../ast/nodes.js';
import { applyComparison, type ComparisonHandlers } from '../backends/backend.js';
import { printValue } from '../ast/print.js';
import { compileValidated } from '../backends/compile-validated.js';
import { describeValue } from '../errors/describe-value.js';
import { positionAt, type Position } from '../errors/position.js';
import { optionError } from '../errors/tql-error.js';
import { PROFILE_DEFINITIONS, PROFILES, type Profile } from '../parser/profiles.js';
import type { Attribute, AttributeType } from '../schema/types.js';
import type { AnyComparison, Comparison, Condition, NotCondition, Scalar, ValidatedQuery } from '../validate/validated-query.js';
import { OPERATOR_FACTS } from '../schema/operators.js';
import { readValue } from '../validate/values.js';
import { optionsOf } from './arguments.js';
import { losesDigits } from './decimal.js';
import { scan, type Token } from './scan.js';
import { TEXT_PLACE_WORDS } from './describe.js';

/** Every warning code, with what it means. */
export const WARNING_CODES = {
  bracketed_list: 'A list written in brackets: the brackets become part of the first and last values.',
  percent_in_like: 'A % in a LIKE value: LIKE already finds a substring, and % is a literal percent sign there.',
  null_as_text: 'NULL, Null or "null" compared as text on an attribute that can be null.',
  milliseconds_timestamp: 'A timestamp that is in Unix milliseconds, not seconds.',
  empty_like: 'LIKE "" (or STARTS_WITH "", ENDS_WITH "") matches every record that has a value (NOT_LIKE "" those without one).',
  duplicate_predicate: 'The same predicate twice in one AND or OR.',
  duplicate_value: 'The same value twice in one list.',
  empty_range: 'Predicates on one attribute that no value satisfies together, inside one AND.',
  number_rounded: 'A Number written with more digits than a double holds, or too small for one: it is read as another number.',
  negated_predicate: 'NOT around one predicate whose operator has a negative form: NOT (a EQ x) is a NOT_EQ x.',
  anchor_in_like: 'A LIKE value that starts with ^ or ends with $: LIKE searches for the character; STARTS_WITH and ENDS_WITH test the start and the end.',
} as const;

/** `'bracketed_list' | 'percent_in_like' | …`. */
export type WarningCode = keyof typeof WARNING_CODES;

/** One finding. */
export interface TqlWarning {
  readonly code: WarningCode;
  readonly message: string;
  /** The predicate it is about (for `negated_predicate`, the `NOT ( … )`), in the query text. */
  readonly span: Span;
  readonly position: Position;
  /** The predicate rewritten as it was probably meant, when that is clear. */
  readonly fix?: string;
}

/** Unix seconds of 3000-01-01: a timestamp beyond is more likely milliseconds than a date. */
const YEAR_3000 = 32_503_680_000;

/** Options of {@link warnings}. */
export interface WarningsOptions {
  /** The profile the query was checked with: no fix uses what it leaves out (`null` in `timezest`). Default `extended`. */
  readonly profile?: Profile | undefined;
}

/**
 * The warnings of a validated query, in text order. Computed on demand from the query `check`
 * returned (no second parse), so checking stays as fast as it is. Each fix, put in place of its
 * span, gives a query that `check` accepts with the same schema, entity and profile. Anything
 * but a query `check` or `validate` made is `invalid_input`; an unknown profile `invalid_option`.
 *
 * @example
 * ```ts
 * const q = check('agent.role IN [User,Administrator]', schedulingSchema, 'agent');
 * warnings(q).map((w) => w.code); // → ['bracketed_list']
 * warnings(q)[0]!.fix; // → 'agent.role IN User,Administrator'
 * ```
 */
export function warnings(query: ValidatedQuery, options: WarningsOptions = {}): TqlWarning[] {
  const profile: unknown = optionsOf('warnings', options, ['profile']).profile ?? 'extended';
  if (!(PROFILES as readonly unknown[]).includes(profile)) {
    throw optionError(`The profile is ${PROFILES.map((p) => `"${p}"`).join(' or ')}, not ${describeValue(profile)}.`);
  }
  const allows = PROFILE_DEFINITIONS[profile as Profile].allows;
  // The gate every backend passes a query through: a hand-made one is checked for its shape first.
  return compileValidated(query, 'warnings', (q) => {
    const found: TqlWarning[] = [];
    const warn: Warn = (code, at, message, fix) =>
      found.push({ code, message, span: at.span, position: positionAt(q.text, at.span.start), ...(fix === undefined ? {} : { fix }) });
    const source = (c: AnyComparison) => q.text.slice(c.span.start, c.span.end);
    walk(q.condition, {
      comparison: (c) => comparisonWarnings(c, { text: source(c), warn, allows }),
      group: (operands, kind) => groupWarnings(operands, kind, warn),
      negation: (n) => negationWarnings(n, source, warn),
    });
    return found.sort((a, b) => a.span.start - b.span.start);
  });
}

/** Reports a warning about `at` (a comparison, or a `NOT ( … )`). */
type Warn = (code: WarningCode, at: { readonly span: Span }, message: string, fix?: string) => void;

/** What the walk calls at each kind of node; keyed by kind, so a new kind does not compile until it is visited. */
interface Visitors {
  readonly comparison: (c: AnyComparison) => void;
  readonly group: (operands: readonly Condition[], kind: 'And' | 'Or') => void;
  readonly negation: (n: NotCondition) => void;
}

function walk(c: Condition, visit: Visitors): void {
  switch (c.kind) {
    case 'Comparison':
      return visit.comparison(c);
    case 'Not':
      visit.negation(c);
      return walk(c.operand, visit);
    case 'And':
    case 'Or':
      visit.group(c.operands, c.kind);
      for (const o of c.operands) walk(o, visit);
  }
}

/**
 * `NOT (a EQ x)`: one predicate whose operator has an exact complement (language rule 8), so
 * the predicate with that operator says the same more simply, in every profile.
 */
function negationWarnings(n: NotCondition, source: (c: AnyComparison) => string, warn: Warn): void {
  const c = n.operand;
  if (c.kind !== 'Comparison') return;
  const complement = OPERATOR_FACTS[c.operator].complement;
  if (complement === undefined || !c.attribute.operators.includes(complement)) return;
  const fix = withOperator(source(c), complement);
  warn('negated_predicate', n, `NOT (${c.attribute.path} ${c.operator} …) matches exactly what ${c.attribute.path} ${complement} … matches; write that instead.`, fix);
}

/** What a comparison's warnings need besides the comparison. */
interface ComparisonContext {
  /** The predicate's own text. */
  readonly text: string;
  readonly warn: Warn;
  /** The profile the query was checked with. */
  readonly allows: Allows;
}

type Allows = (typeof PROFILE_DEFINITIONS)[Profile]['allows'];

function comparisonWarnings(c: AnyComparison, ctx: ComparisonContext): void {
  TYPE_WARNINGS[c.attribute.type](c, ctx);
  applyComparison(c, COMPARISON_WARNINGS, ctx);
}

const noWarnings = (): void => undefined;

/** The warnings of each type's values, whatever the operator; keyed by type, so a new type does not compile until decided. */
const TYPE_WARNINGS: { readonly [T in AttributeType]: (c: AnyComparison, ctx: ComparisonContext) => void } = {
  ID: noWarnings,
  String: noWarnings,
  Boolean: noWarnings,
  Number: (c, { text, warn }) => numberWarnings(c, text, warn),
  // An instant in milliseconds given as seconds: EQ and the order operators take one number.
  Timestamp: (c, { warn }) => {
    if (typeof c.value === 'number') millis(c, c.value, warn);
  },
};

/** The warnings of each operator; keyed by operator, so a new one does not compile until decided. */
const COMPARISON_WARNINGS: ComparisonHandlers<void, ComparisonContext> = {
  EQ: equalityWarnings,
  NOT_EQ: equalityWarnings,
  // What an order could warn of depends on the type alone (TYPE_WARNINGS).
  LT: noWarnings,
  LTE: noWarnings,
  GT: noWarnings,
  GTE: noWarnings,
  LIKE: textWarnings,
  NOT_LIKE: textWarnings,
  STARTS_WITH: textWarnings,
  ENDS_WITH: textWarnings,
  IN: listWarnings,
  NOT_IN: listWarnings,
};

function listWarnings(c: Comparison<'IN' | 'NOT_IN'>, { text, warn }: ComparisonContext): void {
  const values = c.value;
  if (typeof values[0] === 'string' && typeof values[values.length - 1] === 'string') bracketedList(c, values, text, warn);
  const seen = new Set<Scalar>();
  for (const v of values) {
    if (seen.has(v)) warn('duplicate_value', c, `${JSON.stringify(v)} is in the list of ${c.attribute.path} twice; once is enough.`);
    seen.add(v);
  }
}

function equalityWarnings(c: Comparison<'EQ' | 'NOT_EQ'>, { warn, allows }: ComparisonContext): void {
  const a = c.attribute;
  const v = c.value;
  if (typeof v === 'string' && v.toLowerCase() === 'null' && a.nullable) {
    const text = `${a.path} ${c.operator} ${v} compares with the text ${JSON.stringify(v)}`;
    // Under a profile without null there is no better way to write it: the warning, no fix.
    if (allows.null) warn('null_as_text', c, `${text}; to test for no value, write null (lower case, not quoted).`, `${a.path} ${c.operator} null`);
    else warn('null_as_text', c, `${text}; testing for no value (null) needs the extended profile.`);
  }
}

/**
 * The anchors of a regex or a search box that a value of LIKE may start or end with (`^jo`,
 * `son$`), and the operator that says what they mean.
 */
const ANCHORS = [
  { anchor: '^', at: (v: string) => v.startsWith('^'), strip: (v: string) => v.slice(1), operator: 'STARTS_WITH' },
  { anchor: '$', at: (v: string) => v.endsWith('$'), strip: (v: string) => v.slice(0, -1), operator: 'ENDS_WITH' },
] as const;

function textWarnings(c: Comparison<'LIKE' | 'NOT_LIKE' | 'STARTS_WITH' | 'ENDS_WITH'>, { text, warn, allows }: ComparisonContext): void {
  const a = c.attribute;
  const v = c.value;
  const facts = OPERATOR_FACTS[c.operator];
  const positive = facts.negated ? facts.complement! : c.operator;
  if (v === '') {
    warn(
      'empty_like',
      c,
      facts.negated
        ? `${a.path} ${c.operator} "" matches only the records without a ${a.path}; write ${a.path} EQ null.`
        : `${a.path} ${c.operator} "" matches every record with any value of ${a.path}; to test for a value, write ${a.path} NOT_EQ null.`,
    );
    return;
  }
  const quoted = text.includes('"');
  if (/^[%*]|[%*]$/.test(v) && v.replace(/^[%*]+|[%*]+$/g, '') !== '' && !quoted) {
    // A quoted value says its % is meant; a bare one most likely comes from SQL habits.
    const bare = v.replace(/^[%*]+|[%*]+$/g, '');
    const token = valueTokens(text)[0];
    const written = token?.text.replace(/^[%*]+|[%*]+$/g, '');
    const fix = token === undefined || written === '' ? undefined : withValues(text, [[token, written!]]);
    warn('percent_in_like', c, `${positive} finds ${JSON.stringify(bare)} ${TEXT_PLACE_WORDS[facts.place!]} ${a.path} by itself; the ${v.includes('%') ? '%' : '*'} is searched for as a character.`, fix);
    return;
  }
  // `LIKE ^jo` searches for the character ^: a prefix test is STARTS_WITH, where it is allowed.
  if (facts.place !== 'anywhere' || facts.negated || quoted) return;
  for (const { anchor, at, strip, operator } of ANCHORS) {
    if (!at(v) || strip(v) === '') continue;
    const usable = a.operators.includes(operator) && allows[OPERATOR_FACTS[operator].extension!];
    const token = valueTokens(text)[0];
    const fix = usable && token !== undefined ? withOperator(withValues(text, [[token, strip(token.text)]]), operator) : undefined;
    const instead = usable ? `; to find it ${TEXT_PLACE_WORDS[OPERATOR_FACTS[operator].place!]} ${a.path}, write ${operator}` : '';
    warn('anchor_in_like', c, `LIKE finds ${JSON.stringify(v)} anywhere in ${a.path}, ${anchor} included: the ${anchor} is searched for as a character${instead}.`, fix);
    return;
  }
}

/** A predicate's text with its operator replaced. */
function withOperator(text: string, operator: Operator): string {
  let found: Token | undefined;
  scan(text, text.length, (token) => {
    if (token.role === 'operator') found ??= token;
  });
  return found === undefined ? text : text.slice(0, found.start) + operator + text.slice(found.end);
}

/**
 * A list whose first value starts with `[` or whose last ends with `]`, both written bare: the
 * brackets are read as part of the values. A quoted value's brackets are meant, and so are
 * brackets whose removal leaves a value the attribute does not take (a closed set that holds
 * `[a`): then nothing is said.
 */
function bracketedList(c: AnyComparison, values: readonly Scalar[], text: string, warn: Warn): void {
  const tokens = valueTokens(text);
  const first = tokens[0];
  const last = tokens[tokens.length - 1];
  if (first === undefined || last === undefined) return;
  const opens = !first.quoted && first.text.startsWith('[');
  const closes = !last.quoted && last.text.endsWith(']');
  if (!opens && !closes) return;
  const unbracketed = (t: Token) => {
    let v = opens && t === first ? t.text.slice(1) : t.text;
    if (closes && t === last && v.endsWith(']')) v = v.slice(0, -1);
    return v;
  };
  const changed = (first === last ? [first] : [first, last]).map((t): [Token, string] => [t, unbracketed(t)]).filter(([t, v]) => v !== t.text);
  if (!changed.every(([, v]) => takes(c.attribute, v))) return;
  const fix = withValues(text, changed);
  const [v0, vn] = [values[0], values[values.length - 1]];
  warn('bracketed_list', c, `${c.attribute.path} ${c.operator} reads ${JSON.stringify(v0)} and ${JSON.stringify(vn)} with their brackets: a list is written without them.`, fix);
}

/** True when `written` is a value `check` takes for `a`: of its type, and in its closed set if it has one. */
function takes(a: Attribute, written: string): boolean {
  const read = readValue(written, a, { timeZone: 'UTC' });
  return typeof read !== 'object' && (a.values === undefined || a.values.includes(String(read)));
}

/** The value tokens of one predicate's text. */
function valueTokens(text: string): Token[] {
  const tokens: Token[] = [];
  scan(text, text.length, (token) => {
    if (token.role === 'value') tokens.push(token);
  });
  return tokens;
}

/** `text` with some value tokens written anew, each quoted as the printer quotes it. */
function withValues(text: string, changes: readonly (readonly [Token, string])[]): string {
  let out = '';
  let from = 0;
  for (const [token, value] of changes) {
    out += text.slice(from, token.start) + printValue(textValue(value));
    from = token.end;
  }
  return out + text.slice(from);
}

/** Each value of a Number predicate whose written digits the double it is read as does not keep. */
function numberWarnings(c: AnyComparison, text: string, warn: Warn): void {
  const values: readonly unknown[] = Array.isArray(c.value) ? c.value : [c.value];
  let i = 0;
  scan(text, text.length, (token) => {
    if (token.role !== 'value') return;
    const n = values[i++];
    if (typeof n !== 'number' || !losesDigits(token.text, n)) return;
    const why = n === 0 ? 'it is closer to 0 than the smallest double' : 'a Number keeps about 16 significant digits';
    warn('number_rounded', c, `${token.text} is read as ${String(n)}: ${why}, so ${c.attribute.path} is compared with ${String(n)}.`);
  });
}

/** True when a timestamp in seconds is past the year 3000 and a plausible date in milliseconds. */
export function looksLikeMilliseconds(seconds: number): boolean {
  return seconds >= YEAR_3000 && seconds / 1000 < YEAR_3000;
}

function millis(c: AnyComparison, seconds: number, warn: Warn): void {
  if (!looksLikeMilliseconds(seconds)) return;
  const year = utcYear(seconds);
  warn('milliseconds_timestamp', c, `${seconds} is read as Unix seconds, a date in the year ${year}; in milliseconds it would be ${new Date(seconds).toISOString()}: divide by 1000.`, `${c.attribute.path} ${c.operator} ${Math.floor(seconds / 1000)}`);
}

/**
 * The year in UTC of an instant in Unix seconds, by the proleptic Gregorian calendar, also past
 * the dates JavaScript can hold (days to civil date, as in H. Hinnant's chrono algorithms).
 */
function utcYear(seconds: number): number {
  const z = Math.floor(seconds / 86_400) + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1_460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  return yoe + era * 400 + (mp >= 10 ? 1 : 0);
}

/** Duplicates among the operands of one AND or OR; ranges that cannot meet inside one AND. */
function groupWarnings(operands: readonly Condition[], kind: 'And' | 'Or', warn: Warn): void {
  const comparisons = operands.filter((o): o is AnyComparison => o.kind === 'Comparison');
  const seen = new Map<string, AnyComparison>();
  for (const c of comparisons) {
    const key = JSON.stringify([c.attribute.path, c.operator, c.value]);
    if (seen.has(key)) warn('duplicate_predicate', c, `This predicate is already in the same ${kind === 'And' ? 'AND' : 'OR'}; the second one changes nothing.`);
    else seen.set(key, c);
  }
  if (kind === 'And') emptyRanges(comparisons, warn);
}

/**
 * Bounds on one attribute that no value meets. Only attributes of one value per record: a
 * collection attribute's predicates may each hold for another element.
 */
function emptyRanges(comparisons: readonly AnyComparison[], warn: Warn): void {
  const byPath = new Map<string, AnyComparison[]>();
  for (const c of comparisons) {
    if (c.attribute.collection) continue;
    byPath.set(c.attribute.path, [...(byPath.get(c.attribute.path) ?? []), c]);
  }
  for (const [path, cs] of byPath) {
    let low: { value: number; strict: boolean } | undefined;
    let high: { value: number; strict: boolean } | undefined;
    let equal: Scalar | undefined;
    let equalSeen = false;
    let conflict = false;
    for (const c of cs) {
      const v = c.value;
      const bounds = OPERATOR_FACTS[c.operator].bounds;
      if (bounds === undefined) continue;
      // Bounded on both sides and inclusive: an equality, which holds for one value only.
      if (bounds.lower === 'inclusive' && bounds.upper === 'inclusive' && v !== null) {
        if (equalSeen && equal !== v) conflict = true;
        equal = v as Scalar;
        equalSeen = true;
        continue;
      }
      if (typeof v !== 'number') continue;
      if (bounds.lower !== undefined) {
        const strict = bounds.lower === 'strict';
        if (low === undefined || v > low.value || (v === low.value && strict)) low = { value: v, strict };
      }
      if (bounds.upper !== undefined) {
        const strict = bounds.upper === 'strict';
        if (high === undefined || v < high.value || (v === high.value && strict)) high = { value: v, strict };
      }
    }
    if (low !== undefined && high !== undefined && (low.value > high.value || (low.value === high.value && (low.strict || high.strict)))) conflict = true;
    if (equalSeen && typeof equal === 'number') {
      if (low !== undefined && (equal < low.value || (equal === low.value && low.strict))) conflict = true;
      if (high !== undefined && (equal > high.value || (equal === high.value && high.strict))) conflict = true;
    }
    if (conflict) warn('empty_range', cs[cs.length - 1]!, `No value of ${path} meets these predicates together, so this AND matches no record; did you mean OR, or other bounds?`);
  }
}
