/**
 * The shape of an entity's records, read from its schema: the top-level fields its attributes
 * read (with the attributes that read each), the tag fields of its variants, and the arrays its
 * collection attributes look into. The record arbitrary of `tql/testing` fills this shape, and
 * temporary tables (temporary-tables.ts) are made from it, so both agree on where every value lives.
 */
import { optionError } from '../../errors/tql-error.js';
import type { Attribute, Entity, Schema } from '../../schema/types.js';

/** A top-level field and the attributes that read it (several when variants share a field). */
export interface ScalarField {
  readonly field: string;
  readonly attributes: readonly [Attribute, ...Attribute[]];
}

/** A variant's tag field and the tags the schema lists for it. */
export interface TagField {
  readonly field: string;
  readonly tags: readonly string[];
}

/**
 * What one collection attribute reads from the elements of an array: the field that holds the
 * value, of the elements whose `where` field is one of its texts (of every element, without
 * `where`); or, without `value`, the element itself (an array of scalars).
 */
export interface ElementReader {
  readonly attribute: Attribute;
  readonly where: { readonly field: string; readonly oneOf: readonly string[] } | undefined;
  readonly value: string | undefined;
}

/** An array field and the attributes that look into it. */
export interface ArrayField {
  readonly field: string;
  readonly readers: readonly [ElementReader, ...ElementReader[]];
}

/** Where every attribute of an entity reads its value, field by field. */
export interface RecordShape {
  readonly entity: Entity;
  /** The field that holds each record's id: it is never generated as an attribute's value. */
  readonly key: string;
  readonly scalars: readonly ScalarField[];
  readonly tags: readonly TagField[];
  readonly arrays: readonly ArrayField[];
}

/**
 * The entity `name` of `schema`, or an `invalid_option` error that lists the entities.
 *
 * @example
 * ```ts
 * entityOf(schedulingSchema, 'agent').attributeNames; // ['name', 'email', …]
 * ```
 */
export function entityOf(schema: Schema, name: string): Entity {
  const entities = schema.entities as Readonly<Record<string, Entity>>;
  if (typeof name !== 'string' || !Object.hasOwn(entities, name)) {
    throw optionError(`entity is one of the schema's entities (${schema.entityNames.join(', ')}), not ${JSON.stringify(String(name))}.`);
  }
  return entities[name]!;
}

/**
 * The shape of the records of `entity`, ids in field `key`.
 *
 * @example
 * ```ts
 * recordShape(schedulingSchema, 'agent', 'id').scalars.map((s) => s.field); // ['name', 'email', …]
 * ```
 */
export function recordShape(schema: Schema, entity: string, key = 'id'): RecordShape {
  const e = entityOf(schema, entity);
  const scalars = new Map<string, Attribute[]>();
  const tags = new Map<string, Set<string>>();
  const arrays = new Map<string, ElementReader[]>();
  const add = <T>(map: Map<string, T[]>, field: string, item: T) => map.set(field, [...(map.get(field) ?? []), item]);
  for (const name of e.attributeNames) {
    const attribute = e.attributes[name]!;
    const source = attribute.source;
    switch (source.kind) {
      case 'field':
        if (source.field !== key) add(scalars, source.field, attribute);
        break;
      case 'variant': {
        const listed = tags.get(source.tag) ?? new Set<string>();
        tags.set(source.tag, listed);
        for (const [tag, field] of Object.entries(source.fields)) {
          listed.add(tag);
          if (field !== key) add(scalars, field, attribute);
        }
        break;
      }
      case 'element':
        for (const array of source.arrays) add(arrays, array, { attribute, where: source.where, value: source.value });
        break;
    }
  }
  // A field that is also a tag or an array is that: a record holds one value there.
  const plain = [...scalars].filter(([field]) => !tags.has(field) && !arrays.has(field));
  return {
    entity: e,
    key,
    scalars: plain.map(([field, attributes]) => ({ field, attributes: attributes as [Attribute, ...Attribute[]] })),
    tags: [...tags].map(([field, listed]) => ({ field, tags: [...listed] })),
    arrays: [...arrays].filter(([field]) => !tags.has(field)).map(([field, readers]) => ({ field, readers: readers as [ElementReader, ...ElementReader[]] })),
  };
}
