/**
 * Which rules of docs/language.md ("What a filter matches") a comparison rests on, so that a
 * disagreement names what the other backend got wrong: a table from operator to rules, and rules
 * added by the attribute (its type, its source) and the value (`null`).
 */
import type { Operator } from '../ast/nodes.js';
import type { Attribute, AttributeType } from '../schema/types.js';
import { TYPE_FACTS } from '../schema/type-facts.js';
import type { Condition } from '../validate/validated-query.js';
import { OPERATOR_FACTS } from '../schema/operators.js';
import { describeValue } from '../errors/describe-value.js';
import { inputError, isTqlError, type TqlError } from '../errors/tql-error.js';
import { ownElements } from './own-list.js';
import { LANGUAGE_RULES as RULE_NAMES, type LanguageRule as RuleNumber } from '../backends/contract/suite.js';

/** A numbered rule of docs/language.md, "What a filter matches": its number, its name there, and what it says. */
export interface LanguageRule {
  readonly rule: RuleNumber;
  /** The rule's name on the page: `Missing values`. */
  readonly name: string;
  /** What the rule says, in a line. */
  readonly title: string;
}

/** What each rule says; keyed by the contract's rule numbers, so a new rule is stated here or nothing compiles. */
const STATEMENTS: { readonly [N in RuleNumber]: string } = {
  1: 'two-valued: a record matches or it does not',
  2: 'complements: NOT_EQ, NOT_LIKE and NOT_IN match exactly what the positive form does not, missing values included',
  3: 'missing values never equal, contain, order against or belong to anything; only EQ null matches them',
  4: 'LIKE, STARTS_WITH and ENDS_WITH are case-insensitive "contains", prefix and suffix tests in which every character is literal',
  5: 'EQ and IN on text are exact and case-sensitive',
  6: 'timestamps compare as whole seconds, floored; numbers as doubles; integer ids as numbers, uuids whatever their case',
  7: 'collections: "some element" matches, NOT_* when none does',
  8: 'variants: the field read depends on the record’s tag; an unlisted tag has no value',
  9: 'NOT groups: NOT ( … ) matches exactly the records the group does not, missing values included',
};

/** The rules, by number, with the names the contract suite's cases use and what each says. */
export const LANGUAGE_RULES = Object.fromEntries(
  (Object.keys(STATEMENTS) as unknown as RuleNumber[]).map((n) => [n, { rule: Number(n) as RuleNumber, name: RULE_NAMES[n], title: STATEMENTS[n] }]),
) as { readonly [N in RuleNumber]: LanguageRule & { readonly rule: N } };

/** The rules each operator rests on, whatever the attribute. */
const BY_OPERATOR: { readonly [Op in Operator]: readonly RuleNumber[] } = {
  EQ: [5],
  NOT_EQ: [2, 5, 3],
  LT: [3],
  LTE: [3],
  GT: [3],
  GTE: [3],
  LIKE: [4],
  NOT_LIKE: [2, 4, 3],
  IN: [5],
  NOT_IN: [2, 5, 3],
  STARTS_WITH: [4],
  ENDS_WITH: [4],
};

/** Types whose values compare by rule 6 rather than as text. */
const BY_TYPE: { readonly [T in AttributeType]: (a: Attribute) => readonly RuleNumber[] } = {
  String: () => [],
  ID: (a) => (a.id?.kind === 'integer' || a.id?.kind === 'uuid' ? [6] : []),
  Timestamp: () => [6],
  Boolean: () => [],
  Number: () => [6],
};

/**
 * The rules a comparison rests on, most specific first.
 *
 * @example
 * ```ts
 * comparisonRules('NOT_EQ', schedulingSchema.entities.agent.attributes.created_at, 1700000000).map((r) => r.rule); // → [6, 2, 3]
 * ```
 */
export function comparisonRules(operator: Operator, attribute: Attribute, value: unknown): LanguageRule[] {
  if (typeof operator !== 'string' || !Object.hasOwn(OPERATOR_FACTS, operator)) throw inputError(`comparisonRules takes an operator of the language (EQ, LIKE, …), not ${describeValue(operator)}.`);
  try {
    return rulesOfComparison(operator, attribute, value);
  } catch (error) {
    if (isTqlError(error)) throw error;
    throw inputError(`comparisonRules takes an attribute of a schema (schema.entities.<entity>.attributes.<name>), and could not read ${describeValue(attribute)}.`);
  }
}

