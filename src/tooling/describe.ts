/**
 * Short descriptions of attributes, operators and keywords, shared by completion (its `detail`)
 * and hover. The operator table is keyed by operator, so a new operator does not compile until it
 * is described.
 */
import { OPERATORS, type Operator } from '../ast/nodes.js';
import type { Attribute, Entity } from '../schema/types.js';

/** What each operator means, in the words of docs/language.md. */
export const OPERATOR_MEANINGS: { readonly [Op in Operator]: string } = {
  EQ: 'equals the value; EQ null: has no value',
  NOT_EQ: 'does not equal the value, including records without one; NOT_EQ null: has a value',
  LT: 'is less than the value',
  LTE: 'is less than or equal to the value',
  GT: 'is greater than the value',
  GTE: 'is greater than or equal to the value',
  LIKE: 'contains the value as a substring, ignoring case; % and _ are literal characters',
  NOT_LIKE: 'does not contain the value (ignoring case), including records without a value',
  IN: 'equals one of a comma-separated list of values',
  NOT_IN: 'equals none of a comma-separated list of values, including records without a value',
};

/** What the keywords mean. */
export const KEYWORD_MEANINGS = {
  AND: 'both sides hold; binds tighter than OR',
  OR: 'either side holds',
} as const;

/** `String, nullable, one of new, sent; EQ, NOT_EQ, IN, NOT_IN`: an attribute in one line. */
export function attributeSummary(a: Attribute): string {
  const parts = [a.collection ? `${a.type} (any of several values)` : a.type];
  if (a.nullable) parts.push('nullable');
  if (a.values !== undefined) parts.push(`one of ${a.values.join(', ')}`);
  if (a.id?.kind === 'prefixed') parts.push(`ids ${a.id.prefix}…`);
  if (a.id?.kind === 'integer') parts.push('integer ids');
  return `${parts.join(', ')}; ${a.operators.join(', ')}`;
}

/** The attribute an attribute path names in `entity`, when it does. */
export function attributeOf(entity: Entity, path: string | undefined): Attribute | undefined {
  if (path === undefined) return undefined;
  const dot = path.indexOf('.');
  if (dot < 0 || path.slice(0, dot) !== entity.name) return undefined;
  const name = path.slice(dot + 1);
  return Object.hasOwn(entity.attributes, name) ? (entity.attributes as Record<string, Attribute>)[name] : undefined;
}

/** The operator an operator word names, when it does. */
export function operatorOf(word: string | undefined): Operator | undefined {
  return (OPERATORS as readonly (string | undefined)[]).includes(word) ? (word as Operator) : undefined;
}
