/**
 * Prototype-safe access to records. A record may be any JSON value; only its own properties
 * count, and the keys that lead into prototypes are refused when a query is compiled, so no
 * read can reach `Object.prototype` or a constructor.
 */
import { TqlError } from '../../errors/tql-error.js';
import type { Span } from '../../ast/nodes.js';

/** Keys that name a prototype or a constructor in some object: never read. */
const RESERVED_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

export const hasOwn: (object: object, key: string) => boolean = Object.hasOwn;

/** A non-null object: the only kind of record that can have attributes. */
export function isObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null;
}

/**
 * The own property `key` of `value`, or `undefined` when `value` is not an object or has no such
 * own property.
 */
export function ownValue(value: unknown, key: string): unknown {
  return isObject(value) && hasOwn(value, key) ? value[key] : undefined;
}

/**
 * Checks, when a query is compiled, that a key taken from the schema can be read safely.
 * Throws a `TqlError` (`unsupported`) for `__proto__`, `constructor` and `prototype`.
 */
export function safeKey(key: string, attributePath: string, query: { text: string; span: Span }): string {
  if (typeof key !== 'string' || RESERVED_KEYS.has(key)) {
    throw TqlError.of(query.text, {
      code: 'unsupported',
      message: `The in-memory backend cannot read ${attributePath}: its schema source names the key ${JSON.stringify(key)}, which leads into object prototypes. Rename the field in the schema.`,
      span: query.span,
    });
  }
  return key;
}
