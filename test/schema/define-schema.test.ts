import { describe, expect, test } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { safeCheck } from '../../src/api/check.js';
import { compileSql } from '../../src/backends/sql/compile-sql.js';
import { defineSchema, isDefinedAttribute } from '../../src/schema/define-schema.js';
import { schedulingSchema } from '../../src/models/scheduling/schema.js';
import { TqlError } from '../../src/errors/tql-error.js';
import type { AttributeSource } from '../../src/schema/types.js';

test('defaults are filled in and operators can be narrowed', () => {
  const schema = defineSchema({
    entities: {
      person: {
        attributes: {
          name: { type: 'String' },
          born: { type: 'Timestamp', operators: ['GTE', 'LT'] },
        },
      },
    },
  });
  const { name, born } = schema.entities.person.attributes;
  expect(name.operators).toEqual(['EQ', 'NOT_EQ', 'LIKE', 'NOT_LIKE', 'IN', 'NOT_IN', 'STARTS_WITH', 'ENDS_WITH']);
  expect(name.source).toEqual({ kind: 'field', field: 'name' });
  expect(born.operators).toEqual(['LT', 'GTE']);
  expect(schema.entityNames).toEqual(['person']);
});

test('a schema loaded from JSON works the same', () => {
  const json = JSON.stringify(schedulingSchema.definition);
  const again = defineSchema(JSON.parse(json));
  expect(again.entities.agent).toEqual(schedulingSchema.entities.agent);
});

test('every inconsistency of a definition is reported at once', () => {
  expect(() =>
    defineSchema({
      entities: {
        Person: {
          attributes: {
            id: { type: 'ID' },
            age: { type: 'Decimal' as 'String' },
            flag: { type: 'Boolean', operators: ['EQ', 'LIKE'] },
            kind: { type: 'Timestamp', values: ['a'] },
          },
        },
      },
    }),
  ).toThrowErrorMatchingInlineSnapshot(`
    [TqlError: invalid_schema: Invalid schema: entity name "Person" is not lower snake case.
    invalid_schema: Invalid schema: Person.id: ID attributes need an id format ({ kind: "prefixed", prefix }, { kind: "integer" }, { kind: "uuid" } or { kind: "text" }).
    invalid_schema: Invalid schema: Person.age: type must be one of ID, String, Timestamp, Boolean, Number.
    invalid_schema: Invalid schema: Person.flag: Boolean attributes cannot take LIKE.
    invalid_schema: Invalid schema: Person.kind: only String attributes can have a closed set of values.]
  `);
});

test('the scheduling schema has the attributes of the API spec', () => {
  expect(schedulingSchema.entities.scheduling_request.attributeNames).toHaveLength(19);
  expect(schedulingSchema.entities.agent.attributeNames).toEqual([
    'name', 'email', 'role', 'schedulable', 'two_factor_enabled', 'url_slug', 'created_at',
  ]);
  expect(schedulingSchema.entities.resource.attributeNames).toEqual(['internal_name', 'external_name', 'url_slug']);
});

test('changing the definition afterwards does not change the schema: sources and id formats are frozen copies', () => {
  const source = { kind: 'element' as const, arrays: ['people'] as [string], where: { field: 'kind', oneOf: ['agent'] as [string] }, value: 'id' };
  const id = { kind: 'prefixed' as const, prefix: 'agnt_' };
  const schema = defineSchema({ entities: { team: { attributes: { member: { type: 'ID', id, source } } } } });
  source.arrays[0] = '__proto__';
  source.where.oneOf[0] = 'nobody';
  id.prefix = 'x_';
  const { member } = schema.entities.team.attributes;
  expect(member.source).toEqual({ kind: 'element', arrays: ['people'], where: { field: 'kind', oneOf: ['agent'] }, value: 'id' });
  expect(member.id).toEqual({ kind: 'prefixed', prefix: 'agnt_' });
  expect(Object.isFrozen(member.source) && Object.isFrozen((member.source as typeof source).where.oneOf)).toBe(true);
});

