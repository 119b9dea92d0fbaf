/** Options and limits shared by parsing and validation. */

/** The parts of the language beyond predicates joined by `AND`, which a profile may leave out. */
export type Extension = 'or' | 'parentheses' | 'not' | 'null' | 'number' | 'prefix_suffix' | 'relative_time';

/** A profile: a name and the extensions it allows. */
export interface ProfileDefinition {
  readonly name: string;
  /** How the profile's language reads, for messages: "only joins predicates with AND". */
  readonly summary: string;
  readonly allows: { readonly [E in Extension]: boolean };
}

/**
 * The profiles, by name: `extended` (the default) is the whole language; `timezest` is the
 * TQL-compatibility preset, only what the public TimeZest dialect has (predicates joined by `AND`,
 * no `OR`, no parentheses, no `NOT`, no `null`, no `STARTS_WITH`/`ENDS_WITH`, no relative time such as `now-7d`). Validation reads the table, so a new preset is one entry.
 *
 * @example
 * ```ts
 * PROFILE_DEFINITIONS.timezest.allows.or; // false
 * ```
 */
export const PROFILE_DEFINITIONS = Object.freeze({
  extended: { name: 'extended', summary: 'the whole language', allows: { or: true, parentheses: true, not: true, null: true, number: true, prefix_suffix: true, relative_time: true } },
  timezest: { name: 'timezest', summary: 'only joins predicates with AND', allows: { or: false, parentheses: false, not: false, null: false, number: false, prefix_suffix: false, relative_time: false } },
} as const satisfies Readonly<Record<string, ProfileDefinition>>);

/** The name of a profile: `'extended' | 'timezest'`. */
export type Profile = keyof typeof PROFILE_DEFINITIONS;

/** Every profile, the default first. */
export const PROFILES: readonly Profile[] = Object.keys(PROFILE_DEFINITIONS) as Profile[];

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
