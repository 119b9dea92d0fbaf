/**
 * Schema definitions: plain data (loadable from JSON) that say which attributes an entity has,
 * their types and operators, and where each backend finds the value in a record.
 */
import type { Operator } from '../ast/nodes.js';
import type { AttributeType } from './attribute-types.js';

export { ATTRIBUTE_TYPES, type AttributeType } from './attribute-types.js';

/** How an ID attribute's values look. */
export type IdFormat =
  /** Public ids such as `agnt_2FLu…`: the prefix, then letters and digits. */
  | { readonly kind: 'prefixed'; readonly prefix: string }
  /** Numeric ids of the PSA systems: a non-negative integer. */
  | { readonly kind: 'integer' }
  /**
   * RFC 9562 uuids (`0b5c…-…`), compared canonically: the validator lower-cases the query's
   * value, and every backend compares the stored text case-insensitively, so `0B5C…` in a record
   * equals `0b5c…` in a filter, as a PostgreSQL `uuid` column does.
   */
  | { readonly kind: 'uuid' }
  /** Any other text id (nanoid, cuid, slugs): a bare token compared exactly, as `EQ` on a String. */
  | { readonly kind: 'text' };

/** The kinds of {@link IdFormat}. */
export type IdKind = IdFormat['kind'];

/**
 * How the records hold a `Timestamp` attribute's instant (docs/schema.md, How records store
 * an instant). Whatever the storage, filters compare whole seconds (docs/language.md, rule 6): a
 * stored instant with a fraction counts as the second it falls in, and a stored value that is
 * not a valid instant of its storage has no value.
 *
 * - `unix_seconds` (the default): a finite number of seconds since 1970-01-01T00:00Z.
 * - `unix_milliseconds`: a finite number of milliseconds (`Date.now()`).
 * - `date`: a JavaScript `Date` (a BSON date in MongoDB) whose time is not NaN.
 * - `iso_text`: ISO-8601 text (`2024-05-01T09:30:00.123Z`, `2024-05-01 09:30:00+02`,
 *   `2024-05-01`); a text without an offset is a wall-clock time in `timeZone`.
 * - `iso_canonical`: exactly the text `Date#toISOString` writes for years 0001–9999
 *   (`2024-05-01T09:30:00.123Z`, 24 characters); any other text is no value. Such texts order as
 *   their instants do, so a comparison is one range on the text.
 */
export type TimestampStorage =
  | { readonly kind: 'unix_seconds' }
  | { readonly kind: 'unix_milliseconds' }
  | { readonly kind: 'date' }
  | { readonly kind: 'iso_text'; readonly timeZone: string }
  | { readonly kind: 'iso_canonical' };

/** The kinds of {@link TimestampStorage}. */
export type TimestampStorageKind = TimestampStorage['kind'];

/** A storage as a definition may write it: the kind alone stands for its defaults (`iso_text` in UTC). */
export type TimestampStorageDefinition =
  | TimestampStorageKind
  | TimestampStorage
  | { readonly kind: 'iso_text'; readonly timeZone?: string };

/**
 * How the records hold a `Boolean` or `Number` attribute's value when it is not the JavaScript
 * value itself (docs/schema.md, How records store a Boolean or a Number):
 *
 * - `zero_one` (Boolean): the integers `1` (true) and `0` (false), as SQLite, MySQL `TINYINT(1)`
 *   and rows read without a mapper give them; any other value is no value.
 * - `decimal_text` (Number): decimal text such as `"9.99"` or `"-12"` (an optional sign, digits,
 *   an optional fraction), as PostgreSQL `numeric` reaches JavaScript; compared by the nearest
 *   double. Any other value, a JavaScript number included, is no value.
 *
 * Without one (`undefined`), a Boolean is a `boolean` and a Number a finite `number`.
 */
export type ValueStorage = 'zero_one' | 'decimal_text';

/**
 * A Boolean's or Number's `storage` as a definition writes it: the type's own value (`boolean`,
 * `number`, the default) or a {@link ValueStorage} the type takes.
 */
export type ValueStorageDefinition = 'boolean' | 'number' | ValueStorage;

/**
 * Where the value of an attribute lives in an API-shaped record.
 *
 * - `field`: a top-level property (`record.name`).
 * - `variant`: the property depends on a tag of the record: a resource is an agent (`name`)
 *   or a team (`internal_name`). A record whose tag is not listed has no value.
 * - `element`: "some element of an array where …": the value is `element[value]` for the
 *   elements of any of `arrays` whose `element[where.field]` is one of `where.oneOf`. Without
 *   `where`, every element counts (`comments: [{ body, author_id }]`); without `value`, the
 *   element itself is the value (an array of scalars, `tags: ['urgent', 'vip']`), and there is
 *   no `where`, since a scalar has no field. The attribute holds a set of values, and a predicate
 *   matches when some element satisfies it (`NOT_*` operators match when none does).
 */
