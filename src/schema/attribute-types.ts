/**
 * The names of the attribute types, apart from the schema's other definitions (types.ts), so
 * that the operator facts can say which types take an operator without importing the schema.
 */

/**
 * The attribute types. `docs/schema.md` says what values each takes. `Number` is an extension
 * for apps that reuse the dialect (the TQL-compatibility profile refuses it).
 */
export const ATTRIBUTE_TYPES = ['ID', 'String', 'Timestamp', 'Boolean', 'Number'] as const;
/** `'ID' | 'String' | 'Timestamp' | 'Boolean' | 'Number'`. */
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];
