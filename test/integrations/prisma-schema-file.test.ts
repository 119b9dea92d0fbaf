/**
 * readPrismaSchema: the Prisma schema language read into a datamodel (the provider, models with
 * their fields, enums), the errors of texts that are not schemas, and the bound on the work:
 * linear in the text's length, counted in steps.
 */
import { describe, expect, test } from 'vitest';
import type { PrismaField } from '../../src/integrations/prisma-datamodel.js';
import { readPrismaSchema, scanPrismaSchema } from '../../src/integrations/prisma-schema-file.js';
import { tqlErrorOf } from '../support/tql-error.js';

const DATASOURCE = 'datasource db {\n  provider = "postgresql"\n  url      = env("DATABASE_URL")\n}\n';

/** The fields of the one model of `body` (the lines between the model's braces). */
const fieldsOf = (body: string, extra = ''): readonly PrismaField[] => readPrismaSchema(`${DATASOURCE}model M {\n${body}\n}\n${extra}`).models[0]!.fields;
/** The one field of `line`, without the parts every field has unless the case says so. */
const fieldOf = (line: string, extra = '') => fieldsOf(line, extra)[0];

const plain = { optional: false, list: false, id: false } as const;

describe('a field line', () => {
  test.for<[string, PrismaField]>([
    ['name String', { name: 'name', dbName: 'name', ...plain, kind: 'scalar', type: 'String' }],
    ['name String?', { name: 'name', dbName: 'name', ...plain, optional: true, kind: 'scalar', type: 'String' }],
    ['tags String[]', { name: 'tags', dbName: 'tags', ...plain, list: true, kind: 'scalar', type: 'String' }],
    ['id Int @id @default(autoincrement())', { name: 'id', dbName: 'id', ...plain, id: true, kind: 'scalar', type: 'Int' }],
    ['createdAt DateTime @default(now()) @map("created_at")', { name: 'createdAt', dbName: 'created_at', ...plain, kind: 'scalar', type: 'DateTime' }],
    ['createdAt DateTime @map(name: "created_at")', { name: 'createdAt', dbName: 'created_at', ...plain, kind: 'scalar', type: 'DateTime' }],
    ['id String @id @default(uuid()) @db.Uuid', { name: 'id', dbName: 'id', ...plain, id: true, kind: 'scalar', type: 'String', native: 'Uuid' }],
    ['code String @db.VarChar(20)', { name: 'code', dbName: 'code', ...plain, kind: 'scalar', type: 'String', native: 'VarChar' }],
    ['total Decimal @db.Decimal(10, 2)', { name: 'total', dbName: 'total', ...plain, kind: 'scalar', type: 'Decimal', native: 'Decimal' }],
    ['area Unsupported("polygon")?', { name: 'area', dbName: 'area', ...plain, optional: true, kind: 'unsupported', type: 'polygon' }],
    ['size BigInt @default(-1)', { name: 'size', dbName: 'size', ...plain, kind: 'scalar', type: 'BigInt' }],
    ['ratio Float @default(1.5)', { name: 'ratio', dbName: 'ratio', ...plain, kind: 'scalar', type: 'Float' }],
    ['data Json @default("{\\"a\\": [1, 2]}")', { name: 'data', dbName: 'data', ...plain, kind: 'scalar', type: 'Json' }],
    ['blob Bytes?', { name: 'blob', dbName: 'blob', ...plain, optional: true, kind: 'scalar', type: 'Bytes' }],
    // Strings holding `)`, `"` and `//` inside a default, and a comment after it.
    ['note String @default("a)\\"//b(") // a comment ("', { name: 'note', dbName: 'note', ...plain, kind: 'scalar', type: 'String' }],
    ['note String @default(dbgenerated("(lower((\'x\')))")) /// a doc comment', { name: 'note', dbName: 'note', ...plain, kind: 'scalar', type: 'String' }],
    ['at DateTime @updatedAt @db.Timestamptz(3)', { name: 'at', dbName: 'at', ...plain, kind: 'scalar', type: 'DateTime', native: 'Timestamptz' }],
    ['kind Kind @default(A)', { name: 'kind', dbName: 'kind', ...plain, kind: 'enum', type: 'Kind' }],
    ['kinds Kind[]', { name: 'kinds', dbName: 'kinds', ...plain, list: true, kind: 'enum', type: 'Kind' }],
  ])('%s', ([line, field]) => {
    expect(fieldOf(line, 'enum Kind {\n  A\n  B\n}\n')).toEqual(field);
  });

  test('a field whose type names a model is an object field; so is one naming a composite type, which is no model', () => {
    const datamodel = readPrismaSchema(`${DATASOURCE}
model User {
  id      Int     @id
  posts   Post[]
  address Address?
}
model Post {
  id       Int  @id
  authorId Int
  author   User @relation(fields: [authorId], references: [id], onDelete: Cascade)
}
type Address {
  street String
  city   String?
}
`);
    expect(datamodel.models.map((m) => m.name)).toEqual(['User', 'Post']);
    expect(datamodel.models[0]!.fields.slice(1)).toEqual([
      { name: 'posts', dbName: 'posts', ...plain, list: true, kind: 'object', type: 'Post' },
      { name: 'address', dbName: 'address', ...plain, optional: true, kind: 'object', type: 'Address' },
    ]);
    expect(datamodel.models[1]!.fields[2]).toEqual({ name: 'author', dbName: 'author', ...plain, kind: 'object', type: 'User' });
  });

  test('native types are read under the datasource’s own name', () => {
    const schema = (attribute: string) => `datasource pg {\n  provider = "postgresql"\n}\nmodel M {\n  id String @id ${attribute}\n}\n`;
    expect(readPrismaSchema(schema('@pg.Uuid')).models[0]!.fields[0]).toMatchObject({ native: 'Uuid' });
    expect(readPrismaSchema(schema('@db.Uuid')).models[0]!.fields[0]).not.toHaveProperty('native');
  });
});

