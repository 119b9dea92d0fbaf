/**
 * defineSchema refuses what no query could use as written: closed-set values that no query text
 * can spell (check refuses them as it reads them) and names that the SQL engines would cut.
 */
import { describe, expect, test } from 'vitest';
import { safeCheck } from '../../src/api/check.js';
import { printValue } from '../../src/ast/print.js';
import { text as textValue } from '../../src/ast/builders.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import type { SchemaDefinition } from '../../src/schema/types.js';
import { complete } from '../../src/tooling/completion.js';
import { tqlErrorOf } from '../support/tql-error.js';

const withValues = (values: readonly string[]): SchemaDefinition => ({ entities: { a: { attributes: { s: { type: 'String', values } } } } });
const messageOf = (definition: SchemaDefinition) => tqlErrorOf(() => defineSchema(definition)).message;

describe('closed-set values that a query can spell', () => {
  test("values: ['\\ud800', '\\u0000', 'ok']", () => {
    expect(messageOf(withValues(['\ud800', '\u0000', 'ok']))).toMatchInlineSnapshot(
      `"invalid_schema: Invalid schema: a.s: value 0 "\\ud800" holds a lone surrogate (U+D800); value 1 "\\u0000" holds the NUL character (U+0000): a query can only write values without NUL or lone surrogates, of at most 1024 characters; remove or correct them."`,
    );
  });

  test.for<[string, string, string]>([
    ['a lone low surrogate', 'x\udc00', 'value 0 "x\\udc00" holds a lone surrogate (U+DC00)'],
    ['a high surrogate at the end', 'x\ud83d', 'value 0 "x\\ud83d" holds a lone surrogate (U+D83D)'],
    ['1,025 characters', 'v'.repeat(1025), `value 0 "${'v'.repeat(40)}…" is 1025 characters long`],
  ])('refused: %s', ([, value, reason]) => {
    expect(messageOf(withValues([value]))).toContain(reason);
  });

  test('four bad values among 100,000: the first three are named and the rest counted', () => {
    const values = Array.from({ length: 100_000 }, (_, i) => (i % 25_000 === 7 ? `bad\u0000${i}` : `v${i}`));
    expect(messageOf(withValues(values))).toMatchInlineSnapshot(
      `"invalid_schema: Invalid schema: a.s: value 7 "bad\\u00007" holds the NUL character (U+0000); value 25007 "bad\\u000025007" holds the NUL character (U+0000); value 50007 "bad\\u000050007" holds the NUL character (U+0000) (and 1 more): a query can only write values without NUL or lone surrogates, of at most 1024 characters; remove or correct them."`,
    );
  });

  // Every one of these is a value a query can write: quoted when it must be, it checks.
  const writable = ['', 'null', 'AND', 'x y', 'a"b\\c', '\n', '🦀', 'é', 'v'.repeat(1024), '(', ',', '~', 'EQ'];
  test.for(writable.map((v) => [JSON.stringify(v).slice(0, 30), v]))('accepted and completed: %s', ([, v]) => {
    const schema = defineSchema(withValues([v!]));
    const items = complete('a.s EQ ', 7, schema, 'a').items;
    expect(items.map((i) => i.label)).toEqual([v]);
    expect(items[0]!.insert).toBe(printValue(textValue(v!)));
    expect(safeCheck(`a.s EQ ${items[0]!.insert}`, schema, 'a').ok).toBe(true);
  });
});

describe('names the SQL engines keep whole', () => {
  test.for<[string, SchemaDefinition, string | undefined]>([
    ['an attribute name of 63 bytes', { entities: { a: { attributes: { ['x'.repeat(63)]: { type: 'String' } } } } }, undefined],
    [
      'an attribute name of 64 bytes',
      { entities: { a: { attributes: { ['x'.repeat(64)]: { type: 'String' } } } } },
      `invalid_schema: Invalid schema: a.${'x'.repeat(64)}: the name is 64 bytes long, and PostgreSQL cuts identifiers after 63: shorten it to 63 bytes or fewer (an SQL mapping can still give the column a longer name).`,
    ],
    ['an entity name of 63 bytes', { entities: { ['e'.repeat(63)]: { attributes: { s: { type: 'String' } } } } }, undefined],
    [
      'an entity name of 70 bytes',
      { entities: { ['e'.repeat(70)]: { attributes: { s: { type: 'String' } } } } },
      `invalid_schema: Invalid schema: entity name "${'e'.repeat(40)}…" is 70 bytes long, and PostgreSQL cuts identifiers after 63: shorten it to 63 bytes or fewer (an SQL mapping can still give the table a longer name).`,
    ],
    [
      'a non-ASCII name counts its bytes',
      { entities: { a: { attributes: { ['ä'.repeat(32)]: { type: 'String' } } } } },
      `invalid_schema: Invalid schema: a.${'ä'.repeat(32)}: attribute names are lower snake case.\ninvalid_schema: Invalid schema: a.${'ä'.repeat(32)}: the name is 64 bytes long, and PostgreSQL cuts identifiers after 63: shorten it to 63 bytes or fewer (an SQL mapping can still give the column a longer name).`,
    ],
  ])('%s', ([, definition, message]) => {
    if (message === undefined) expect(defineSchema(definition).entityNames).toHaveLength(1);
    else expect(messageOf(definition)).toBe(message);
  });

  test('two names that share their first 63 bytes cannot both be columns', () => {
    const long = 'x'.repeat(63);
    const e = tqlErrorOf(() => defineSchema({ entities: { a: { attributes: { [`${long}_a`]: { type: 'String' }, [`${long}_b`]: { type: 'String' } } } } }));
    expect(e.issues.map((i) => i.message.split(': ')[1])).toEqual([`a.${long}_a`, `a.${long}_b`]);
    expect(e.issues.every((i) => i.message.includes('the name is 65 bytes long'))).toBe(true);
  });
});
