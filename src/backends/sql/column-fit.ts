/**
 * Whether a column of the declared type can give tql's semantics for an attribute (docs/language.md,
 * section 4), and if not, what to write instead: one rule per attribute type, keyed so that a new
 * type does not compile until its rule is written.
 */
import { andList } from '../../errors/wording.js';
import { OPERATOR_FACTS } from '../../schema/operators.js';
import { readSteps } from '../../schema/stored-form.js';
import type { Attribute, AttributeType } from '../../schema/types.js';
import type { CatalogColumn, ColumnCollation, ColumnKind } from './catalog.js';
import type { ResolvedColumnStorage } from './resolved-column-storage.js';
import type { SqlDialect } from './dialects.js';
import { writeInstantRange } from './instant-sql.js';

/** One attribute read from one column, as {@link columnFitProblem} sees it. */
export interface ColumnUse {
  readonly attribute: Attribute;
  /** What the mapping says the column holds (`columnStorage`). */
  readonly storage: ResolvedColumnStorage;
  readonly column: CatalogColumn;
  readonly dialect: SqlDialect;
  /** The record field, as the mapping's `storage` and `columns` entries name it. */
  readonly field: string;
  /** The entity whose mapping holds the field's entries. */
  readonly entity: string;
  /**
   * The collection entry (`collections.tags`) whose `storage` says what the column's elements
   * hold, where the column is an array's: the messages then name that entry, not `storage`.
   */
  readonly collection?: string;
  /** Accept NUMERIC/DECIMAL columns for Number attributes (their exact decimals compare otherwise than doubles). */
  readonly acceptDecimal: boolean;
}

/** The rest of the sentence `column t.c is <type>, …`: why the column does not fit and what to write. */
type Fit = (use: ColumnUse) => string | undefined;

const NUMBERS: ReadonlySet<ColumnKind> = new Set(['integer', 'float', 'decimal', 'numeric_affinity']);

/** The use's storage entry holding `value`, as it is written in the mapping. */
const storageWith = (use: ColumnUse, value: string) =>
  use.collection === undefined ? `storage: { ${use.field}: ${value} }` : `${use.collection}.storage: ${value}`;

/** Where the use's storage entry is in the mapping. */
const storagePath = (use: ColumnUse) => (use.collection === undefined ? `storage.${use.field}` : `${use.collection}.storage`);

/** The storage entry to write, in the words of the mapping. */
const storageEntry = (use: ColumnUse, kind: string) => `declare ${storageWith(use, `'${kind}'`)} in the mapping of ${use.entity}`;

/**
 * The column's collation where tql's comparisons on it would not be exact: one that folds, on an
 * engine whose dialect compares the column's text as it is (MySQL's writes the other side as a
 * binary string, which makes `=` byte-wise whatever the column's collation).
 */
export function foldingCollation(column: CatalogColumn, dialect: SqlDialect): ColumnCollation | undefined {
  const collation = column.collation;
  return collation === undefined || collation.equality === 'exact' || dialect.exactText !== undefined ? undefined : collation;
}

/** `whose collation NOCASE compares case-insensitively`, for the messages. */
export function collationWords(collation: ColumnCollation): string {
  const named = collation.name === undefined ? 'whose collation' : `whose collation ${collation.name}`;
  return collation.equality === 'case' ? `${named} compares case-insensitively` : `${named} takes some different texts for equal (in case, accents or trailing spaces)`;
}

/** What a text column's collation does to a String attribute's exact EQ and IN (docs/language.md, rule 5). */
function stringCollation(use: ColumnUse, equality: readonly string[]): string | undefined {
  const collation = foldingCollation(use.column, use.dialect);
  if (collation === undefined) return undefined;
  // Case-insensitive matching declared: tql compares lower(column), which such a collation leaves exact.
  if (collation.equality === 'case' && (equality.length === 0 || readSteps(use.attribute.source)?.ignoreCase === true)) return undefined;
  const exact = equality.length === 0 ? 'a String compares exactly' : `${equality.join(', ')} on a String are exact`;
  const fix = collation.equality === 'case' ? `declare ignoreCase: true on the source of ${use.attribute.path} if case should not count, or declare the column without the collation` : 'declare the column without the collation';
  return `${collationWords(collation)}, and ${exact}; ${fix}`;
}