describe('block attributes', () => {
  test.for<[string, { dbName: string; ids: string[] }]>([
    ['@@map("things")', { dbName: 'things', ids: [] }],
    ['@@map(name: "things")', { dbName: 'things', ids: [] }],
    ['@@id([a])', { dbName: 'M', ids: ['a'] }],
    ['@@id(fields: [b(sort: Desc)], name: "pk")', { dbName: 'M', ids: ['b'] }],
    // A composite id marks no field.
    ['@@id([a, b])', { dbName: 'M', ids: [] }],
    ['@@index([a, b(sort: Desc)], map: "m_a_b")', { dbName: 'M', ids: [] }],
    ['@@index([\n    a,\n    b\n  ])', { dbName: 'M', ids: [] }],
    ['@@unique([a, b], name: "ab")', { dbName: 'M', ids: [] }],
    ['@@schema("billing")', { dbName: 'M', ids: [] }],
    ['@@ignore', { dbName: 'M', ids: [] }],
  ])('%s', ([attribute, { dbName, ids }]) => {
    const model = readPrismaSchema(`${DATASOURCE}model M {\n  a Int\n  b Int\n\n  ${attribute}\n}\n`).models[0]!;
    expect({ dbName: model.dbName, ids: model.fields.filter((f) => f.id).map((f) => f.name) }).toEqual({ dbName, ids });
  });
});

