/**
 * The one source of what an attribute type is, besides its operators (DEFAULT_OPERATORS in
 * operators.ts) and the layers' own handler tables: whether its values are instants, free text or
 * ids, the profile extension it is, and whether an index on it alone helps. Keyed by type, so a
 * new type does not compile until each fact is decided here, and every layer reads these facts
 * instead of testing for a type's name.
 */
import type { Extension } from '../parser/profiles.js';
import type { AttributeType, ValueStorage, ValueStorageDefinition } from './types.js';

/** What the schema, the validator, the compilers and the tools need to know of a type. */
export interface TypeFacts {
  /**
   * Its values are instants, compared by their whole second (language rule 6) in whatever
   * storage the records use: only such attributes have a `storage`.
   */
  readonly instants: boolean;
  /** Its values are any text: only such attributes may have a closed set of `values`. */
  readonly freeText: boolean;
  /** Its values are ids: such attributes need an `id` format, and only they may have one. */
  readonly ids: boolean;
  /** The profile extension it is, when the `timezest` profile leaves it out. */
  readonly extension?: Extension;
  /** Whether an index on it alone narrows a search; two values (`true`, `false`) hardly do. */
  readonly indexAlone: boolean;
  /**
   * The `storage` naming the type's own JavaScript values (the default), and the other value
   * storages its records may declare (`zero_one` on a Boolean); none for the other types.
   */
  readonly valueStorages?: { readonly own: ValueStorageDefinition; readonly others: readonly ValueStorage[] };
}

/** The facts that are yes or no. */
export type TypeFlag = { readonly [K in keyof TypeFacts]-?: TypeFacts[K] extends boolean ? K : never }[keyof TypeFacts];

/**
 * Every type's facts, in one table keyed by type.
 *
 * @example
 * ```ts
 * TYPE_FACTS.Timestamp.instants; // true
 * TYPE_FACTS.Number.extension; // 'number'
 * ```
 */
export const TYPE_FACTS: { readonly [T in AttributeType]: TypeFacts } = {
  ID: { instants: false, freeText: false, ids: true, indexAlone: true },
  String: { instants: false, freeText: true, ids: false, indexAlone: true },
  Timestamp: { instants: true, freeText: false, ids: false, indexAlone: true },
  Boolean: { instants: false, freeText: false, ids: false, indexAlone: false, valueStorages: { own: 'boolean', others: ['zero_one'] } },
  Number: { instants: false, freeText: false, ids: false, extension: 'number', indexAlone: true, valueStorages: { own: 'number', others: ['decimal_text'] } },
};

/**
 * Whether `type` is a type whose values are instants; false for anything that is no type, so
 * code that checks a hand-built query can ask before it knows the type is one.
 *
 * @example
 * ```ts
 * holdsInstants('Timestamp'); // true
 * holdsInstants('toString'); // false
 * ```
 */
export function holdsInstants(type: unknown): boolean {
  return typeof type === 'string' && Object.hasOwn(TYPE_FACTS, type) && TYPE_FACTS[type as AttributeType].instants;
}

/**
 * The types with a fact, for messages that name them: `only Timestamp attributes have a storage`.
 *
 * @example
 * ```ts
 * typesWith('ids'); // 'ID'
 * ```
 */
export function typesWith(fact: TypeFlag): string {
  return (Object.keys(TYPE_FACTS) as AttributeType[]).filter((t) => TYPE_FACTS[t][fact]).join(' and ');
}
