/**
 * What a record holds for an attribute, for showing next to a verdict ("name: \"Ada\""). Only
 * for display: whether the record matches is always the in-memory backend's answer. Reads own
 * properties only, like the backends.
 */
import type { Attribute } from '../../schema/types.js';
import { elementPath, elementValueOf } from '../../schema/element-source.js';
import { ownProperty } from '../../own-property.js';

/** The field path that was read and what was found there. */
export interface AttributeReading {
  /** `name`, `internal_name (object is "team")`, `associated_entities[type=psa_a/company].id`. */
  readonly path: string;
  /** The value, or every element's value for a collection attribute. Missing fields are absent. */
  readonly values: readonly unknown[];
  /** True when the attribute is a collection (values may be many or none). */
  readonly collection: boolean;
}

/**
 * What `record` holds for `attribute`, read the way its source says.
 *
 * @example
 * ```ts
 * readAttribute(schedulingSchema.entities.agent.attributes.name, { name: 'Ada' });
 * // { path: 'name', values: ['Ada'], collection: false }
 * ```
 */
export function readAttribute(attribute: Attribute, record: unknown): AttributeReading {
  const source = attribute.source;
  switch (source.kind) {
    case 'field': {
      const value = ownProperty(record, source.field);
      return { path: source.field, values: value === undefined ? [] : [value], collection: false };
    }
    case 'variant': {
      const tag = ownProperty(record, source.tag);
      const field = typeof tag === 'string' && Object.hasOwn(source.fields, tag) ? source.fields[tag] : undefined;
      if (field === undefined) return { path: `${source.tag} is ${JSON.stringify(tag ?? null)}: no field`, values: [], collection: false };
      const value = ownProperty(record, field);
      return { path: `${field} (${source.tag} is ${JSON.stringify(tag)})`, values: value === undefined ? [] : [value], collection: false };
    }
    case 'element': {
      const values: unknown[] = [];
      for (const array of source.arrays) {
        const elements = ownProperty(record, array);
        if (!Array.isArray(elements)) continue;
        for (const element of elements) {
          const v = elementValueOf(source, element, ownProperty);
          if (v !== undefined) values.push(v);
        }
      }
      return { path: elementPath(source), values, collection: true };
    }
  }
}