describe('a whole schema', () => {
  test('generators are read over, views are models, enums keep the names the client gives', () => {
    const datamodel = readPrismaSchema(`// The app's schema.
generator client {
  provider        = "prisma-client"
  output          = "../src/generated/prisma"
  previewFeatures = ["views", "multiSchema"]
}

datasource db {
  provider = "postgres"
  url      = env("DATABASE_URL")
  schemas  = ["public", "billing"]
}

/// Someone who signs in.
model User {
  id    Int    @id @default(autoincrement())
  role  Role   @default(MEMBER)
  email String @unique

  @@map("users")
  @@schema("public")
}

view ActiveUser {
  id    Int    @unique
  email String
}

enum Role {
  ADMIN  @map("admin")
  MEMBER @map("member")

  @@map("roles")
  @@schema("public")
}
`);
    expect(datamodel).toEqual({
      provider: 'postgresql',
      models: [
        {
          name: 'User',
          dbName: 'users',
          fields: [
            { name: 'id', dbName: 'id', ...plain, id: true, kind: 'scalar', type: 'Int' },
            { name: 'role', dbName: 'role', ...plain, kind: 'enum', type: 'Role' },
            { name: 'email', dbName: 'email', ...plain, kind: 'scalar', type: 'String' },
          ],
        },
        {
          name: 'ActiveUser',
          dbName: 'ActiveUser',
          fields: [
            { name: 'id', dbName: 'id', ...plain, kind: 'scalar', type: 'Int' },
            { name: 'email', dbName: 'email', ...plain, kind: 'scalar', type: 'String' },
          ],
        },
      ],
      enums: [{ name: 'Role', values: ['ADMIN', 'MEMBER'] }],
    });
  });

  test('CRLF line ends, tabs, a byte order mark and blank lines read as LF ones', () => {
    const lf = `${DATASOURCE}\n\nmodel M {\n\tid Int @id\n\n\tname String? // c\n}\n`;
    expect(readPrismaSchema(`\uFEFF${lf.replace(/\n/g, '\r\n')}`)).toEqual(readPrismaSchema(lf));
  });

  test.for(['sqlite', 'mysql', 'cockroachdb', 'sqlserver', 'mongodb', 'postgresql'] as const)('the provider %s', (provider) => {
    expect(readPrismaSchema(`datasource db {\n  provider = "${provider}"\n}\n`)).toEqual({ provider, models: [], enums: [] });
  });

  test('a schema folder is the texts of its files joined: a model may name an enum of another file', () => {
    const files = [`model Post {\n  id Int @id\n  status Status\n}\n`, `enum Status {\n  DRAFT\n  PUBLISHED\n}\n`, DATASOURCE];
    const datamodel = readPrismaSchema(files.join('\n'));
    expect(datamodel.models[0]!.fields[1]).toMatchObject({ kind: 'enum', type: 'Status' });
    expect(datamodel.enums).toEqual([{ name: 'Status', values: ['DRAFT', 'PUBLISHED'] }]);
  });

  test('MongoDB: ObjectId ids and composite types', () => {
    const datamodel = readPrismaSchema(`datasource db {
  provider = "mongodb"
  url      = env("DATABASE_URL")
}
model Order {
  id      String   @id @default(auto()) @map("_id") @db.ObjectId
  userId  String   @db.ObjectId
  lines   Line[]
}
type Line {
  sku String
  qty Int
}
`);
    expect(datamodel.models).toEqual([
      {
        name: 'Order',
        dbName: 'Order',
        fields: [
          { name: 'id', dbName: '_id', ...plain, id: true, kind: 'scalar', type: 'String', native: 'ObjectId' },
          { name: 'userId', dbName: 'userId', ...plain, kind: 'scalar', type: 'String', native: 'ObjectId' },
          { name: 'lines', dbName: 'lines', ...plain, list: true, kind: 'object', type: 'Line' },
        ],
      },
    ]);
  });
});