/** `compare` for several operators, `compares` for one. */
const verb = (operators: readonly string[], plural: string) => (operators.length === 1 ? `${plural}s` : plural);

/**
 * MySQL/MariaDB character sets whose bytes are UTF-8's for every text they hold: tql's binary
 * comparison with the value's UTF-8 bytes is exact on them. In any other (`latin1`) `é` is one
 * byte that no UTF-8 value has.
 */
const UTF8_BYTES: ReadonlySet<string> = new Set(['utf8mb4', 'utf8mb3', 'utf8', 'ascii']);

/**
 * What a MySQL column's character set other than utf8mb4 does: EQ and IN compare bytes of
 * another encoding (a silent miss), and LIKE's `COLLATE utf8mb4_bin` fails in the database.
 */
function characterSetProblem(column: CatalogColumn, equality: readonly string[], substring: readonly string[]): string | undefined {
  const set = column.collation?.characterSet;
  if (set === undefined || set === 'utf8mb4') return undefined;
  const failures = [
    ...(equality.length > 0 && !UTF8_BYTES.has(set) ? [`${equality.join(', ')} ${verb(equality, 'compare')} its bytes with the value's UTF-8 bytes (an 'é' never matches)`] : []),
    ...(substring.length > 0 ? [`${andList(substring)} ${verb(substring, 'fail')} in the database`] : []),
  ];
  return failures.length === 0 ? undefined : `whose character set ${set} is not utf8mb4: ${failures.join(', and ')}; convert the column to utf8mb4`;
}

/** What a String attribute's column must be, with the fix for each other kind. */
const stringFit: Fit = (use) => {
  const { attribute, column } = use;
  const substring = attribute.operators.filter((o) => OPERATOR_FACTS[o].compares === 'text');
  const equality = attribute.operators.filter((o) => OPERATOR_FACTS[o].compares === 'equality');
  const narrow = `narrow operators to ${equality.join(', ')} so the validator refuses ${andList(substring)}`;
  switch (column.kind) {
    case 'text':
      return characterSetProblem(column, equality, substring) ?? stringCollation(use, equality);
    case 'folded_text':
      return equality.length === 0
        ? undefined
        : `which compares case-insensitively, and ${equality.join(', ')} on a String are exact; make the column text (LIKE folds case by itself)`;
    case 'padded_text':
      return 'which pads or strips trailing spaces, so "x" and "x " would be one value; make the column varchar or text';
    case 'enum':
      if (substring.length > 0) return `and ${andList(substring)} need text, which an enum gives only through a cast; ${equality.length > 0 ? narrow : 'make the column text'}`;
      return attribute.values === undefined
        ? 'which takes only its labels, and any other value is an error in the database; declare values: [the labels] on the attribute, so the validator refuses the others'
        : undefined;
    case 'uuid':
      return `and a String needs text; declare the attribute type: 'ID' with id: { kind: 'uuid' } and ${storageEntry(use, 'uuid')}`;
    case 'timestamptz':
    case 'timestamp':
      return `and a String needs text; declare the attribute type: 'Timestamp' and ${storageEntry(use, column.kind)}`;
    case 'boolean':
      return "and a String needs text; declare the attribute type: 'Boolean'";
    case 'date':
      return 'and a String needs text (LIKE and EQ on a date fail in the database); make the column text, or a timestamp read by a Timestamp attribute';
    case 'untyped':
      return 'which keeps whatever is stored, and a String needs text; declare the column TEXT';
    default:
      return NUMBERS.has(column.kind)
        ? "and a String needs text (a number column turns '007' into 7); declare the attribute type: 'Number', or make the column text"
        : 'and a String needs text; make the column text, or leave the attribute out of the schema';
  }
};

/**
 * A text id column's collation that folds: two ids would be one. A uuid id's text is compared
 * lower-cased, which a collation that folds only case leaves exact.
 */
