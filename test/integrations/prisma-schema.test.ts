/**
 * schemaFromPrisma: the schema definition derived from a Prisma schema, field type by field type,
 * as the table of prisma-schema.ts says, and a realistic schema whose definition filters the rows
 * Prisma returns.
 */
import { describe, expect, test } from 'vitest';
import { check } from '../../src/api/check.js';
import { filterRecords } from '../../src/backends/memory/index.js';
import { readPrismaSchema } from '../../src/integrations/prisma-schema-file.js';
import { schemaFromPrisma } from '../../src/integrations/prisma-schema.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import type { AttributeDefinition } from '../../src/schema/types.js';
import { tqlErrorOf } from '../support/tql-error.js';

const schemaWith = (line: string, provider = 'postgresql') => `datasource db {\n  provider = "${provider}"\n}\nenum Tier {\n  FREE\n  PRO @map("pro")\n}\nmodel Other {\n  id Int @id\n}\ntype Address {\n  city String\n}\nmodel M {\n  ${line}\n}\n`;
/** What the field of `line` (in the model M) derives to: its attribute by name, or the reason it was skipped. */
function derived(line: string, provider?: string): Record<string, AttributeDefinition> | string | undefined {
  const { definition, skipped } = schemaFromPrisma(schemaWith(line, provider));
  const reason = skipped.find((s) => s.path.startsWith('m.'))?.reason;
  return reason ?? { ...definition.entities['m']!.attributes };
}

const ENUM_OPERATORS = ['EQ', 'NOT_EQ', 'IN', 'NOT_IN'] as const;

describe('a field becomes an attribute', () => {
  test.for<[string, Record<string, AttributeDefinition>]>([
    ['name String', { name: { type: 'String' } }],
    ['name String?', { name: { type: 'String', nullable: true } }],
    ['id String @id @default(cuid())', { id: { type: 'ID', id: { kind: 'text' } } }],
    ['id String @id @default(uuid()) @db.Uuid', { id: { type: 'ID', id: { kind: 'uuid' } } }],
    ['ownerId String? @db.Uuid', { owner_id: { type: 'ID', id: { kind: 'uuid' }, nullable: true, source: { kind: 'field', field: 'ownerId' } } }],
    ['id String @id @default(auto()) @map("_id") @db.ObjectId', { id: { type: 'ID', id: { kind: 'text' } } }],
    ['tier Tier', { tier: { type: 'String', values: ['FREE', 'PRO'], operators: ENUM_OPERATORS } }],
    ['tier Tier?', { tier: { type: 'String', values: ['FREE', 'PRO'], operators: ENUM_OPERATORS, nullable: true } }],
    ['active Boolean @default(true)', { active: { type: 'Boolean' } }],
    ['id Int @id @default(autoincrement())', { id: { type: 'ID', id: { kind: 'integer' } } }],
    ['key Int @id', { key: { type: 'ID', id: { kind: 'integer' } } }],
    ['accountId Int', { account_id: { type: 'ID', id: { kind: 'integer' }, source: { kind: 'field', field: 'accountId' } } }],
    ['account_id Int?', { account_id: { type: 'ID', id: { kind: 'integer' }, nullable: true } }],
    ['seats Int', { seats: { type: 'Number' } }],
    ['ratio Float', { ratio: { type: 'Number' } }],
    ['views BigInt', { views: { type: 'Number' } }],
    ['id BigInt @id', { id: { type: 'ID', id: { kind: 'integer' } } }],
    ['createdAt DateTime @default(now()) @map("created_at")', { created_at: { type: 'Timestamp', storage: 'date', source: { kind: 'field', field: 'createdAt' } } }],
    ['birthday DateTime? @db.Date', { birthday: { type: 'Timestamp', storage: 'date', nullable: true } }],
  ])('%s', ([line, attributes]) => {
    expect(derived(line)).toEqual(attributes);
  });

  test('a Decimal is a Number with a description and a note: rows hold Prisma.Decimal objects', () => {
    const { definition, notes } = schemaFromPrisma(schemaWith('price Decimal @db.Decimal(10, 2)'));
    expect(definition.entities['m']!.attributes['price']).toEqual({ type: 'Number', description: expect.stringContaining('compared as a double') });
    expect(notes).toMatchInlineSnapshot(`
      [
        {
          "note": "Prisma gives rows Prisma.Decimal objects, compared as doubles (IEEE-754) in SQL; in memory they have no number value: convert them with toNumber() to filter rows in memory",
          "path": "m.price",
        },
      ]
    `);
  });

  test('a BigInt has a note: rows hold BigInt values', () => {
    expect(schemaFromPrisma(schemaWith('views BigInt')).notes.map((n) => n.path)).toEqual(['m.views']);
  });
});

