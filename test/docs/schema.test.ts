/**
 * docs/schema.md teaches schema authors: its TypeScript examples must run, type-check and give the
 * values they show, and its JSON schema must load and accept the filters listed after it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { safeCheck } from '../../src/api/check.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import type { SchemaDefinition } from '../../src/schema/types.js';
import { codeBlocks } from './markdown-examples.js';
import { testTypeScriptExamples, typeScriptExamples } from './typescript-examples.js';

const FILE = 'docs/schema.md';
const markdown = readFileSync(new URL(`../../${FILE}`, import.meta.url), 'utf8');
const blocks = codeBlocks(markdown);
const examples = typeScriptExamples(markdown, FILE);

function onlyBlock(lang: string, attribute: string): string {
  const found = blocks.filter((b) => b.lang === lang && b.attributes.includes(attribute));
  expect(found, `one ${lang} ${attribute} block`).toHaveLength(1);
  return found[0]!.body;
}

describe('docs/schema.md', () => {
  test('has examples that run and examples that fail', () => {
    expect(examples.filter((e) => e.error === undefined).length).toBeGreaterThanOrEqual(3);
    expect(examples.filter((e) => e.error !== undefined).length).toBeGreaterThanOrEqual(1);
  });

  testTypeScriptExamples(examples);

  describe('the JSON schema', () => {
    const schema = defineSchema(JSON.parse(onlyBlock('json', 'schema')) as SchemaDefinition);
    const filters = onlyBlock('text', 'schema-valid').split('\n');

    test('loads with every feature the page explains', () => {
      const attributes = Object.values(schema.entities.ticket!.attributes);
      expect(new Set(attributes.map((a) => a.type))).toEqual(new Set(['String', 'Boolean', 'Timestamp', 'ID']));
      expect(new Set(attributes.map((a) => a.source.kind))).toEqual(new Set(['field', 'element']));
      expect(attributes.some((a) => a.nullable && a.values === undefined)).toBe(true);
      expect(attributes.some((a) => a.values !== undefined)).toBe(true);
    });

    test.for(filters)('accepts %s', (filter) => {
      const r = safeCheck(filter, schema, 'ticket');
      expect(r.ok ? 'valid' : r.error.message).toBe('valid');
    });

    test('rejects what the schema rules out', () => {
      const r = safeCheck('ticket.escalated LIKE yes AND ticket.priority EQ hihg', schema, 'ticket');
      expect(r.ok ? [] : r.error.issues.map((i) => i.code)).toEqual(['operator_not_allowed', 'value_not_allowed']);
    });
  });
});
