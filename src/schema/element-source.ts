/**
 * What one element of an array holds for an `element` source, read the same way by everything
 * that shows or explains a record's values (the CLI, the testing kit): the backends compile the
 * same rule into their own code.
 */
import type { AttributeSource } from './types.js';

type ElementSource = Extract<AttributeSource, { readonly kind: 'element' }>;

/**
 * The value `element` holds for `source`, or undefined when it holds none: the element itself
 * for an array of scalars (a source without `value`); else its field `value`, when the element's
 * `where` field is one of `where.oneOf` (any element, without `where`). `own` reads an own
 * property of an element, undefined where there is none. The value is as stored: whether it is
 * of the attribute's type is the caller's to judge.
 *
 * @example
 * ```ts
 * const own = (o: unknown, k: string) => (typeof o === 'object' && o !== null && Object.hasOwn(o, k) ? (o as Record<string, unknown>)[k] : undefined);
 * elementValueOf({ kind: 'element', arrays: ['tags'] }, 'vip', own); // 'vip'
 * elementValueOf({ kind: 'element', arrays: ['links'], where: { field: 'system', oneOf: ['github'] }, value: 'number' }, { system: 'jira', number: '1' }, own); // undefined
 * ```
 */
export function elementValueOf(source: ElementSource, element: unknown, own: (o: unknown, key: string) => unknown): unknown {
  if (source.value === undefined) return element;
  const where = source.where;
  if (where !== undefined && !where.oneOf.includes(own(element, where.field) as string)) return undefined;
  return own(element, source.value);
}

/**
 * How a source's elements are named in a display: `associated_entities[type=psa_a/company].id`,
 * `comments[].author_id`, `tags[]`.
 *
 * @example
 * ```ts
 * elementPath({ kind: 'element', arrays: ['watchers', 'assignees'], where: { field: 'type', oneOf: ['agent'] }, value: 'id' }); // 'watchers/assignees[type=agent].id'
 * elementPath({ kind: 'element', arrays: ['tags'] }); // 'tags[]'
 * ```
 */
export function elementPath(source: ElementSource): string {
  const where = source.where === undefined ? '[]' : `[${source.where.field}=${source.where.oneOf.join('|')}]`;
  return `${source.arrays.join('/')}${where}${source.value === undefined ? '' : `.${source.value}`}`;
}