/** {@link comparisonRules} of a known operator; throws a TypeError on an attribute of no schema. */
function rulesOfComparison(operator: Operator, attribute: Attribute, value: unknown): LanguageRule[] {
  const numbers: RuleNumber[] = [];
  if (value === null) numbers.push(3);
  if (attribute.source.kind === 'element') numbers.push(7);
  if (attribute.source.kind === 'variant') numbers.push(8);
  numbers.push(...BY_TYPE[attribute.type](attribute));
  // Rule 5 is about text; other types compare by rule 6 above.
  const text = TYPE_FACTS[attribute.type].freeText || attribute.id?.kind === 'prefixed' || attribute.id?.kind === 'text';
  numbers.push(...BY_OPERATOR[operator].filter((n) => n !== 5 || text));
  return [...new Set(numbers)].map((n) => LANGUAGE_RULES[n]);
}

type Found = { c: Condition & { kind: 'Comparison' }; negated: boolean };

/**
 * Every comparison of a condition tree, with whether it stands under a negation: walked with a
 * stack of its own, each node once, so a deep or cyclic hand-made tree is neither a stack
 * overflow nor a hang. Anything that is not a checked condition is an `invalid_input`.
 */
function comparisons(condition: Condition): Found[] {
  const out: Found[] = [];
  const seen = new Set<unknown>();
  const stack: [unknown, boolean][] = [[condition, false]];
  while (stack.length > 0) {
    const [node, negated] = stack.pop()!;
    if (typeof node !== 'object' || node === null) throw notCondition(`a node is ${describeValue(node)}`);
    // A node met again (a cycle, or a subtree shared by hand) adds no comparison.
    if (seen.has(node)) continue;
    seen.add(node);
    const c = node as Condition;
    // Walked by shape rather than by kind, so that a new kind of node is walked into too.
    if (c.kind === 'Comparison') {
      if (!Object.hasOwn(OPERATOR_FACTS, c.operator) || typeof c.attribute !== 'object' || c.attribute === null || !Object.hasOwn(TYPE_FACTS, c.attribute.type)) {
        throw notCondition('a comparison has no known operator or attribute');
      }
      out.push({ c, negated });
    } else if ('operand' in c) stack.push([(c as { operand: unknown }).operand, !negated]);
    else {
      const operands: unknown = (c as { operands?: unknown }).operands;
      if (!Array.isArray(operands)) throw notCondition(`its ${describeValue(c.kind)} node has no operands`);
      const own = ownElements('queryRules: the operands of a node', operands);
      for (let i = own.length - 1; i >= 0; i--) stack.push([own[i], negated]);
    }
  }
  return out;
}

function notCondition(why: string): TqlError {
  return inputError(`queryRules takes the condition of a validated query (check(text, schema, entity).condition), and ${why}.`);
}

/**
 * The rules a query rests on: its comparisons', rules 2, 3 and 9 under a `NOT ( … )`, and rule 1 when
 * AND / OR combine comparisons that can read a missing value.
 *
 * @example
 * ```ts
 * queryRules(check('agent.url_slug NOT_EQ a', schedulingSchema, 'agent').condition).map((r) => r.rule); // → [2, 5, 3]
 * ```
 */
export function queryRules(condition: Condition): LanguageRule[] {
  try {
    return rulesOf(condition);
  } catch (error) {
    if (isTqlError(error)) throw error;
    throw notCondition('reading it threw an exception (a getter or a proxy trap)');
  }
}

function rulesOf(condition: Condition): LanguageRule[] {
  const found = comparisons(condition);
  const numbers = new Set<RuleNumber>();
  for (const { c, negated } of found) {
    for (const r of rulesOfComparison(c.operator, c.attribute, c.value)) numbers.add(r.rule);
    // Under NOT ( … ), a record without the value must match: rules 2, 3 and 9 together.
    if (negated) for (const n of [2, 3, 9] as const) numbers.add(n);
  }
  if (found.length > 1 || found.some((f) => f.negated)) numbers.add(1);
  return [...numbers].map((n) => LANGUAGE_RULES[n]);
}
