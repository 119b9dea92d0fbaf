/**
 * What the derivations of a tql schema from an ORM's models share (`schemaFromDrizzle`,
 * `schemaFromPrisma`): entities and attributes named in lower snake case, each attribute reading
 * the ORM's own field, and what was left out or comes with a caveat, listed by path.
 */
import { nameFields, type NamedField } from '../schema/field-names.js';
import type { SkippedProperty } from '../schema/from-json-schema.js';
import type { AttributeDefinition } from '../schema/types.js';
import type { SqlColumnStorage } from '../backends/sql/mapping.js';

/** A caveat of a derived attribute: it filters, with a difference the app should know of. */
export interface DerivationNote {
  /** `entity.field`, with the ORM's own field name (Drizzle's property, Prisma's field). */
  readonly path: string;
  readonly note: string;
}

/** A field that can be filtered: its attribute (without `nullable` and `source`), a caveat, and what else the derivation keeps. */
export type FilterableField<Extra extends object = object> = { readonly attribute: AttributeDefinition; readonly note?: string } & Extra;

/** What one field derives to: a {@link FilterableField}, or why it cannot be filtered. */
export type DerivedAttribute<Extra extends object = object> = FilterableField<Extra> | { readonly reason: string };

/** Where a derivation lists what it left out and its caveats. */
export interface DerivationLists {
  readonly skipped: SkippedProperty[];
  readonly notes: DerivationNote[];
}

/** An integer field with this attribute name holds ids: `id`, `account_id` (from `accountId`). */
export const isIdName = (name: string): boolean => name === 'id' || name.endsWith('_id');

/** The integer types of the SQL engines, as ORMs write them in lower case (`int4`, `bigserial`). */
const INTEGER_SQL_TYPE = /^(smallint|integer|int|int2|int4|int8|bigint|tinyint|mediumint|serial|serial4|serial8|smallserial|bigserial)\b/;

/**
 * A Number attribute over a column of SQL type `sqlType`: an integer type's column is declared
 * `integer` in the mapping, so that a bound that is no integer, or lies beyond the type, is
 * compared as the integers it allows rather than failing in the database.
 *
 * @example
 * ```ts
 * numberColumn('integer'); // { attribute: { type: 'Number' }, storage: { kind: 'integer' } }
 * numberColumn('double precision'); // { attribute: { type: 'Number' } }
 * ```
 */
export function numberColumn(sqlType: string): { readonly attribute: AttributeDefinition; readonly storage?: SqlColumnStorage } {
  return INTEGER_SQL_TYPE.test(sqlType) ? { attribute: { type: 'Number' }, storage: { kind: 'integer' } } : { attribute: { type: 'Number' } };
}

/**
 * The entities' names (lower snake case) of `items`; an item that gets none (two whose names
 * would be one, a name without letters) is listed in `skipped`.
 *
 * @example
 * ```ts
 * nameEntities([{ field: 'InvoiceLine', value: model }], skipped); // → [{ field: 'InvoiceLine', value: model, name: 'invoice_line' }]
 * ```
 */
export function nameEntities<T>(items: readonly NamedField<T>[], skipped: SkippedProperty[]): readonly (NamedField<T> & { readonly name: string })[] {
  const named = nameFields(items);
  for (const u of named.unnamed) skipped.push({ path: u.field, reason: `not an entity: ${u.reason}` });
  return named.named;
}

/** How {@link deriveAttributes} reads one kind of field. */
export interface FieldDeriver<T, Extra extends object> {
  /** The attribute of a field named `name`, or why it has none. */
  readonly derive: (value: T, name: string) => DerivedAttribute<Extra>;
  /** Whether the field may hold null. */
  readonly nullable: (value: T) => boolean;
}

/** A derived attribute: the field it reads, its name, the field's value and what it derived to. */
export type DerivedField<T, Extra extends object> = NamedField<T> & {
  readonly name: string;
  readonly attribute: AttributeDefinition;
  readonly derived: FilterableField<Extra>;
};

/**
 * The attributes of the entity `entity` from its fields: each named in lower snake case, nullable
 * where the field is, reading the field where its name differs from the attribute's. What cannot
 * be filtered goes to `lists.skipped`, caveats to `lists.notes`, both under `entity.field`.
 *
 * @example
 * ```ts
 * deriveAttributes('ticket', [{ field: 'openedAt', value: column }], { derive, nullable: (c) => !c.notNull }, { skipped, notes });
 * // → [{ field: 'openedAt', name: 'opened_at', attribute: { type: 'Timestamp', …, source: { kind: 'field', field: 'openedAt' } }, … }]
 * ```
 */
export function deriveAttributes<T, Extra extends object>(entity: string, fields: readonly NamedField<T>[], deriver: FieldDeriver<T, Extra>, lists: DerivationLists): DerivedField<T, Extra>[] {
  const named = nameFields(fields);
  for (const u of named.unnamed) lists.skipped.push({ path: `${entity}.${u.field}`, reason: u.reason });
  const out: DerivedField<T, Extra>[] = [];
  for (const { field, name, value } of named.named) {
    const derived = deriver.derive(value, name);
    if ('reason' in derived) {
      lists.skipped.push({ path: `${entity}.${field}`, reason: derived.reason });
      continue;
    }
    // A derivation that chose a source (an element source over a list) keeps it.
    const source = field === name || derived.attribute.source !== undefined ? {} : { source: { kind: 'field', field } as const };
    const attribute: AttributeDefinition = { ...derived.attribute, ...(deriver.nullable(value) ? { nullable: true } : {}), ...source };
    if (derived.note !== undefined) lists.notes.push({ path: `${entity}.${field}`, note: derived.note });
    out.push({ field, name, value, attribute, derived });
  }
  return out;
}