export type AttributeSource = StoredForm &
  (
    | { readonly kind: 'field'; readonly field: string }
    | {
        readonly kind: 'variant';
        readonly tag: string;
        readonly fields: Readonly<Record<string, string>>;
      }
    | {
        readonly kind: 'element';
        readonly arrays: readonly [string, ...string[]];
        /** Which elements count: those whose field `field` is one of `oneOf`. Without it, every element. */
        readonly where?: { readonly field: string; readonly oneOf: readonly [string, ...string[]] };
        /** The element's field that holds the value. */
        readonly value: string;
      }
    | {
        readonly kind: 'element';
        readonly arrays: readonly [string, ...string[]];
        /** An array of scalars has no field to pick its elements by: every element counts. */
        readonly where?: undefined;
        /** Without it, the element itself is the value: an array of scalars (`tags: ['urgent', 'vip']`). */
        readonly value?: undefined;
      }
  );

/** How a source's stored value is read before comparing, on any kind of source of a String attribute: fold case, then drop a prefix. */
export interface StoredForm {
  /**
   * A prefix that does not count on either side: with `'#'`, the ticket number `#1234` equals
   * `1234`. One leading occurrence is dropped from the stored value and from the query's value
   * before comparing.
   */
  readonly ignorePrefix?: string;
  /**
   * Whether case does not count on either side: with `true`, the e-mail `Ada@Example.com` equals
   * `ada@example.COM`. The stored value and the query's value are lower-cased (JavaScript
   * `toLowerCase`, the folding of LIKE) before EQ, NOT_EQ, IN and NOT_IN compare them, and before
   * `ignorePrefix` drops its prefix, which then matches in any case too. Default false.
   */
  readonly ignoreCase?: boolean;
}

/** One filterable attribute as the schema author writes it. */
export interface AttributeDefinition {
  readonly type: AttributeType;
  /** Narrows the type's default operators (it can never widen them). */
  readonly operators?: readonly Operator[];
  /** `EQ null` / `NOT_EQ null` are allowed only on nullable attributes. Default false. */
  readonly nullable?: boolean;
  /** A closed set of values for a String attribute: `EQ`/`IN` outside it is an error. */
  readonly values?: readonly string[];
  /** Required for `ID` attributes. */
  readonly id?: IdFormat;
  /**
   * How records hold the value. `Timestamp`: the instant's storage, default `unix_seconds`.
   * `Boolean`: `boolean` (default) or `zero_one`. `Number`: `number` (default) or `decimal_text`.
   */
  readonly storage?: TimestampStorageDefinition | ValueStorageDefinition;
  /** Default: `{ kind: 'field', field: <the attribute's name> }`. */
  readonly source?: AttributeSource;
  readonly description?: string;
}

/** An entity: the set of attributes one list endpoint can filter on. */
export interface EntityDefinition {
  readonly attributes: Readonly<Record<string, AttributeDefinition>>;
  readonly description?: string;
}

/** A whole schema: entities by the prefix used in queries (`agent`, `scheduling_request`). */
export interface SchemaDefinition {
  readonly entities: Readonly<Record<string, EntityDefinition>>;
  /**
   * What the ids of each prefix identify, for messages: with `{ agnt_: 'an agent' }`, an agent's
   * id given to a `team_` attribute is reported as "the id of an agent". Prefixes not listed are
   * named by the prefix alone.
   */
  readonly ids?: Readonly<Record<string, string>>;
  /**
   * What a derivation left out (`derived.skipped`): a filter on one of these fields is told it
   * was skipped and why, rather than only that the attribute is unknown.
   */
  readonly skipped?: readonly { readonly path: string; readonly reason: string }[];
}

/** An attribute after {@link defineSchema}: defaults filled in, names attached. */
export interface Attribute {
  /** `agent.name` */
  readonly path: string;
  readonly entity: string;
  readonly name: string;
  readonly type: AttributeType;
  /** The allowed operators in canonical order. */
  readonly operators: readonly Operator[];
  readonly nullable: boolean;
  readonly values: readonly string[] | undefined;
  readonly id: IdFormat | undefined;
  /** How records hold the instant: set on every `Timestamp` attribute, undefined on the others. */
  readonly storage: TimestampStorage | undefined;
  /**
   * How records hold a Boolean's or Number's value when it is not the JavaScript value itself
   * (`zero_one`, `decimal_text`); undefined for the type's own values and on other types.
   */
  readonly valueStorage?: ValueStorage | undefined;
  readonly source: AttributeSource;
  /** True when the attribute holds a set of values (an `element` source). */
  readonly collection: boolean;
  readonly description: string | undefined;
}

/** An entity of a checked {@link Schema}: its attributes with every default filled in. */
export interface Entity<Name extends string = string, AttrName extends string = string> {
  readonly name: Name;
  readonly attributes: { readonly [K in AttrName]: Attribute };
  /** Attribute names in definition order. */
  readonly attributeNames: readonly AttrName[];
  readonly description: string | undefined;
}

/** A checked schema. Entity and attribute names are literal types when the definition is. */
export interface Schema<D extends SchemaDefinition = SchemaDefinition> {
  readonly entities: {
    readonly [E in keyof D['entities'] & string]: Entity<E, keyof D['entities'][E]['attributes'] & string>;
  };
  /** Entity names in definition order. */
  readonly entityNames: readonly (keyof D['entities'] & string)[];
  /** What the ids of each prefix identify (`{ agnt_: 'an agent' }`), from the definition's `ids`. */
  readonly ids: Readonly<Record<string, string>>;
  /** The definition it was built from, as given. */
  readonly definition: D;
}

/** The entity names of a schema, as a union of literal types. */
export type EntityName<S extends Schema> = S['entityNames'][number];
