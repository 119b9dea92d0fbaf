/**
 * The profiles: which parts of the language beyond predicates joined by `AND` a query may use.
 * Validation reads the table, so a new preset is one entry.
 */

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