function idCollation(use: ColumnUse): string | undefined {
  const set = characterSetProblem(use.column, use.attribute.operators.filter((o) => OPERATOR_FACTS[o].compares === 'equality'), []);
  if (set !== undefined) return set;
  const collation = foldingCollation(use.column, use.dialect);
  if (collation === undefined || (collation.equality === 'case' && use.attribute.id!.kind === 'uuid')) return undefined;
  return `${collationWords(collation)}, so two ids would be one; declare the column without the collation`;
}

/** The length of a fixed-length text type (`char(36)`, `character(24)`), read from its declared type. */
function fixedLength(column: CatalogColumn): number | undefined {
  const m = /\(\s*(\d+)\s*\)/.exec(column.type);
  return m === null ? undefined : Number(m[1]);
}

/** The characters of a uuid's text, `0b5c…-…`. */
const UUID_LENGTH = 36;

/** The length of every `iso_canonical` text. */
const CANONICAL_LENGTH = 24;

/** Integer ids on integer columns, text ids on text columns, uuid ids on uuid or text columns as the storage says. */
const idFit: Fit = (use) => {
  const { attribute, column, storage } = use;
  const id = attribute.id!;
  if (id.kind === 'integer') {
    if (column.kind === 'integer' || column.kind === 'decimal' || column.kind === 'numeric_affinity') return undefined;
    return `and integer ids need an integer column (as text, '10' sorts before '9' and '007' is not 7); make the column an integer, or declare id: { kind: 'text' }`;
  }
  if (id.kind === 'uuid') {
    if (storage.kind === 'uuid') {
      return column.kind === 'uuid'
        ? undefined
        : `and the mapping says it holds the engine's uuid type; remove ${storageWith(use, "'uuid'")} from the mapping of ${use.entity}, and tql compares the text case-insensitively`;
    }
    if (column.kind === 'uuid') return `the engine's uuid type, which the mapping does not declare; ${storageEntry(use, 'uuid')}`;
    // Every uuid is 36 characters: a CHAR(36) pads none, so no two collapse.
    if (column.kind === 'text' || (column.kind === 'padded_text' && fixedLength(column) === UUID_LENGTH)) return idCollation(use);
  } else if (column.kind === 'text') return idCollation(use);
  if (column.kind === 'padded_text') return 'which pads or strips trailing spaces, so two ids would be one; make the column varchar or text';
  if (column.kind === 'integer') return "and the attribute's ids are text; declare id: { kind: 'integer' }, or make the column text";
  if (column.kind === 'uuid') return `and the attribute's ids are not uuids; declare id: { kind: 'uuid' } and ${storageEntry(use, 'uuid')}`;
  return 'and ids of this kind need a text column; make the column text';
};

const STORAGE_WORDS: { readonly [K in ResolvedColumnStorage['kind']]: string } = {
  unix_seconds: 'Unix seconds',
  unix_milliseconds: 'Unix milliseconds',
  iso_text: 'ISO-8601 text',
  iso_canonical: "ISO-8601 text in toISOString's form",
  timestamptz: 'an instant (timestamptz)',
  timestamp: 'a wall-clock time (timestamp)',
  uuid: 'a uuid',
  integer: 'integers',
  text: 'text',
};

/** Whether the column is declared a date or time but may hold texts as well as numbers (SQLite's DATETIME). */
const looseDatetime = (column: CatalogColumn, dialect: SqlDialect) => dialect.columns.looseDatetimes && column.kind === 'numeric_affinity' && /DATE|TIME/i.test(column.type);

/** The column kinds each Timestamp storage reads correctly, per engine where it differs. */
function timestampFits(storage: ResolvedColumnStorage['kind'], column: CatalogColumn, dialect: SqlDialect): boolean {
  switch (storage) {
    case 'unix_seconds':
    case 'unix_milliseconds':
      return NUMBERS.has(column.kind);
    case 'iso_text':
      return column.kind === 'text' || looseDatetime(column, dialect);
    case 'iso_canonical':
      // Every canonical text has 24 characters: a CHAR(24) pads none.
      return column.kind === 'text' || looseDatetime(column, dialect) || (column.kind === 'padded_text' && fixedLength(column) === CANONICAL_LENGTH);
    case 'timestamptz':
      return column.kind === storage;
    case 'timestamp':
      // A date is the wall-clock midnight that starts it, and compares with wall-clock bounds as such.
      return column.kind === 'timestamp' || column.kind === 'date';
    default:
      return false;
  }
}