describe('lists and to-many relations: element sources', () => {
  test.for([
    ['tags String[]', { tags: { type: 'String', operators: ['EQ', 'NOT_EQ', 'IN', 'NOT_IN'], source: { kind: 'element', arrays: ['tags'] } } }],
    ['tiers Tier[]', { tiers: { type: 'String', values: ['FREE', 'PRO'], operators: ['EQ', 'NOT_EQ', 'IN', 'NOT_IN'], source: { kind: 'element', arrays: ['tiers'] } } }],
    ['scores Int[]', { scores: { type: 'Number', operators: ['EQ', 'NOT_EQ', 'IN', 'NOT_IN'], source: { kind: 'element', arrays: ['scores'] } } }],
    ['others Other[]', { others_id: { type: 'ID', id: { kind: 'integer' }, source: { kind: 'element', arrays: ['others'], value: 'id' } } }],
  ] as const)('%s', ([line, expected]) => {
    expect(derived(line, 'postgresql')).toEqual(expected);
  });

  test('the mapping names each to-many relation as the collection of its array', () => {
    expect(schemaFromPrisma(schemaWith('others Other[]')).mapping.entities['m']?.collections).toMatchObject({ others: { relation: 'others' } });
  });
});

describe('a field tql cannot filter is skipped, with the reason', () => {
  test('each reason', () => {
    const lines = [
      'stamps DateTime[]',
      'data Json',
      'avatar Bytes?',
      'area Unsupported("polygon")?',
      'opensAt DateTime @db.Time',
      'other Other @relation(fields: [otherId], references: [id])',
      'address Address',
    ];
    const reasons = Object.fromEntries(lines.map((line) => [line, derived(line, line.startsWith('address') ? 'mongodb' : 'postgresql')]));
    expect(reasons).toMatchInlineSnapshot(`
      {
        "address Address": "an embedded document of type Address: tql filters a model's own scalar fields; add an attribute by hand (an element source reads a list of documents)",
        "area Unsupported("polygon")?": "a field of a type Prisma does not support (Unsupported("polygon")): the client neither reads nor writes it",
        "avatar Bytes?": "binary data (Bytes): no tql type compares as it does",
        "data Json": "a Json field: tql filters scalar fields",
        "opensAt DateTime @db.Time": "a time of day (@db.Time): Prisma gives it as a Date on 1970-01-01, and no tql type compares as it does",
        "other Other @relation(fields: [otherId], references: [id])": "a relation to one Other: tql filters a model's own fields; filter by the foreign key field that holds the relation",
        "stamps DateTime[]": "a list of DateTime: Prisma tests a list's elements by equality (has), and an instant compares as a range of a second",
      }
    `);
  });

  test('two fields whose names would be one, and two models', () => {
    const { definition, skipped } = schemaFromPrisma(`datasource db {\n  provider = "sqlite"\n}\nmodel UserRole {\n  id Int @id\n  userId Int\n  user_id Int\n}\nmodel User_Role {\n  id Int @id\n}\nmodel Team {\n  id Int @id\n}\n`);
    expect(Object.keys(definition.entities)).toEqual(['team']);
    expect(skipped.map((s) => s.path)).toEqual(['UserRole', 'User_Role']);
    expect(skipped[0]!.reason).toMatch(/^not an entity: its name would be user_role/);
  });
});

