/**
 * Schemas for the tests of tql/testing: one with every kind of attribute, and generated ones
 * built from the attribute definitions of test/properties/arbitraries/schema-definition.ts,
 * completed so that defineSchema accepts every one (an ID gets a format, a collection is not
 * nullable) and each attribute reads fields of its own (so SQL columns have one type each).
 */
import fc from 'fast-check';
import { defineSchema } from '../../src/schema/define-schema.js';
import type { AttributeDefinition, AttributeSource, Schema } from '../../src/schema/types.js';
import { arbGoodAttributeDefinition, arbGoodName } from '../properties/arbitraries/schema-definition.js';

/**
 * Every type; every id format; every Timestamp storage; nullable and not; closed sets (one with
 * a space and a quote); narrowed operators; field, variant and element sources, each kind once
 * with an ignored prefix; ignored case on a field alone, and on a variant and an element with a
 * prefix that has a letter; elements without a tag, and arrays of scalars (texts that ignore
 * case, in two arrays; ISO-8601 instants).
 */
export const everyKindSchema = defineSchema({
  entities: {
    item: {
      attributes: {
        label: { type: 'String' },
        note: { type: 'String', nullable: true },
        state: { type: 'String', values: ['draft', 'live', 'in review', 'say "hi"'] },
        code: { type: 'String', operators: ['EQ', 'NOT_IN'] },
        owner_id: { type: 'ID', id: { kind: 'prefixed', prefix: 'usr_' } },
        legacy_id: { type: 'ID', id: { kind: 'integer' }, nullable: true },
        ext_id: { type: 'ID', id: { kind: 'uuid' }, nullable: true },
        slug: { type: 'ID', id: { kind: 'text' } },
        due_at: { type: 'Timestamp', nullable: true },
        created_ms: { type: 'Timestamp', storage: 'unix_milliseconds' },
        seen_on: { type: 'Timestamp', storage: { kind: 'iso_text', timeZone: 'UTC' }, nullable: true },
        active: { type: 'Boolean' },
        flagged: { type: 'Boolean', nullable: true },
        price: { type: 'Number', nullable: true },
        score: { type: 'Number', operators: ['EQ', 'LT', 'GTE', 'NOT_IN'] },
        title: { type: 'String', nullable: true, source: { kind: 'variant', tag: 'type', fields: { book: 'title', film: 'name' } } },
        ticket: { type: 'String', nullable: true, source: { kind: 'field', field: 'ticket', ignorePrefix: '#' } },
        ref: { type: 'String', source: { kind: 'variant', tag: 'type', fields: { book: 'isbn', film: 'reel' }, ignorePrefix: '#' } },
        tag: {
          type: 'String',
          source: { kind: 'element', arrays: ['tags', 'labels'], where: { field: 'kind', oneOf: ['tag', 'label'] }, value: 'text', ignorePrefix: '#' },
        },
        member_id: { type: 'ID', id: { kind: 'integer' }, source: { kind: 'element', arrays: ['members'], where: { field: 'role', oneOf: ['member'] }, value: 'id' } },
        email: { type: 'String', nullable: true, source: { kind: 'field', field: 'email', ignoreCase: true } },
        serial: { type: 'String', source: { kind: 'variant', tag: 'type', fields: { book: 'serial', film: 'reel_serial' }, ignorePrefix: 'T-', ignoreCase: true } },
        badge: {
          type: 'String',
          source: { kind: 'element', arrays: ['badges'], where: { field: 'kind', oneOf: ['badge'] }, value: 'text', ignorePrefix: 'T-', ignoreCase: true },
        },
        author_id: { type: 'ID', id: { kind: 'integer' }, source: { kind: 'element', arrays: ['comments'], value: 'author' } },
        keyword: { type: 'String', source: { kind: 'element', arrays: ['keywords', 'topics'], ignoreCase: true } },
        visited_on: { type: 'Timestamp', storage: { kind: 'iso_text', timeZone: 'UTC' }, source: { kind: 'element', arrays: ['visits'] } },
      },
    },
  },
});

/** A schema constant SQL can hold: the SQL backend refuses constants with a backslash or NUL. */
const sqlSafe = (text: string) => text.replace(/[\\\0]/g, '/');

/**
 * `def`'s source with every field name prefixed by the attribute's name (no two attributes share
 * a field) and its tags made SQL-safe.
 */
function ownFields(name: string, source: AttributeSource | undefined): AttributeSource {
  const own = (field: string) => `${name}_${field}`;
  if (source === undefined) return { kind: 'field', field: name };
  switch (source.kind) {
    case 'field':
      return { ...source, field: own(source.field) };
    case 'variant': {
      // A field that is also the tag holds the tag's text and the value at once: no SQL column is both.
      const fields = Object.entries(source.fields).map(([tag, field]) => [sqlSafe(tag), own(field === source.tag ? `${field}_value` : field)]);
      // A variant with no tags compiles to `CASE "tag" END`, which SQL cannot parse (found by this
      // checker); until the compiler writes NULL for it, generated variants list at least one tag.
      return { ...source, tag: own(source.tag), fields: Object.fromEntries(fields.length === 0 ? [['only', own('value')]] : fields) };
    }
    case 'element': {
      const { where, value } = source;
      const arrays = source.arrays.map(own) as [string, ...string[]];
      // An array of scalars: the elements are the values, in the collection's value column.
      if (value === undefined) return { ...source, arrays };
      return {
        ...source,
        arrays,
        ...(where === undefined ? {} : { where: { field: own(where.field), oneOf: where.oneOf.map(sqlSafe) as [string, ...string[]] } }),
        // A field that is both the tag and the value holds text and the value at once: no SQL column is both.
        value: own(value === where?.field ? `${value}_value` : value),
      };
    }
  }
}

/** A generated attribute definition, completed so that defineSchema accepts it. */
function completed(name: string, def: AttributeDefinition): AttributeDefinition {
  const source = ownFields(name, def.source);
  return {
    ...def,
    ...(def.type === 'ID' ? { id: def.id ?? { kind: 'integer' } } : { id: undefined }),
    nullable: source.kind === 'element' ? false : def.nullable,
    source,
  } as AttributeDefinition;
}

/** Generated schemas of one entity, `thing`, with one to five attributes. */
export const arbGeneratedSchema: fc.Arbitrary<Schema> = fc
  .uniqueArray(fc.tuple(arbGoodName, arbGoodAttributeDefinition), { minLength: 1, maxLength: 5, selector: ([name]) => name })
  .map((attributes) => defineSchema({ entities: { thing: { attributes: Object.fromEntries(attributes.map(([name, def]) => [name, completed(name, def as AttributeDefinition)])) } } }));