describe('a text that is not a schema Prisma would read', () => {
  const messageOf = (text: unknown) => tqlErrorOf(() => readPrismaSchema(text as string)).message;

  test('the error gives the line and column, and the code invalid_schema', () => {
    const error = tqlErrorOf(() => readPrismaSchema(`${DATASOURCE}model M {\r\n  id Int @id\r\n  x Foo\r\n}\r\n`));
    expect([error.code, error.position.line, error.position.column]).toEqual(['invalid_schema', 7, 5]);
  });

  const cases = [
    ['no datasource', 'model M {\n  id Int @id\n}\n'],
    ['an empty text', ''],
    ['a datasource without a provider', 'datasource db {\n  url = env("X")\n}\n'],
    ['a provider tql does not read', 'datasource db {\n  provider = "oracle"\n}\n'],
    ['a provider that is not a string', 'datasource db {\n  provider = env("PROVIDER")\n}\n'],
    ['two datasources', `${DATASOURCE}${DATASOURCE}`],
    ['JSON', '{ "models": [] }'],
    ['TypeScript', 'export const schema = { model: "User" };'],
    ['a keyword of another language', 'table users (\n  id int\n)'],
    ['a type declared nowhere', `${DATASOURCE}model M {\n  id Int @id\n  owner Person\n}\n`],
    ['a scalar in the wrong case', `${DATASOURCE}model M {\n  name string\n}\n`],
    ['a field without a type', `${DATASOURCE}model M {\n  id Int @id\n  name\n}\n`],
    ['two fields on a line', `${DATASOURCE}model M {\n  id Int @id name String\n}\n`],
    ['a field declared twice', `${DATASOURCE}model M {\n  id Int @id\n  id String\n}\n`],
    ['a model declared twice', `${DATASOURCE}model M {\n  id Int @id\n}\nenum M {\n  A\n}\n`],
    ['an optional list', `${DATASOURCE}model M {\n  tags String[]?\n}\n`],
    ['a type alias', `${DATASOURCE}type Email = String\n`],
    ['a string left open', `${DATASOURCE}model M {\n  name String @default("abc)\n}\n`],
    ['a parenthesis left open', `${DATASOURCE}model M {\n  name String @default(lower(\n}\n`],
    ['a bracket closed by a parenthesis', `${DATASOURCE}model M {\n  a Int\n  @@index([a)\n}\n`],
    ['a closing parenthesis too many', `${DATASOURCE}model M {\n  a Int @default(1))\n}\n`],
    ['a block left open', `${DATASOURCE}model M {\n  a Int\n`],
    ['a block without braces', `${DATASOURCE}model M\n  a Int\n`],
    ['@map without a name', `${DATASOURCE}model M {\n  a Int @map\n}\n`],
    ['Unsupported without a type', `${DATASOURCE}model M {\n  a Unsupported(1)\n}\n`],
    ['a value that is not a string', 42],
  ] as const;

  test('each says where and what to do', () => {
    expect(Object.fromEntries(cases.map(([name, text]) => [name, messageOf(text)]))).toMatchInlineSnapshot(`
      {
        "@map without a name": "6:9 invalid_schema: @map takes the name as a string, such as @map("users").
          a Int @map
                ^",
        "JSON": "1:1 invalid_schema: Expected a block here, not "{": a Prisma schema is made of datasource, generator, model, view, enum and type blocks, such as model User { … }.
        { "models": [] }
        ^",
        "TypeScript": "1:1 invalid_schema: Expected a block here, not "export": a Prisma schema is made of datasource, generator, model, view, enum and type blocks, such as model User { … }.
        export const schema = { model: "User" };
        ^^^^^^",
        "Unsupported without a type": "6:5 invalid_schema: Unsupported takes the database type as a string, such as Unsupported("circle").
          a Unsupported(1)
            ^^^^^^^^^^^",
        "a block left open": "5:9 invalid_schema: The body of M opened here has no closing }: close it on a line of its own.
        model M {
                ^",
        "a block without braces": "5:8 invalid_schema: Expected { after M: a block's body is written between braces, { on the line of its name.
        model M
               ^",
        "a bracket closed by a parenthesis": "7:13 invalid_schema: This ) closes the [ on line 7: close that with ].
          @@index([a)
                    ^",
        "a closing parenthesis too many": "6:20 invalid_schema: Unexpected ")" after the field M.a: each field, value or setting takes a line of its own.
          a Int @default(1))
                           ^",
        "a datasource without a provider": "1:1 invalid_schema: The datasource has no provider: add one, such as provider = "postgresql".
        datasource db {
        ^^^^^^^^^^",
        "a field declared twice": "7:3 invalid_schema: M.id is declared twice (also on line 6): rename one.
          id String
          ^^",
        "a field without a type": "7:7 invalid_schema: The field M.name has no type: write it after the name, such as name String.
          name
              ^",
        "a keyword of another language": "1:1 invalid_schema: Expected a block here, not "table": a Prisma schema is made of datasource, generator, model, view, enum and type blocks, such as model User { … }.
        table users (
        ^^^^^",
        "a model declared twice": "8:6 invalid_schema: M is declared twice (also on line 5): models, views, types and enums need names of their own.
        enum M {
             ^",
        "a parenthesis left open": "6:29 invalid_schema: This ( is not closed: close it with ).
          name String @default(lower(
                                    ^",
        "a provider that is not a string": "2:14 invalid_schema: The provider is a string, such as provider = "postgresql".
          provider = env("PROVIDER")
                     ^^^",
        "a provider tql does not read": "2:14 invalid_schema: The provider "oracle" is not one tql reads: use one of postgresql, sqlite, mysql, cockroachdb, sqlserver, mongodb.
          provider = "oracle"
                     ^^^^^^^^",
        "a scalar in the wrong case": "6:8 invalid_schema: The type string of M.name is no scalar (String, Boolean, Int, BigInt, Float, Decimal, DateTime, Json, Bytes) and names no model, enum or type of the schema: declare it (for a schema folder, join the texts of all its files).
          name string
               ^^^^^^",
        "a string left open": "6:24 invalid_schema: This string has no closing ": close it on the same line (a " inside a string is written \\").
          name String @default("abc)
                               ^^^^^",
        "a type alias": "5:12 invalid_schema: type Email = … is a type alias, which Prisma schemas no longer have: write the type and its attributes on each field.
        type Email = String
                   ^",
        "a type declared nowhere": "7:9 invalid_schema: The type Person of M.owner is no scalar (String, Boolean, Int, BigInt, Float, Decimal, DateTime, Json, Bytes) and names no model, enum or type of the schema: declare it (for a schema folder, join the texts of all its files).
          owner Person
                ^^^^^^",
        "a value that is not a string": "invalid_schema: readPrismaSchema takes the text of a Prisma schema (schema.prisma), as a string.",
        "an empty text": "invalid_schema: The schema has no datasource: add one with its provider, such as datasource db { provider = "postgresql" } (for a schema folder, join the texts of all its files).",
        "an optional list": "6:8 invalid_schema: M.tags is an optional list, which Prisma does not have: write String[] (an empty list stands for none).
          tags String[]?
               ^^^^^^",
        "no datasource": "1:1 invalid_schema: The schema has no datasource: add one with its provider, such as datasource db { provider = "postgresql" } (for a schema folder, join the texts of all its files).
        model M {
        ^",
        "two datasources": "5:1 invalid_schema: A second datasource (the first is on line 1): a Prisma schema has one.
        datasource db {
        ^^^^^^^^^^",
        "two fields on a line": "6:14 invalid_schema: Unexpected "name" after the field M.id: each field, value or setting takes a line of its own.
          id Int @id name String
                     ^^^^",
      }
    `);
  });
});