test.each([
  ['an attribute of a defined schema', schedulingSchema.entities.agent.attributes.name, true],
  ['a copy of one', { ...schedulingSchema.entities.agent.attributes.name }, false],
  ['a hand-made attribute', { path: 'agent.name', type: 'String', source: { kind: 'field', field: 'name' } }, false],
  ['null', null, false],
])('isDefinedAttribute(%s) is %s', (_, value, expected) => {
  expect(isDefinedAttribute(value)).toBe(expected);
});

describe('ids: what the ids of each prefix identify', () => {
  const helpdesk = defineSchema({
    ids: { tkt_: 'a ticket', usr_: 'a user' },
    entities: {
      comment: {
        attributes: {
          ticket_id: { type: 'ID', id: { kind: 'prefixed', prefix: 'tkt_' } },
          author_id: { type: 'ID', id: { kind: 'prefixed', prefix: 'usr_' } },
          org_id: { type: 'ID', id: { kind: 'prefixed', prefix: 'org_' } },
        },
      },
    },
  });

  test.for([
    ['comment.ticket_id EQ usr_a', '"usr_a" is the id of a user, so it can never match comment.ticket_id, which takes the id of a ticket (tkt_…).'],
    ['comment.author_id EQ org_a', '"org_a" has the prefix org_, so it can never match comment.author_id, which takes the id of a user (usr_…).'],
    ['comment.org_id EQ tkt_a', '"tkt_a" is the id of a ticket, so it can never match comment.org_id, which takes the id of an object with prefix org_ (org_…).'],
    ['comment.ticket_id EQ agnt_a', '"agnt_a" has the prefix agnt_, so it can never match comment.ticket_id, which takes the id of a ticket (tkt_…).'],
  ] as const)('%s', ([text, message]) => {
    const r = safeCheck(text, helpdesk, 'comment');
    expect(r.ok ? 'valid' : r.error.issues[0].message).toBe(message);
  });

  test('come from the definition, not from the scheduling models', () => {
    expect(helpdesk.ids).toEqual({ tkt_: 'a ticket', usr_: 'a user' });
    expect(schedulingSchema.ids.agnt_).toBe('an agent');
  });

  test('are checked with the rest of the definition', () => {
    expect(() =>
      defineSchema({ ids: { Tkt: 'a ticket', usr_: '' }, entities: { comment: { attributes: { body: { type: 'String' } } } } }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [TqlError: invalid_schema: Invalid schema: ids: "Tkt" should look like "agnt_".
      invalid_schema: Invalid schema: ids.usr_: say what the ids identify, such as "an agent".]
    `);
  });
});

test('a variant source with no tag is refused: the attribute could never have a value', () => {
  expect(() =>
    defineSchema({ entities: { doc: { attributes: { label: { type: 'String', source: { kind: 'variant', tag: 'kind', fields: {} } } } } } }),
  ).toThrowErrorMatchingInlineSnapshot(`[TqlError: invalid_schema: Invalid schema: doc.label: a variant source reads a field for at least one tag: fields: { agent: "name", … }.]`);
});

describe('element sources: tagged, untagged, arrays of scalars', () => {
  const attribute = (source: unknown) =>
    defineSchema({ entities: { post: { attributes: { x: { type: 'String', source: source as AttributeSource } } } } }).entities.post.attributes.x;

  test.for([
    ['tagged objects', { kind: 'element', arrays: ['links'], where: { field: 'system', oneOf: ['github'] }, value: 'number' }],
    ['objects without a tag: every element counts', { kind: 'element', arrays: ['comments'], value: 'body' }],
    ['scalars: the element is the value', { kind: 'element', arrays: ['tags', 'labels'] }],
    ['scalars read with a prefix and case ignored', { kind: 'element', arrays: ['tags'], ignorePrefix: '#', ignoreCase: true }],
  ] as const)('%s: accepted, copied with only the keys given', ([, source]) => {
    const x = attribute(source);
    expect(x.source).toEqual(source);
    expect(Object.keys(x.source)).toEqual(Object.keys(source));
    expect(x.collection).toBe(true);
  });

  test.for([
    ['a where without a value', { kind: 'element', arrays: ['tags'], where: { field: 'kind', oneOf: ['tag'] } }],
    ['a where without oneOf', { kind: 'element', arrays: ['comments'], where: { field: 'kind' }, value: 'body' }],
    ['a value that is no text', { kind: 'element', arrays: ['tags'], value: 5 }],
    ['no arrays', { kind: 'element', value: 'body' }],
  ] as const)('%s: refused', ([, source]) => {
    expect(() => attribute(source)).toThrow(TqlError);
  });

  test('the messages say what to write', () => {
    const messages = (source: unknown) => {
      try {
        attribute(source);
        return [];
      } catch (e) {
        return (e as TqlError).issues.map((i) => i.message);
      }
    };
    expect(messages({ kind: 'element', arrays: ['tags'], where: { field: 'kind', oneOf: ['tag'] } })).toMatchInlineSnapshot(`
      [
        "Invalid schema: post.x: an element source without value reads the elements themselves (an array of scalars), which have no field for where to test: remove where, or name the field that holds the value in value.",
      ]
    `);
    expect(messages({ kind: 'element', arrays: ['comments'], where: { field: 'kind' }, value: 'body' })).toMatchInlineSnapshot(`
      [
        "Invalid schema: post.x: an element source is { kind: "element", arrays: ["…"], where?: { field, oneOf: ["…"] }, value?, ignorePrefix?, ignoreCase? }.",
      ]
    `);
  });
});

describe('zone names are normalized once, as the SQL compilers spell them', () => {
  test.for([
    ['utc', 'UTC'],
    ['etc/utc', 'UTC'],
    ['Etc/UTC', 'UTC'],
    ['europe/berlin', 'Europe/Berlin'],
    ['etc/gmt-2', 'Etc/GMT-2'],
    ['Europe/Berlin', 'Europe/Berlin'],
  ] as const)('%s → %s, which SQLite compiles where the zone has a fixed offset', ([zone, name]) => {
    const schema = defineSchema({ entities: { event: { attributes: { at: { type: 'Timestamp', storage: { kind: 'iso_text', timeZone: zone } } } } } });
    expect(schema.entities.event.attributes.at.storage).toEqual({ kind: 'iso_text', timeZone: name });
    const query = safeCheck('event.at GTE 2024-05-01', schema, 'event');
    if (!query.ok) throw new Error('the filter is valid');
    const compile = () => compileSql(query.value, { dialect: 'sqlite', mapping: { event: { table: 'event', key: 'id' } } });
    if (name === 'Europe/Berlin') expect(compile).toThrow(/Europe\/Berlin/);
    else expect(compile().text).toContain('"at"');
  });
});

describe('prefixes and zones some engine cannot hold or read alike are refused', () => {
  const refusal = (definition: unknown) => {
    try {
      defineSchema(definition as never);
      return 'accepted';
    } catch (e) {
      return (e as TqlError).issues.map((i) => i.message).join(' ');
    }
  };
  const prefixed = (ignorePrefix: string, ignoreCase?: boolean) => ({ entities: { t: { attributes: { code: { type: 'String', source: { kind: 'field', field: 'code', ignorePrefix, ignoreCase } } } } } });
  const zoned = (timeZone: string) => ({ entities: { t: { attributes: { at: { type: 'Timestamp', storage: { kind: 'iso_text', timeZone } } } } } });
  test.for([
    ['ignorePrefix "\\0"', prefixed('\0'), 'Invalid schema: t.code: ignorePrefix holds the NUL character (U+0000), which no stored text compared by a query can start with: write the prefix without it.'],
    ['ignorePrefix "#\\ud800"', prefixed('#\ud800'), 'Invalid schema: t.code: ignorePrefix holds a lone surrogate (U+D800), which no stored text compared by a query can start with: write the prefix without it.'],
    ['ignorePrefix "İ-" with ignoreCase', prefixed('İ-', true), 'Invalid schema: t.code: with ignoreCase, ignorePrefix holds "İ", a letter beyond ASCII that the engines fold apart (SQLite\'s lower() folds ASCII letters only; JavaScript lower-cases "İ" to two characters), so some would drop the prefix where others keep it: write the prefix in ASCII letters or other characters, or remove ignoreCase.'],
    ['ignorePrefix "ẞ" with ignoreCase', prefixed('ẞ', true), 'Invalid schema: t.code: with ignoreCase, ignorePrefix holds "ẞ", a letter beyond ASCII that the engines fold apart (SQLite\'s lower() folds ASCII letters only; JavaScript lower-cases "İ" to two characters), so some would drop the prefix where others keep it: write the prefix in ASCII letters or other characters, or remove ignoreCase.'],
    ['ignorePrefix "İ-" without ignoreCase', prefixed('İ-'), 'accepted'],
    ['ignorePrefix "№-" with ignoreCase', prefixed('№-', true), 'accepted'],
    ['ignorePrefix "T-" with ignoreCase', prefixed('T-', true), 'accepted'],
    ['zone "US/Pacific-New"', zoned('US/Pacific-New'), 'Invalid schema: t.at: storage.timeZone "US/Pacific-New" was removed from the IANA time zone database, so PostgreSQL does not know it; write "America/Los_Angeles".'],
    ['zone "Canada/East-Saskatchewan"', zoned('Canada/East-Saskatchewan'), 'Invalid schema: t.at: storage.timeZone "Canada/East-Saskatchewan" was removed from the IANA time zone database, so PostgreSQL does not know it; write "America/Regina".'],
    ['zone "SystemV/PST8PDT"', zoned('SystemV/PST8PDT'), 'Invalid schema: t.at: storage.timeZone "SystemV/PST8PDT" was removed from the IANA time zone database, so PostgreSQL does not know it; write the zone of the region, such as "America/Los_Angeles".'],
    ['zone "US/Pacific"', zoned('US/Pacific'), 'accepted'],
  ] as const)('%s', ([, definition, expected]) => {
    expect(refusal(definition)).toBe(expected);
  });
});

test('every zone defineSchema takes for iso_text is one PostgreSQL knows', async () => {
  const db = new PGlite();
  const known = new Set((await db.query<{ name: string }>('SELECT name FROM pg_timezone_names')).rows.map((r) => r.name));
  await db.close();
  // Intl's zones, the links it still takes, and names tzdata has removed.
  const links = ['US/Pacific', 'US/Pacific-New', 'Canada/East-Saskatchewan', 'Asia/Calcutta', 'Europe/Kiev', 'UCT', 'Zulu', 'GMT0', 'EST5EDT', 'WET', 'ROC'];
  const systemV = ['AST4', 'AST4ADT', 'CST6', 'CST6CDT', 'EST5', 'EST5EDT', 'HST10', 'MST7', 'MST7MDT', 'PST8', 'PST8PDT', 'YST9', 'YST9YDT'].map((z) => `SystemV/${z}`);
  const taken = [...Intl.supportedValuesOf('timeZone'), ...links, ...systemV].filter((timeZone) => {
    try {
      defineSchema({ entities: { t: { attributes: { at: { type: 'Timestamp', storage: { kind: 'iso_text', timeZone } } } } } });
      return true;
    } catch {
      return false;
    }
  });
  expect(taken.length).toBeGreaterThan(400);
  expect(taken.filter((z) => !known.has(z))).toEqual([]);
});
