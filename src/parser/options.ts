/** Options and limits shared by parsing and validation. */

/** Bounds on the size of a query, so no input can make tql work or allocate without limit. */
export interface Limits {
  /** Characters in the whole query, checked before parsing. Default 4,096. */
  readonly maxLength: number;
  /** Predicates in the query. Default 100. */
  readonly maxPredicates: number;
  /** Nesting depth of parentheses. Default 16. */
  readonly maxDepth: number;
  /** Values in one `IN` / `NOT_IN` list. Default 500. */
  readonly maxListValues: number;
  /** Characters in one value. Default 1,024. */
  readonly maxValueLength: number;
}

/**
 * The limits used when an option leaves one out: 4,096 characters, 100 predicates, depth 16, 500
 * values in a list, 1,024 characters in a value.
 *
 * @example
 * ```ts
 * parse(text, { limits: { ...DEFAULT_LIMITS, maxPredicates: 20 } });
 * ```
 */
export const DEFAULT_LIMITS: Limits = Object.freeze({
  maxLength: 4096,
  maxPredicates: 100,
  maxDepth: 16,
  maxListValues: 500,
  maxValueLength: 1024,
});

/** Options of {@link parse}: any limit left out is the one in {@link DEFAULT_LIMITS}. */
export interface ParseOptions {
  readonly limits?: Partial<Limits> | undefined;
}
