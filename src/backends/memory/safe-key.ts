/**
 * Keys a schema source may name. The in-memory closures read `record[key]` only for keys that
 * passed this check when the query was compiled, so no read can reach `Object.prototype` or a
 * constructor through the schema.
 */
import type { Span } from '../../ast/nodes.js';
import { TqlError } from '../../errors/tql-error.js';

/** Keys that name a prototype or a constructor in some object: never read. */
const RESERVED_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Returns `key` if a record may be read at it; throws a `TqlError` (`unsupported`) for
 * `__proto__`, `constructor` and `prototype`.
 *
 * @example
 * ```ts
 * safeKey('name', 'agent.name', q.text, c.span);      // 'name'
 * safeKey('__proto__', 'agent.name', q.text, c.span); // throws
 * ```
 */
export function safeKey(key: string, attributePath: string, text: string, span: Span): string {
  if (typeof key !== 'string' || RESERVED_KEYS.has(key)) {
    throw TqlError.of(text, {
      code: 'unsupported',
      message: `The in-memory backend cannot read ${attributePath}: its schema source names the key ${JSON.stringify(key)}, which leads into object prototypes. Rename the field in the schema.`,
      span,
    });
  }
  return key;
}
