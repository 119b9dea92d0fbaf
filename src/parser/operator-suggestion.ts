/** Which operator a user most likely meant by a word that is not one (`eq`, `NOTEQ`, `!=`). */
import { OPERATORS, type Operator } from '../ast/nodes.js';
import { editDistance } from '../errors/suggest.js';

// Spellings from other filter languages whose meaning is clear but whose edit distance to the
// right operator is not small.
const ALIASES: Readonly<Record<string, Operator>> = {
  '=': 'EQ',
  '==': 'EQ',
  '===': 'EQ',
  '!=': 'NOT_EQ',
  '!==': 'NOT_EQ',
  '<>': 'NOT_EQ',
  '<': 'LT',
  '<=': 'LTE',
  '>': 'GT',
  '>=': 'GTE',
  EQUAL: 'EQ',
  EQUALS: 'EQ',
  IS: 'EQ',
  NOT_EQUAL: 'NOT_EQ',
  NOT_EQUALS: 'NOT_EQ',
  NE: 'NOT_EQ',
  NEQ: 'NOT_EQ',
  ISNOT: 'NOT_EQ',
  IS_NOT: 'NOT_EQ',
  CONTAINS: 'LIKE',
  NOT_CONTAINS: 'NOT_LIKE',
  ILIKE: 'LIKE',
  NOT_ILIKE: 'NOT_LIKE',
  NIN: 'NOT_IN',
  LE: 'LTE',
  GE: 'GTE',
};

/**
 * The longest word {@link suggestOperator} can read as an operator: an alias, or an operator with
 * two typos more. A longer word is never one, which lets a syntax error's window cut long words.
 */
export const LONGEST_OPERATOR_WORD = Math.max(...OPERATORS.map((op) => op.length + 2), ...Object.keys(ALIASES).map((alias) => alias.length));

/**
 * The operator `word` was most likely meant to be, or `undefined` when nothing is close.
 * Case is ignored first (`eq` → `EQ`), then known aliases (`!=` → `NOT_EQ`), then the closest
 * operator by edit distance if it is close enough to be a typo.
 *
 * @example
 * ```ts
 * suggestOperator('like'); // 'LIKE'
 * suggestOperator('NOTEQ'); // 'NOT_EQ'
 * suggestOperator('>='); // 'GTE'
 * suggestOperator('john'); // undefined
 * ```
 */
export function suggestOperator(word: string): Operator | undefined {
  const upper = word.toUpperCase();
  const exact = OPERATORS.find((op) => op === upper);
  if (exact !== undefined) return exact;
  const alias = Object.hasOwn(ALIASES, upper) ? ALIASES[upper] : undefined;
  if (alias !== undefined) return alias;
  // A typo changes a character or two; more than that is another word, not a misspelling.
  const tolerance = Math.max(1, Math.min(2, Math.floor(upper.length / 3)));
  let best: Operator | undefined;
  let bestDistance = Infinity;
  for (const op of OPERATORS) {
    // Capped, so a long word costs its length, not its length times the operator's.
    const d = editDistance(upper, op, tolerance);
    if (d < bestDistance) {
      best = op;
      bestDistance = d;
    }
  }
  return bestDistance <= tolerance ? best : undefined;
}
