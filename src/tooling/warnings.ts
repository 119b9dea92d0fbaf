/**
 * Warnings: findings on a valid query that probably does not mean what its author meant. They
 * never change what the query means (the query is valid and compiles as it is); each has a stable
 * code, the span of the predicate it is about, a message and, where one is clear, the fixed text.
 */
import type { Span } from '../ast/nodes.js';
import { positionAt, type Position } from '../errors/position.js';
import type { AnyComparison, Condition, Scalar, ValidatedQuery } from '../validate/validated-query.js';
import { losesDigits } from './decimal.js';
import { scan } from './scan.js';

/** Every warning code, with what it means. */
export const WARNING_CODES = {
  bracketed_list: 'A list written in brackets: the brackets become part of the first and last values.',
  percent_in_like: 'A % in a LIKE value: LIKE already finds a substring, and % is a literal percent sign there.',
  null_as_text: 'NULL, Null or "null" compared as text on an attribute that can be null.',
  milliseconds_timestamp: 'A timestamp that is in Unix milliseconds, not seconds.',
  empty_like: 'LIKE "" matches every record that has a value (NOT_LIKE "" those without one).',
  duplicate_predicate: 'The same predicate twice in one AND or OR.',
  duplicate_value: 'The same value twice in one list.',
  empty_range: 'Predicates on one attribute that no value satisfies together, inside one AND.',
  number_rounded: 'A Number written with more digits than a double holds, or too small for one: it is read as another number.',
} as const;

/** `'bracketed_list' | 'percent_in_like' | …`. */
export type WarningCode = keyof typeof WARNING_CODES;

/** One finding. */
export interface TqlWarning {
  readonly code: WarningCode;
  readonly message: string;
  /** The predicate it is about, in the query text. */
  readonly span: Span;
  readonly position: Position;
  /** The predicate rewritten as it was probably meant, when that is clear. */
  readonly fix?: string;
}

/** Unix seconds of 3000-01-01: a timestamp beyond is more likely milliseconds than a date. */
const YEAR_3000 = 32_503_680_000;

/**
 * The warnings of a validated query, in text order. Computed on demand from the query `check`
 * returned (no second parse), so checking stays as fast as it is.
 *
 * @example
 * ```ts
 * const q = check('agent.role IN [User,Administrator]', schedulingSchema, 'agent');
 * warnings(q).map((w) => w.code); // → ['bracketed_list']
 * warnings(q)[0]!.fix; // → 'agent.role IN User,Administrator'
 * ```
 */
export function warnings(query: ValidatedQuery): TqlWarning[] {
  const found: TqlWarning[] = [];
  const warn = (code: WarningCode, c: AnyComparison, message: string, fix?: string) =>
    found.push({ code, message, span: c.span, position: positionAt(query.text, c.span.start), ...(fix === undefined ? {} : { fix }) });
  const source = (c: AnyComparison) => query.text.slice(c.span.start, c.span.end);
  walk(query.condition, (c) => comparisonWarnings(c, source(c), warn), (operands, kind) => groupWarnings(operands, kind, warn));
  return found.sort((a, b) => a.span.start - b.span.start);
}

type Warn = (code: WarningCode, c: AnyComparison, message: string, fix?: string) => void;

function walk(c: Condition, leaf: (c: AnyComparison) => void, group: (operands: readonly Condition[], kind: 'And' | 'Or') => void): void {
  if (c.kind === 'Comparison') return leaf(c);
  group(c.operands, c.kind);
  for (const o of c.operands) walk(o, leaf, group);
}

function comparisonWarnings(c: AnyComparison, text: string, warn: Warn): void {
  const a = c.attribute;
  if (a.type === 'Number') numberWarnings(c, text, warn);
  switch (c.operator) {
    case 'IN':
    case 'NOT_IN': {
      const values = c.value;
      const first = values[0];
      const last = values[values.length - 1];
      if (typeof first === 'string' && typeof last === 'string' && (first.startsWith('[') || last.endsWith(']'))) {
        warn('bracketed_list', c, `${a.path} ${c.operator} reads ${JSON.stringify(first)} and ${JSON.stringify(last)} with their brackets: a list is written without them.`, text.replace(/\[\s*/, '').replace(/\s*\](?=[^\]]*$)/, ''));
      }
      const seen = new Set<Scalar>();
      for (const v of values) {
        if (seen.has(v)) warn('duplicate_value', c, `${JSON.stringify(v)} is in the list of ${a.path} twice; once is enough.`);
        seen.add(v);
      }
      return;
    }
    case 'LIKE':
    case 'NOT_LIKE': {
      const v = c.value;
      if (v === '') {
        warn('empty_like', c, c.operator === 'LIKE' ? `${a.path} LIKE "" matches every record with any value of ${a.path}; to test for a value, write ${a.path} NOT_EQ null.` : `${a.path} NOT_LIKE "" matches only the records without a ${a.path}; write ${a.path} EQ null.`);
      } else if (/^[%*]|[%*]$/.test(v) && v.replace(/^[%*]+|[%*]+$/g, '') !== '' && !text.includes('"')) {
        // A quoted value says its % is meant; a bare one most likely comes from SQL habits.
        const bare = v.replace(/^[%*]+|[%*]+$/g, '');
        warn('percent_in_like', c, `LIKE finds ${JSON.stringify(bare)} anywhere in ${a.path} by itself; the ${v.includes('%') ? '%' : '*'} is searched for as a character.`, text.replace(v, /^[A-Za-z0-9_.@-]+$/.test(bare) ? bare : JSON.stringify(bare)));
      }
      return;
    }
    case 'EQ':
    case 'NOT_EQ': {
      const v = c.value;
      if (typeof v === 'string' && v.toLowerCase() === 'null' && a.nullable) {
        warn('null_as_text', c, `${a.path} ${c.operator} ${v} compares with the text ${JSON.stringify(v)}; to test for no value, write null (lower case, not quoted).`, `${a.path} ${c.operator} null`);
      }
      if (a.type === 'Timestamp' && typeof v === 'number') millis(c, v, warn);
      return;
    }
    default:
      if (a.type === 'Timestamp' && typeof c.value === 'number') millis(c, c.value, warn);
  }
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
  const year = new Date(seconds * 1000).getUTCFullYear();
  warn('milliseconds_timestamp', c, `${seconds} is read as Unix seconds, a date in the year ${year}; in milliseconds it would be ${new Date(seconds).toISOString()}: divide by 1000.`, `${c.attribute.path} ${c.operator} ${Math.floor(seconds / 1000)}`);
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
      if (c.operator === 'EQ' && v !== null) {
        if (equalSeen && equal !== v) conflict = true;
        equal = v as Scalar;
        equalSeen = true;
      }
      if (typeof v !== 'number') continue;
      if (c.operator === 'GT' || c.operator === 'GTE') {
        const strict = c.operator === 'GT';
        if (low === undefined || v > low.value || (v === low.value && strict)) low = { value: v, strict };
      }
      if (c.operator === 'LT' || c.operator === 'LTE') {
        const strict = c.operator === 'LT';
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