describe('the work is linear in the length of the text', () => {
  /** Texts of about `n` characters built to make a reader do more than linear work, each a valid schema. */
  const adversarial: readonly [string, (n: number) => string][] = [
    ['nested parentheses in a default', (n) => `${DATASOURCE}model M {\n  a String @default(${'('.repeat(n / 2)}${')'.repeat(n / 2)})\n}\n`],
    ['nested brackets in a block attribute', (n) => `${DATASOURCE}model M {\n  a Int\n  @@index(${'['.repeat(n / 2)}${']'.repeat(n / 2)})\n}\n`],
    ['a string of escaped quotes', (n) => `${DATASOURCE}model M {\n  a String @default("${'\\"'.repeat(n / 2)}")\n}\n`],
    ['one line of attributes', (n) => `${DATASOURCE}model M {\n  a String${' @unique'.repeat(n / 8)}\n}\n`],
    ['a composite id of many fields', (n) => `${DATASOURCE}model M {\n  a Int\n  @@id([${'a, '.repeat(n / 3)}a])\n}\n`],
    ['many named arguments', (n) => `${DATASOURCE}model M {\n  a Int @map(${'x: "y", '.repeat(n / 8)}name: "a")\n}\n`],
    ['a comment of slashes', (n) => `${DATASOURCE}${'/'.repeat(n)}\n`],
    ['blank lines', (n) => `${DATASOURCE}${'\r\n'.repeat(n / 2)}`],
    ['many fields', (n) => `${DATASOURCE}model M {\n${Array.from({ length: n / 12 }, (_, i) => `  f${i} Int?\n`).join('')}}\n`],
    ['many models naming each other', (n) => `${DATASOURCE}${Array.from({ length: n / 25 }, (_, i) => `model M${i} {\n  n M${i + 1}?\n}\n`).join('')}model M${n / 25} {\n  id Int\n}\n`],
    ['many enum values', (n) => `${DATASOURCE}enum E {\n${Array.from({ length: n / 8 }, (_, i) => `  V${i}\n`).join('')}}\n`],
  ];

  test.for(adversarial)('%s: steps per character stay the same from 10k to 100k characters', ([, make]) => {
    const perChar = (n: number) => {
      const text = make(n);
      expect(text.length).toBeGreaterThanOrEqual(n * 0.8);
      return scanPrismaSchema(text).steps / text.length;
    };
    const small = perChar(10_000);
    const large = perChar(100_000);
    expect(large).toBeLessThanOrEqual(3);
    expect(large).toBeLessThanOrEqual(small * 1.1);
  });

  test.for<[string, string]>([
    ['an unclosed parenthesis', `${DATASOURCE}model M {\n  a String @default(${'('.repeat(100_000)}\n}\n`],
    ['an unclosed string after many escapes', `${DATASOURCE}model M {\n  a String @default("${'\\"'.repeat(50_000)}\n}\n`],
    ['an unclosed block of many fields', `${DATASOURCE}model M {\n${Array.from({ length: 10_000 }, (_, i) => `  f${i} Int\n`).join('')}`],
    ['mismatched brackets, deep', `${DATASOURCE}model M {\n  a Int @default(${'(['.repeat(50_000)})\n}\n`],
  ])('%s: 100k characters end in an error', ([, text]) => {
    expect(tqlErrorOf(() => readPrismaSchema(text)).code).toBe('invalid_schema');
  });
});