/** The storage entry that reads this column, if one does. */
function storageForColumn(column: CatalogColumn, dialect: SqlDialect): string | undefined {
  if (column.kind === 'timestamptz' || column.kind === 'timestamp') return `'${column.kind}'`;
  if (column.kind === 'date') return "'timestamp' (a date is its midnight, a wall-clock time in the mapping's zone)";
  if (column.kind === 'text') return "'iso_text'";
  if (!NUMBERS.has(column.kind)) return undefined;
  // Such a column holds numbers or texts, whichever the app wrote.
  return looseDatetime(column, dialect) ? "'unix_seconds' (or 'unix_milliseconds', or 'iso_text' for texts)" : "'unix_seconds' (or 'unix_milliseconds')";
}

const timestampFit: Fit = (use) => {
  const { storage, column, dialect } = use;
  if (timestampFits(storage.kind, column, dialect)) return nanosecondsProblem(use) ?? integersProblem(use) ?? refusedInstants(use);
  if (column.kind === 'padded_text' && (storage.kind === 'iso_text' || storage.kind === 'iso_canonical')) {
    return 'which pads texts shorter than its length with spaces, which no ISO-8601 text has; make the column varchar or text';
  }
  const reads = `and the mapping reads it as ${STORAGE_WORDS[storage.kind]}`;
  const fitting = storageForColumn(column, dialect);
  if (!dialect.columns.timestampTypes && (storage.kind === 'timestamptz' || storage.kind === 'timestamp')) {
    return `${reads}, a type ${dialect.title} does not have; declare ${storageWith(use, fitting ?? "'iso_text' (texts) or 'unix_seconds' (numbers)")} in the mapping of ${use.entity}`;
  }
  if (fitting !== undefined) return `${reads}; declare ${storageWith(use, fitting)} in the mapping of ${use.entity}`;
  return `${reads}; make it a timestamp, a number or a text column`;
};

/**
 * A DuckDB `TIMESTAMP_NS` column read as a `timestamp` must say so (`nanoseconds: true`): its
 * range is 1677–2262, and a bound outside it fails in the database unless tql clamps it there.
 */
function nanosecondsProblem(use: ColumnUse): string | undefined {
  const { storage, column } = use;
  if (storage.kind !== 'timestamp') return undefined;
  const holds = /^TIMESTAMP_NS$/i.test(column.type.trim());
  const declared = storage.nanoseconds === true;
  if (holds === declared) return undefined;
  return holds
    ? `which holds nanoseconds between 1677 and 2262 only; declare ${storageWith(use, "{ kind: 'timestamp', nanoseconds: true }")} in the mapping of ${use.entity}`
    : `and the mapping says it is a TIMESTAMP_NS; remove nanoseconds: true from ${storagePath(use)} in the mapping of ${use.entity}`;
}

/**
 * Seconds declared integers (`integers: true`) must be in an integer column: tql then leaves out
 * the test that keeps NaN and infinity from matching an open range, which a float column can hold.
 */
function integersProblem(use: ColumnUse): string | undefined {
  const { storage, column } = use;
  if (storage.kind !== 'unix_seconds' || storage.integers !== true || column.kind === 'integer') return undefined;
  return `and the mapping says it holds integers, where this type also holds NaN and infinity; remove integers: true from ${storagePath(use)} in the mapping of ${use.entity}`;
}

/**
 * Why every comparison of the attribute would be refused on this engine although its column fits
 * (a wall-clock time in a zone with DST rules on an engine without zone rules), as the writers
 * that compile it say: the check refuses what every query would.
 */
function refusedInstants(use: ColumnUse): string | undefined {
  const writers = use.dialect.instants;
  const storage = use.storage;
  if (writers === undefined || storage.kind === 'uuid' || storage.kind === 'integer' || storage.kind === 'text') return undefined;
  const written = writeInstantRange(writers, 'x', { lo: 0, hi: 1 }, storage, () => '?');
  return typeof written === 'string' || !('refused' in written) ? undefined : `and ${written.refused}`;
}

