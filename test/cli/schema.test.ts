/** Your own schema on the command line: `--schema <file>` (tql JSON or JSON Schema) and `--mapping <file>`. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { tql } from './capture.js';

const dir = mkdtempSync(path.join(tmpdir(), 'tql-cli-schema-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, content: unknown): string {
  const p = path.join(dir, name);
  writeFileSync(p, typeof content === 'string' ? content : JSON.stringify(content));
  return p;
}

const TQL_SCHEMA = file('helpdesk.json', {
  entities: {
    ticket: {
      attributes: {
        subject: { type: 'String' },
        priority: { type: 'String', values: ['low', 'high'] },
        escalated: { type: 'Boolean' },
      },
    },
  },
});

const JSON_SCHEMA = file('helpdesk.schema.json', {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $defs: {
    ticket: {
      type: 'object',
      properties: {
        id: { type: 'string', pattern: '^tkt_[A-Za-z0-9]+$' },
        subject: { type: 'string' },
        opened_at: { type: 'integer', format: 'unix-time' },
        tags: { type: 'array', items: { type: 'string' } },
      },
    },
  },
});

/** An API's OpenAPI 3.0 components, as published: camelCase fields, $ref to a shared enum, nullable, date-time texts, nested objects. */
const OPENAPI = file('wiki.openapi.json', {
  openapi: '3.0.3',
  info: { title: 'Wiki', version: '1' },
  paths: {},
  components: {
    schemas: {
      ContentModel: { type: 'string', enum: ['wikitext', 'json', 'css'] },
      Page: {
        type: 'object',
        required: ['id', 'title', 'contentModel', 'latestAt'],
        properties: {
          id: { type: 'integer' },
          title: { type: 'string' },
          contentModel: { $ref: '#/components/schemas/ContentModel' },
          latestAt: { type: 'string', format: 'date-time' },
          protectedUntil: { type: 'string', format: 'date-time', nullable: true },
          license: { type: 'object', properties: { url: { type: 'string' } } },
          categories: { type: 'array', items: { type: 'string' } },
          links: { type: 'array', items: { type: 'object', properties: { href: { type: 'string' } } } },
          owner: { type: 'object', properties: { name: { type: 'string' } } },
          redirect: { $ref: 'https://example.com/schemas/redirect.json' },
        },
      },
    },
  },
});

const RECORDS = file('tickets.ndjson', '{"id":"tkt_1","subject":"Printer on fire","priority":"high","escalated":true}\n{"id":"tkt_2","subject":"Password","priority":"low","escalated":false}\n');

