/**
 * What a column holds, from the mapping's `storage` entry or, without one, from the attribute's
 * record storage (docs/backends-sql.md, Column storage). The compiler writes its comparisons
 * for it, and the catalog check compares it with the column's declared type.
 */
import { withArticle } from '../../errors/wording.js';
import { describeValue } from '../../errors/describe-value.js';
import type { Attribute, AttributeType, TimestampStorageKind } from '../../schema/types.js';
import { TYPE_FACTS } from '../../schema/type-facts.js';
import { isValidTimeZone } from '../../validate/timestamp.js';
import type { SqlColumnStorage, SqlColumnStorageKind, SqlEntityMapping } from './mapping.js';
import { storageEntry } from './storage-key.js';
import type { ResolvedColumnStorage } from './resolved-column-storage.js';

const TIMESTAMP_COLUMNS: readonly SqlColumnStorageKind[] = ['unix_seconds', 'unix_milliseconds', 'iso_text', 'iso_canonical', 'timestamptz', 'timestamp'];

/** Which column storages each attribute type can be given (a uuid column only to uuid ids). */
const COLUMNS_OF: { readonly [T in AttributeType]: readonly SqlColumnStorageKind[] } = {
  ID: ['uuid'],
  String: [],
  Timestamp: TIMESTAMP_COLUMNS,
  Boolean: [],
  Number: ['integer'],
};

const COLUMN_KINDS: readonly SqlColumnStorageKind[] = [...TIMESTAMP_COLUMNS, 'uuid', 'integer'];

/** The attribute types a column storage is for, for messages: `Timestamp`. */
const typesTaking = (kind: SqlColumnStorageKind) => (Object.keys(COLUMNS_OF) as AttributeType[]).filter((t) => COLUMNS_OF[t].includes(kind)).join(' and ');

/** The column a Timestamp attribute gets without a `storage` entry, from its record storage. */
const DEFAULT_TIMESTAMP_COLUMN: { readonly [K in TimestampStorageKind]: SqlColumnStorageKind } = {
  unix_seconds: 'unix_seconds',
  unix_milliseconds: 'unix_milliseconds',
  iso_text: 'iso_text',
  iso_canonical: 'iso_canonical',
  // A driver hands out Date objects for the engines' own timestamp types.
  date: 'timestamptz',
};

/**
 * What the column of record field `field` holds for `attribute` (a field or one branch of a
 * variant): the `storage` entry keyed by the field, its column, or the attribute's name
 * (storage-key.ts). Call on a checked mapping: {@link columnStorageProblem} reports bad entries.
 *
 * @example
 * ```ts
 * columnStorage(createdAt, { table: 't', key: 'id', storage: { created_at: 'timestamptz' } }, 'created_at');
 * // → { kind: 'timestamptz' }
 * ```
 */
export function columnStorage(attribute: Attribute, entity: SqlEntityMapping, field: string): ResolvedColumnStorage {
  // Keyed by the field, its column or the attribute's name (storage-key.ts), as defineSqlMapping checks it.
  const declared = storageEntry(entity, field, attribute.source.kind === 'field' ? attribute.name : undefined)?.declared as SqlColumnStorage | SqlColumnStorageKind | undefined;
  if (declared !== undefined) return resolve(declared, attribute);
  if (!TYPE_FACTS[attribute.type].instants) return TEXT;
  const storage = attribute.storage!;
  const kind = DEFAULT_TIMESTAMP_COLUMN[storage.kind];
  return resolve(storage.kind === 'iso_text' ? { kind: 'iso_text', timeZone: storage.timeZone } : kind, attribute);
}

const TEXT: ResolvedColumnStorage = Object.freeze({ kind: 'text' });

function resolve(declared: SqlColumnStorage | SqlColumnStorageKind, attribute: Attribute): ResolvedColumnStorage {
  const s: SqlColumnStorage = typeof declared === 'string' ? ({ kind: declared } as SqlColumnStorage) : declared;
  switch (s.kind) {
    case 'iso_text':
    case 'timestamp': {
      // A text column inherits the zone the records' texts are read in.
      const recordZone = attribute.storage?.kind === 'iso_text' ? attribute.storage.timeZone : 'UTC';
      const nanoseconds = s.kind === 'timestamp' && s.nanoseconds === true ? { nanoseconds: true } : {};
      return { kind: s.kind, timeZone: s.timeZone ?? recordZone, ...nanoseconds };
    }
    default:
      return s;
  }
}

/**
 * What is wrong with the `storage` entry of one field, for the attribute that reads it, if
 * anything: an unknown kind, a zone that is no IANA zone, a timestamp kind on an attribute that
 * is not a Timestamp, `uuid` on anything but a uuid ID.
 *
 * @example
 * ```ts
 * columnStorageProblem('uuid', createdAt); // 'uuid is for uuid ID attributes; …'
 * ```
 */
export function columnStorageProblem(declared: unknown, attribute: Attribute | undefined): string | undefined {
  const kind: unknown = typeof declared === 'string' ? declared : typeof declared === 'object' && declared !== null ? (declared as { kind?: unknown }).kind : undefined;
  if (!(COLUMN_KINDS as readonly unknown[]).includes(kind)) return `a column storage is one of ${COLUMN_KINDS.join(', ')}, not ${describeValue(kind ?? declared)}`;
  const zone: unknown = typeof declared === 'object' ? (declared as { timeZone?: unknown }).timeZone : undefined;
  if (zone !== undefined && (kind === 'iso_text' || kind === 'timestamp') && (typeof zone !== 'string' || !isValidTimeZone(zone))) {
    return `timeZone is an IANA time zone such as "Europe/Paris", not ${describeValue(zone)}`;
  }
  if (zone !== undefined && kind !== 'iso_text' && kind !== 'timestamp') return `${String(kind)} takes no timeZone`;
  const nanoseconds: unknown = typeof declared === 'object' ? (declared as { nanoseconds?: unknown }).nanoseconds : undefined;
  if (nanoseconds !== undefined && (kind !== 'timestamp' || typeof nanoseconds !== 'boolean')) return 'nanoseconds is true or false, on a timestamp column only (a DuckDB TIMESTAMP_NS)';
  const integers: unknown = typeof declared === 'object' ? (declared as { integers?: unknown }).integers : undefined;
  if (integers !== undefined && (kind !== 'unix_seconds' || typeof integers !== 'boolean')) return 'integers is true or false, on a unix_seconds column only (one of an integer type)';
  if (attribute === undefined) return undefined;
  if (kind === 'uuid' && attribute.id?.kind !== 'uuid') return `uuid is for ID attributes with { kind: "uuid" } ids, and ${attribute.path} is not one`;
  if (!COLUMNS_OF[attribute.type].includes(kind as SqlColumnStorageKind)) {
    return `${String(kind)} is for ${typesTaking(kind as SqlColumnStorageKind)} attributes, and ${attribute.path} is ${withArticle(attribute.type)}`;
  }
  return undefined;
}