const booleanFit: Fit = (use) => {
  const { column, dialect } = use;
  // Declared 0/1: tql compares with 1 and 0, which any integer column holds.
  if (use.attribute.valueStorage === 'zero_one') {
    return column.kind === 'integer' || column.kind === 'numeric_affinity' ? undefined : `and the attribute's storage zero_one compares it with 1 and 0; make the column an integer, or remove storage: 'zero_one' from ${use.attribute.path}`;
  }
  if (column.kind === 'boolean') return undefined;
  // Where booleans are 0 and 1 (SQLite, MySQL/MariaDB), tql binds them so.
  if (dialect.columns.booleans === 'boolean') {
    return column.kind === 'integer'
      ? `and a Boolean needs a boolean column; make the column boolean, or declare storage: 'zero_one' on ${use.attribute.path} if it holds 0 and 1`
      : 'and a Boolean needs a boolean column; make the column boolean';
  }
  if (column.kind === 'integer' || column.kind === 'numeric_affinity') return undefined;
  return 'and a Boolean needs 0 and 1 in an integer column; make it BOOLEAN or INTEGER';
};

const numberFit: Fit = (use) => {
  const { column, acceptDecimal, storage, dialect } = use;
  if (storage.kind === 'integer') {
    return column.kind === 'integer' ? undefined : `and the mapping says it holds integers; remove ${storageWith(use, "'integer'")} from the mapping of ${use.entity}`;
  }
  // Where the engine takes a bound only as the column's type (PostgreSQL), other numbers fail unless told.
  if (column.kind === 'integer' && dialect.columns.integersTakeOnlyIntegers === true) {
    return `which holds only integers, and ${dialect.title} refuses a bound such as 14.5 or 3000000000 against it; ${storageEntry(use, 'integer')}, and tql compares the integers a bound allows`;
  }
  // Records of decimal text (a driver's NUMERIC) come from an exact decimal column, compared as one.
  if (use.attribute.valueStorage === 'decimal_text') {
    return NUMBERS.has(column.kind) ? undefined : `and the attribute's storage decimal_text compares it as a number; make the column NUMERIC`;
  }
  if (column.kind === 'integer' || column.kind === 'float' || column.kind === 'numeric_affinity') return undefined;
  if (column.kind === 'decimal') {
    return acceptDecimal
      ? undefined
      : 'whose exact decimals compare otherwise than the doubles tql compares (docs/language.md, rule 6); make it double precision, or pass { acceptDecimal: true } to accept that divergence';
  }
  if (column.kind === 'text') return "and numbers stored as text compare as text ('10' < '9'); make the column a number type";
  return 'and a Number needs a number column; make it double precision or an integer type';
};

const FIT_PROBLEM_BY_TYPE: { readonly [T in AttributeType]: Fit } = {
  String: stringFit,
  ID: idFit,
  Timestamp: timestampFit,
  Boolean: booleanFit,
  Number: numberFit,
};

/**
 * Why the column cannot give tql's semantics for the attribute, and what to write instead, as the
 * end of a sentence that starts `column t.c is <type>, `; undefined when it can.
 *
 * @example
 * ```ts
 * columnFitProblem({ attribute: createdAt, storage: { kind: 'unix_seconds' }, column: { kind: 'timestamptz', type: 'timestamp with time zone' },
 *   dialect: postgres, field: 'created_at', entity: 'agent', acceptDecimal: false });
 * // "and the mapping reads it as Unix seconds; declare storage: { created_at: 'timestamptz' } in the mapping of agent"
 * ```
 */
export function columnFitProblem(use: ColumnUse): string | undefined {
  return FIT_PROBLEM_BY_TYPE[use.attribute.type](use);
}

/** Columns a schema constant is compared with (a tag, a discriminator): text, or an enum of those texts. */
export function holdsText(column: CatalogColumn): boolean {
  return column.kind === 'text' || column.kind === 'enum';
}

/** Key families: a foreign key and the key it holds must be of one, or the join compares unlike values. */
export function keyFamily(kind: ColumnKind): 'text' | 'number' | 'uuid' | ColumnKind {
  if (kind === 'text' || kind === 'padded_text' || kind === 'folded_text') return 'text';
  if (NUMBERS.has(kind)) return 'number';
  return kind;
}