describe('options and errors', () => {
  const text = `datasource db {\n  provider = "sqlite"\n}\nmodel User {\n  id Int @id\n}\nmodel Post {\n  id Int @id\n}\n`;

  test('models picks the models, in its order; a datamodel read before is taken as it is', () => {
    expect(Object.keys(schemaFromPrisma(text, { models: ['Post', 'User'] }).definition.entities)).toEqual(['post', 'user']);
    const datamodel = readPrismaSchema(text);
    expect(schemaFromPrisma(datamodel).datamodel).toBe(datamodel);
  });

  test('what is wrong is said', () => {
    expect({
      model: tqlErrorOf(() => schemaFromPrisma(text, { models: ['Comment'] })).message,
      input: tqlErrorOf(() => schemaFromPrisma({ models: 'User' } as never)).message,
      text: tqlErrorOf(() => schemaFromPrisma('model User {\n  id Int @id\n}\n')).code,
    }).toMatchInlineSnapshot(`
      {
        "input": "invalid_schema: schemaFromPrisma takes the text of a Prisma schema (schema.prisma), or what readPrismaSchema returns.",
        "model": "invalid_schema: The Prisma schema has no model "Comment": its models are User, Post.",
        "text": "invalid_schema",
      }
    `);
  });
});

describe('a realistic schema', () => {
  const SCHEMA = `
generator client {
  provider = "prisma-client"
  output   = "../generated/prisma"
}

datasource db {
  provider = "postgresql"
  url      = env("DATABASE_URL")
}

enum Plan {
  FREE
  TEAM     @map("team")
  BUSINESS @map("business")

  @@map("plan")
}

/// Someone who signs in.
model User {
  id        Int       @id @default(autoincrement())
  email     String    @unique
  name      String?
  plan      Plan      @default(FREE)
  createdAt DateTime  @default(now()) @map("created_at")
  deletedAt DateTime? @map("deleted_at")
  credit    Decimal   @default(0) @db.Decimal(12, 2)
  logins    Int       @default(0)
  roles     String[]
  invoices  Invoice[]

  @@map("users")
}

model Invoice {
  id       String   @id @default(uuid()) @db.Uuid
  userId   Int      @map("user_id")
  user     User     @relation(fields: [userId], references: [id], onDelete: Cascade)
  total    Decimal  @db.Decimal(10, 2)
  issuedAt DateTime @map("issued_at") @db.Timestamptz(3)
  paid     Boolean  @default(false)
  memo     String?  @db.Text

  @@index([userId, issuedAt(sort: Desc)])
  @@map("invoices")
}
`;
  const { definition, skipped, notes } = schemaFromPrisma(SCHEMA);

  test('the definition', () => {
    expect(definition).toMatchInlineSnapshot(`
      {
        "entities": {
          "invoice": {
            "attributes": {
              "id": {
                "id": {
                  "kind": "uuid",
                },
                "type": "ID",
              },
              "issued_at": {
                "source": {
                  "field": "issuedAt",
                  "kind": "field",
                },
                "storage": "date",
                "type": "Timestamp",
              },
              "memo": {
                "nullable": true,
                "type": "String",
              },
              "paid": {
                "type": "Boolean",
              },
              "total": {
                "description": "A Decimal field, compared as a double (IEEE-754): values with more than 15 significant digits may compare differently from the exact value.",
                "type": "Number",
              },
              "user_id": {
                "id": {
                  "kind": "integer",
                },
                "source": {
                  "field": "userId",
                  "kind": "field",
                },
                "type": "ID",
              },
            },
          },
          "user": {
            "attributes": {
              "created_at": {
                "source": {
                  "field": "createdAt",
                  "kind": "field",
                },
                "storage": "date",
                "type": "Timestamp",
              },
              "credit": {
                "description": "A Decimal field, compared as a double (IEEE-754): values with more than 15 significant digits may compare differently from the exact value.",
                "type": "Number",
              },
              "deleted_at": {
                "nullable": true,
                "source": {
                  "field": "deletedAt",
                  "kind": "field",
                },
                "storage": "date",
                "type": "Timestamp",
              },
              "email": {
                "type": "String",
              },
              "id": {
                "id": {
                  "kind": "integer",
                },
                "type": "ID",
              },
              "invoices_id": {
                "id": {
                  "kind": "uuid",
                },
                "source": {
                  "arrays": [
                    "invoices",
                  ],
                  "kind": "element",
                  "value": "id",
                },
                "type": "ID",
              },
              "invoices_issued_at": {
                "source": {
                  "arrays": [
                    "invoices",
                  ],
                  "kind": "element",
                  "value": "issuedAt",
                },
                "storage": "date",
                "type": "Timestamp",
              },
              "invoices_memo": {
                "source": {
                  "arrays": [
                    "invoices",
                  ],
                  "kind": "element",
                  "value": "memo",
                },
                "type": "String",
              },
              "invoices_paid": {
                "source": {
                  "arrays": [
                    "invoices",
                  ],
                  "kind": "element",
                  "value": "paid",
                },
                "type": "Boolean",
              },
              "invoices_total": {
                "description": "A Decimal field, compared as a double (IEEE-754): values with more than 15 significant digits may compare differently from the exact value.",
                "source": {
                  "arrays": [
                    "invoices",
                  ],
                  "kind": "element",
                  "value": "total",
                },
                "type": "Number",
              },
              "invoices_user_id": {
                "id": {
                  "kind": "integer",
                },
                "source": {
                  "arrays": [
                    "invoices",
                  ],
                  "kind": "element",
                  "value": "userId",
                },
                "type": "ID",
              },
              "logins": {
                "type": "Number",
              },
              "name": {
                "nullable": true,
                "type": "String",
              },
              "plan": {
                "operators": [
                  "EQ",
                  "NOT_EQ",
                  "IN",
                  "NOT_IN",
                ],
                "type": "String",
                "values": [
                  "FREE",
                  "TEAM",
                  "BUSINESS",
                ],
              },
              "roles": {
                "operators": [
                  "EQ",
                  "NOT_EQ",
                  "IN",
                  "NOT_IN",
                ],
                "source": {
                  "arrays": [
                    "roles",
                  ],
                  "kind": "element",
                },
                "type": "String",
              },
            },
          },
        },
      }
    `);
  });

  test('what was skipped and the caveats', () => {
    expect({ skipped, notes: notes.map((n) => n.path) }).toMatchInlineSnapshot(`
      {
        "notes": [
          "user.credit",
          "user.invoices.total",
          "invoice.total",
        ],
        "skipped": [
          {
            "path": "invoice.user",
            "reason": "a relation to one User: tql filters a model's own fields; filter by the foreign key field that holds the relation",
          },
        ],
      }
    `);
  });

  test('defineSchema accepts it, and its queries select the rows Prisma returns, which hold Dates', () => {
    const schema = defineSchema(definition);
    const users = [
      { id: 1, email: 'ada@example.com', name: 'Ada', plan: 'TEAM', createdAt: new Date('2025-05-31T23:59:59Z'), deletedAt: null, logins: 3 },
      { id: 2, email: 'bo@example.com', name: null, plan: 'FREE', createdAt: new Date('2025-06-01T00:00:00Z'), deletedAt: null, logins: 0 },
      { id: 3, email: 'cy@example.com', name: 'Cy', plan: 'BUSINESS', createdAt: new Date('2025-07-15T08:30:00Z'), deletedAt: new Date('2025-08-01T00:00:00Z'), logins: 12 },
    ];
    const ids = (text: string) => filterRecords(check(text, schema, 'user'), users).map((u) => u.id);
    expect(ids('user.created_at GTE 2025-06-01')).toEqual([2, 3]);
    expect(ids('user.deleted_at EQ null AND user.plan IN FREE,TEAM')).toEqual([1, 2]);
    expect(ids('user.name EQ null OR user.logins GT 10')).toEqual([2, 3]);
    expect(tqlErrorOf(() => check('user.plan EQ team', schema, 'user')).code).toBe('value_not_allowed');
  });
});
