/**
 * Every error code that tql reports. Codes are stable: programs may branch on them.
 * `docs/errors.md` has a section per code with an example, its meaning and the fix.
 */
export const ERROR_CODES = {
  // ---- before and during parsing ----
  /** The text does not follow the TQL syntax. */
  syntax_error: 'The text does not follow the TQL syntax.',
  /** A word in operator position is not one of the operators (lower case, misspelt). */
  unknown_operator: 'A word where an operator belongs is not a TQL operator.',
  /** The query is longer than `limits.maxLength`. */
  query_too_long: 'The query is longer than the configured limit.',
  /** Parentheses nest deeper than `limits.maxDepth`. */
  too_deep: 'Parentheses nest deeper than the configured limit.',
  /** More predicates than `limits.maxPredicates`. */
  too_many_predicates: 'The query has more predicates than the configured limit.',
  /** A list has more values than `limits.maxListValues`. */
  too_many_values: 'A list has more values than the configured limit.',
  /** A value is longer than `limits.maxValueLength`. */
  value_too_long: 'A value is longer than the configured limit.',

  // ---- validation against a schema ----
  /** The entity prefix (`agents.` in `agents.name`) names no entity of the schema. */
  unknown_entity: 'The entity prefix names no entity of the schema.',
  /** The prefix names another entity than the one being filtered. */
  wrong_entity: 'The attribute belongs to another entity than the one being filtered.',
  /** The property names no attribute of the entity. */
  unknown_attribute: 'The entity has no such filterable attribute.',
  /** The operator is not allowed on the attribute. */
  operator_not_allowed: 'The operator is not allowed on this attribute.',
  /** The value does not fit the attribute's type. */
  invalid_value: 'The value does not fit the type of the attribute.',
  /** An id with the wrong prefix for the attribute. */
  wrong_id_prefix: 'The id has the prefix of another kind of object.',
  /** A value outside the attribute's closed set of values. */
  value_not_allowed: 'The value is not one of the values the attribute can take.',
  /** A comma-separated list given to an operator that takes one value. */
  list_not_allowed: 'A list was given to an operator that takes one value.',
  /** `null` on an attribute that cannot be null, or with an operator other than EQ / NOT_EQ. */
  null_not_allowed: 'null was used where it cannot be.',
  /** A value holding a character no backend can store (NUL, a lone surrogate). */
  invalid_character: 'A value holds a character that cannot be stored.',
  /** The query uses something the chosen profile leaves out (`OR`, parentheses, `null`). */
  profile_violation: 'The query uses an extension that the chosen profile does not allow.',

  // ---- API misuse ----
  /** An option passed to a tql function is invalid (an unknown time zone, a bad limit). */
  invalid_option: 'An option passed to tql is invalid.',
  /** A schema definition is inconsistent. */
  invalid_schema: 'A schema definition is inconsistent.',
  /** An SQL mapping does not fit its schema (an entry missing, a name that cannot be an identifier). */
  invalid_mapping: 'An SQL mapping does not fit its schema.',
  /** An SQL mapping does not fit the database: a table or column missing, a column type that cannot give tql's semantics. */
  mapping_mismatch: 'An SQL mapping does not fit the tables of the database.',
  /** A backend cannot express the query (for example a mapping missing for an attribute). */
  unsupported: 'The backend cannot express this query.',
  /** Input data handed to a tql tool (a record file, a JSON document) cannot be read. */
  invalid_input: 'Input data cannot be read.',
} as const satisfies Record<string, string>;

/**
 * The code of a {@link TqlError}: `'syntax_error' | 'unknown_operator' | …`.
 *
 * @example
 * ```ts
 * const r = safeCheck('agent.nmae EQ Ada', schedulingSchema, 'agent');
 * !r.ok && r.error.code === 'unknown_attribute'; // → true
 * // (a good moment to show the list of attributes)
 * ```
 */
export type TqlErrorCode = keyof typeof ERROR_CODES;