describe('tql check --schema', () => {
  test('a tql schema in JSON', async () => {
    expect(await tql(['check', 'ticket.priority EQ high AND ticket.escalated EQ true', '--schema', TQL_SCHEMA])).toEqual({
      code: 0,
      stdout: 'ticket.priority EQ high AND ticket.escalated EQ true\n',
      stderr: '',
    });
  });
  test('errors speak of your schema', async () => {
    const r = await tql(['check', 'ticket.priority EQ hihg', '--schema', TQL_SCHEMA]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('"hihg" is not a value of ticket.priority, which is one of low, high. Did you mean high?');
  });
  test('a JSON Schema: an array of texts is a collection attribute, and nothing is left out', async () => {
    expect(await tql(['check', 'ticket.opened_at GTE 2024-01-01 AND ticket.tags EQ vip', '--schema', JSON_SCHEMA])).toEqual({
      code: 0,
      stdout: 'ticket.opened_at GTE 1704067200 AND ticket.tags EQ vip\n',
      stderr: '',
    });
  });
  test('an OpenAPI document: what it cannot filter is counted in one line', async () => {
    expect(await tql(['check', 'page.content_model EQ json AND page.protected_until EQ null', '--schema', OPENAPI])).toEqual({
      code: 0,
      stdout: 'page.content_model EQ json AND page.protected_until EQ null\n',
      stderr: 'tql: note: 4 properties are not filterable (page.license, page.links, page.owner and 1 more); --verbose says why, --quiet silences this.\n',
    });
  });
  test('--verbose names each with the reason', async () => {
    expect((await tql(['check', 'page.title EQ x', '--schema', OPENAPI, '--verbose'])).stderr).toMatchInlineSnapshot(`
      "tql: note: page.license is not filterable: an object: tql filters top-level fields; describe nested ones in a tql schema.
      tql: note: page.links is not filterable: an array of objects: describe it in a tql schema with an element source whose value names the field to filter by.
      tql: note: page.owner is not filterable: an object: tql filters top-level fields; describe nested ones in a tql schema.
      tql: note: page.redirect is not filterable: a reference to another document (https://example.com/schemas/redirect.json): tql follows only references inside this one, such as #/$defs/Name.
      "
    `);
  });
  test('--quiet says nothing of them', async () => {
    expect(await tql(['check', 'page.latest_at GTE 2024-01-01', '--schema', OPENAPI, '--quiet'])).toEqual({ code: 0, stdout: 'page.latest_at GTE 1704067200\n', stderr: '' });
  });
  test('tql filter over the API’s own records: camelCase fields, ISO texts, a missing optional field', async () => {
    const pages = file(
      'pages.ndjson',
      [
        { id: 1, title: 'Main Page', contentModel: 'wikitext', latestAt: '2024-03-01T10:00:00.250Z', protectedUntil: '2030-01-01T00:00:00+01:00' },
        { id: 2, title: 'Style', contentModel: 'css', latestAt: '2023-12-31T23:59:59.999Z' },
        { id: 3, title: 'Data', contentModel: 'json', latestAt: '2024-01-01T01:00:00+02:00', protectedUntil: null },
      ]
        .map((r) => JSON.stringify(r))
        .join('\n'),
    );
    const ids = async (filter: string) => (await tql(['filter', filter, '--schema', OPENAPI, '--input', pages, '--output', 'ids', '--quiet'])).stdout;
    expect(await ids('page.latest_at GTE 2024-01-01')).toBe('1\n');
    // 23:59:59.999 counts as 23:59:59: not before it.
    expect(await ids('page.latest_at EQ 2024-03-01T10:00:00Z OR page.latest_at LT 2023-12-31T23:59:59Z')).toBe('1\n3\n');
    expect(await ids('page.latest_at LTE 2023-12-31T23:59:59Z')).toBe('2\n3\n');
    expect(await ids('page.protected_until EQ null')).toBe('2\n3\n');
    expect(await ids('page.protected_until GT 2029-12-31T23:00:00Z')).toBe('');
    expect(await ids('page.protected_until EQ 2029-12-31T23:00:00Z')).toBe('1\n');
  });
  test('--quiet and --verbose together: a usage error', async () => {
    expect(await tql(['check', 'page.title EQ x', '--schema', OPENAPI, '--quiet', '--verbose'])).toMatchInlineSnapshot(`
      {
        "code": 2,
        "stderr": "error[invalid_option]: --quiet says nothing and --verbose says everything: give one of them.
      ",
        "stdout": "",
      }
    `);
  });
  test.for([
    ['a file that is not JSON', () => file('broken.json', '{"entities": '), 3, 'is not JSON'],
    ['a file that does not exist', () => path.join(dir, 'missing.json'), 3, 'Cannot read the schema file'],
    ['an invalid tql schema', () => file('bad.json', { entities: { Ticket: { attributes: {} } } }), 3, 'invalid_schema'],
    ['a JSON Schema without $defs', () => file('nodefs.json', { type: 'object' }), 3, 'under "$defs"'],
  ] as const)('%s: exit %i', async ([, make, code, message]) => {
    const r = await tql(['check', 'ticket.subject EQ x', '--schema', make()]);
    expect(r.code).toBe(code);
    expect(r.stderr).toContain(message);
  });
});

describe('the other commands', () => {
  test('tql filter --schema over your records', async () => {
    expect(await tql(['filter', 'ticket.subject LIKE printer', '--schema', TQL_SCHEMA, '--input', RECORDS, '--output', 'ids'])).toEqual({ code: 0, stdout: 'tkt_1\n', stderr: '' });
  });
  test('tql filter --schema without records: a usage error, not the scheduling sample data', async () => {
    const r = await tql(['filter', 'ticket.escalated EQ true', '--schema', TQL_SCHEMA]);
    expect(r).toEqual({ code: 2, stdout: '', stderr: 'tql filter: the sample data is for the scheduling models; with --schema, give your records with --input <file> or on standard input\n' });
  });
  test('tql sql --schema: a table per entity by default, or --mapping', async () => {
    expect((await tql(['sql', 'ticket.escalated EQ true', '--schema', TQL_SCHEMA, '--dialect', 'sqlite'])).stdout).toBe('"escalated" = ?\n-- values: [1]\n');
    const mapping = file('mapping.json', { ticket: { table: 'tickets', key: 'id', columns: { escalated: 'is_escalated' } } });
    expect((await tql(['sql', 'ticket.escalated EQ true', '--schema', TQL_SCHEMA, '--mapping', mapping, '--select', '--dialect', 'sqlite'])).stdout).toContain(
      'SELECT * FROM "tickets" WHERE "is_escalated" = ?',
    );
  });
  test('tql mongo --schema', async () => {
    expect(JSON.parse((await tql(['mongo', 'ticket.priority IN low,high', '--schema', TQL_SCHEMA])).stdout)).toEqual({
      priority: { $not: { $type: 'array' }, $in: ['low', 'high'] },
    });
  });
  test('tql indexes --schema --mapping', async () => {
    const mapping = file('mapping2.json', { ticket: { table: 'tickets', key: 'id' } });
    const r = await tql(['indexes', '--schema', TQL_SCHEMA, '--mapping', mapping, '--dialect', 'sqlite']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('ON "tickets"');
  });
  test('tql explain --schema --id: the sample data has no records of your schema', async () => {
    const r = await tql(['explain', 'ticket.escalated EQ true', '--schema', TQL_SCHEMA, '--id', 'tkt_1']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('give the record itself with --record');
  });
});

describe('a Number attribute on the command line', () => {
  const SHOP = file('shop.json', { entities: { product: { attributes: { name: { type: 'String' }, price: { type: 'Number' } } } } });
  const PRODUCTS = file('products.ndjson', '{"id":"p1","price":-1.5}\n{"id":"p2","price":"18"}\n{"id":"p3","price":18}\n{"id":"p4","price":-0}\n');

  test('tql check normalizes the literal: 1.8e1 is 18, -0 is 0, an exponent has no +', async () => {
    expect(await tql(['check', 'product.price IN 1.8e1, -0 OR product.price GT 1e+21', '--schema', SHOP])).toMatchInlineSnapshot(`
      {
        "code": 0,
        "stderr": "",
        "stdout": "product.price IN 18, 0 OR product.price GT 1e21
      ",
      }
    `);
  });
  test('tql filter: a price stored as the string "18" is no number', async () => {
    expect(await tql(['filter', 'product.price LTE 18', '--schema', SHOP, '--input', PRODUCTS, '--output', 'ids'])).toEqual({ code: 0, stdout: 'p1\np3\np4\n', stderr: '' });
  });
  test('tql check --profile timezest refuses it', async () => {
    expect(await tql(['check', 'product.price GT 5', '--schema', SHOP, '--profile', 'timezest'])).toMatchInlineSnapshot(`
      {
        "code": 1,
        "stderr": "error[profile_violation] at 1:1: product.price is a Number, and Number attributes are not part of the timezest profile, which only joins predicates with AND; leave the predicate out, or use the extended profile.
        product.price GT 5
        ^^^^^^^^^^^^^
      ",
        "stdout": "",
      }
    `);
  });
  test('tql sql and tql mongo bind numbers', async () => {
    expect(await tql(['sql', 'product.price GT -1.5', '--schema', SHOP, '--dialect', 'sqlite'])).toMatchInlineSnapshot(`
      {
        "code": 0,
        "stderr": "",
        "stdout": ""price" > ?
      -- values: [-1.5]
      ",
      }
    `);
    expect(await tql(['mongo', 'product.price NOT_EQ 0.1', '--schema', SHOP])).toMatchInlineSnapshot(`
      {
        "code": 0,
        "stderr": "",
        "stdout": "{
        "$nor": [
          {
            "price": {
              "$not": {
                "$type": "array"
              },
              "$eq": 0.1
            }
          }
        ]
      }
      ",
      }
    `);
  });
});
