/**
 * A filter on a field a derivation skipped is told so: the schema made from a derived definition
 * with its `skipped` list carries why each field was left out, and `unknown_attribute` says it.
 */
import { describe, expect, test } from 'vitest';
import { safeCheck } from '../../src/api/check.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import { schemaFromJsonSchema } from '../../src/schema/from-json-schema.js';

const derived = schemaFromJsonSchema({
  $defs: { agent: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' }, avatar: { type: 'object', properties: { url: { type: 'string' } } } } } },
});

const message = (schema: ReturnType<typeof defineSchema>, text: string) => {
  const r = safeCheck(text, schema, 'agent');
  return r.ok ? 'valid' : `${r.error.code}: ${r.error.issues[0].message}`;
};

describe('agent.avatar EQ x', () => {
  test('with the skipped list: unknown_attribute, skipped, and why', () => {
    expect(derived.skipped.map((s) => s.path)).toContain('agent.avatar');
    const schema = defineSchema({ ...derived.definition, skipped: derived.skipped });
    expect(message(schema, 'agent.avatar EQ x')).toMatchInlineSnapshot(`"unknown_attribute: agent has no attribute avatar. The schema's derivation skipped the field avatar: an object: tql filters top-level fields; describe nested ones in a tql schema. Filterable: id, name."`);
  });

  test('without it: unknown_attribute alone', () => {
    expect(message(defineSchema(derived.definition), 'agent.avatar EQ x')).toMatchInlineSnapshot(`"unknown_attribute: agent has no attribute avatar. Filterable: id, name."`);
  });

  test('a skipped list that is none: invalid_schema', () => {
    expect(() => defineSchema({ ...derived.definition, skipped: 5 as never })).toThrowErrorMatchingInlineSnapshot(`[TqlError: invalid_schema: Invalid schema: skipped is the list a derivation returned ([{ path, reason }]), not 5.]`);
  });
});
