/**
 * `schemaFromPrisma`: a tql schema definition from a Prisma schema, one entity per model, one
 * attribute per field that tql can filter. The type decisions are one table keyed by Prisma's
 * scalar types, so a scalar added to PRISMA_SCALARS does not compile until it is decided.
 */
import { derivationError, type DerivedSchema, type SkippedProperty } from '../schema/from-json-schema.js';
import type { AttributeDefinition, EntityDefinition } from '../schema/types.js';
import type { PrismaDatamodel, PrismaField, PrismaModel, PrismaScalar } from './prisma-datamodel.js';
import { prismaMapping, type PrismaEntityMappingInput, type PrismaMapping } from './prisma-mapping.js';
import { readPrismaSchema } from './prisma-schema-file.js';
import { deriveAttributes, isIdName, nameEntities, type DerivationNote, type DerivedAttribute } from './schema-derivation.js';

/** What {@link schemaFromPrisma} derived: a schema definition and what it left out (as from a JSON Schema), the datamodel it read, and the caveats. */
export interface PrismaSchema extends DerivedSchema {
  /** The Prisma schema as read (its provider, models and enums), for the mapping of the entities to models. */
  readonly datamodel: PrismaDatamodel;
  /** Each entity's model, for `tqlWhere`; add the relations of element sources with `prismaMapping`. */
  readonly mapping: PrismaMapping;
  readonly notes: readonly DerivationNote[];
}

/** Options of {@link schemaFromPrisma}. */
export interface PrismaSchemaOptions {
  /** The models to derive entities from, by their Prisma names (`['User', 'Post']`), in this order. Default: every model and view. */
  readonly models?: readonly string[] | undefined;
}

/** What the type decision of a scalar field reads: the field and its attribute's name. */
interface ScalarFacts {
  readonly field: PrismaField & { readonly kind: 'scalar' };
  /** Its attribute name: `account_id` (from `accountId`) is an integer id. */
  readonly name: string;
}

const DECIMAL_DESCRIPTION = 'A Decimal field, compared as a double (IEEE-754): values with more than 15 significant digits may compare differently from the exact value.';
const DECIMAL_NOTE =
  'Prisma gives rows Prisma.Decimal objects, compared as doubles (IEEE-754) in SQL; in memory they have no number value: convert them with toNumber() to filter rows in memory';
const BIGINT_NOTE = 'Prisma gives rows BigInt values; in memory they have no number value: convert them with Number() (exact below 2^53) to filter rows in memory';

/** Native types of a DateTime that hold a time of day, not an instant. */
const TIME_OF_DAY: ReadonlySet<string> = new Set(['Time', 'Timetz']);

/** An Int or BigInt: an integer id when it is the model's id or named as one, else a number. */
const integerField = ({ field, name }: ScalarFacts): DerivedAttribute =>
  field.id || isIdName(name) ? { attribute: { type: 'ID', id: { kind: 'integer' } } } : { attribute: { type: 'Number' } };

/** One decision per Prisma scalar type. */
const BY_SCALAR: { readonly [S in PrismaScalar]: (facts: ScalarFacts) => DerivedAttribute } = {
  String: ({ field }) => {
    if (field.native === 'Uuid') return { attribute: { type: 'ID', id: { kind: 'uuid' } } };
    // A MongoDB ObjectId is an id wherever it is, a key or a reference.
    if (field.id || field.native === 'ObjectId') return { attribute: { type: 'ID', id: { kind: 'text' } } };
    return { attribute: { type: 'String' } };
  },
  Boolean: () => ({ attribute: { type: 'Boolean' } }),
  Int: integerField,
  BigInt: (facts) => ({ ...integerField(facts), note: BIGINT_NOTE }),
  Float: () => ({ attribute: { type: 'Number' } }),
  Decimal: () => ({ attribute: { type: 'Number', description: DECIMAL_DESCRIPTION }, note: DECIMAL_NOTE }),
  DateTime: ({ field }) =>
    field.native !== undefined && TIME_OF_DAY.has(field.native)
      ? { reason: `a time of day (@db.${field.native}): Prisma gives it as a Date on 1970-01-01, and no tql type compares as it does` }
      : { attribute: { type: 'Timestamp', storage: 'date' } },
  Json: () => ({ reason: 'a Json field: tql filters scalar fields' }),
  Bytes: () => ({ reason: 'binary data (Bytes): no tql type compares as it does' }),
};

/** Enum values take equality tests only: Prisma filters an enum field with equals, in and notIn, not with text tests. */
const ENUM_OPERATORS = ['EQ', 'NOT_EQ', 'IN', 'NOT_IN'] as const;

/** What the decisions read of the whole datamodel: the values of each enum, and the models' names. */
interface Declared {
  readonly enums: ReadonlyMap<string, readonly string[]>;
  readonly models: ReadonlySet<string>;
}

/** One decision per kind of field. */
const BY_KIND: { readonly [K in PrismaField['kind']]: (field: PrismaField & { readonly kind: K }, name: string, declared: Declared) => DerivedAttribute } = {
  scalar: (field, name) =>
    field.list
      ? { reason: `a scalar list (${field.type}[]): tql's element sources read arrays of objects, not of scalars` }
      : BY_SCALAR[field.type]({ field, name }),
  enum: (field, _name, declared) =>
    field.list
      ? { reason: `a list of enum values (${field.type}[]): tql's element sources read arrays of objects, not of scalars` }
      : { attribute: { type: 'String', values: [...(declared.enums.get(field.type) ?? [])], operators: ENUM_OPERATORS } },
  object: (field, _name, declared) => {
    if (!declared.models.has(field.type)) {
      return { reason: `an embedded document of type ${field.type}: tql filters a model's own scalar fields; add an attribute by hand (an element source reads a list of documents)` };
    }
    return field.list
      ? { reason: `a to-many relation to ${field.type}: tql filters a model's own fields; to filter by the related rows, add an attribute with an element source and map its array to the relation ${field.name} in the Prisma mapping` }
      : { reason: `a relation to one ${field.type}: tql filters a model's own fields; filter by the foreign key field that holds the relation` };
  },
  unsupported: (field) => ({ reason: `a field of a type Prisma does not support (Unsupported("${field.type}")): the client neither reads nor writes it` }),
};

/** The attribute of one field, or why it has none. */
function deriveField(field: PrismaField, name: string, declared: Declared): DerivedAttribute {
  const decide = BY_KIND[field.kind] as (field: PrismaField, name: string, declared: Declared) => DerivedAttribute;
  return decide(field, name, declared);
}

/** A datamodel, from the text of a schema or as given; anything else is an error. */
function datamodelOf(schema: string | PrismaDatamodel): PrismaDatamodel {
  if (typeof schema === 'string') return readPrismaSchema(schema);
  if (typeof schema !== 'object' || schema === null || !Array.isArray((schema as { models?: unknown }).models) || !Array.isArray((schema as { enums?: unknown }).enums)) {
    throw derivationError('schemaFromPrisma takes the text of a Prisma schema (schema.prisma), or what readPrismaSchema returns.');
  }
  return schema;
}

/** The models to derive, as the options name them. */
function modelsOf(datamodel: PrismaDatamodel, names: readonly string[] | undefined): readonly PrismaModel[] {
  if (names === undefined) return datamodel.models;
  if (!Array.isArray(names)) throw derivationError('models is a list of model names, such as { models: [\'User\', \'Post\'] }.');
  return names.map((name) => {
    const model = datamodel.models.find((m) => m.name === name);
    if (model === undefined) throw derivationError(`The Prisma schema has no model ${JSON.stringify(name)}: its models are ${datamodel.models.map((m) => m.name).join(', ') || 'none'}.`);
    return model;
  });
}

/**
 * A tql schema definition from a Prisma schema (its text, or what {@link readPrismaSchema}
 * returns): one entity per model or view, named in lower snake case (`InvoiceLine` →
 * `invoice_line`), and one attribute per field, named in lower snake case (`createdAt` →
 * `created_at`) and reading the field, since the rows Prisma returns are keyed by field names,
 * not by column names (`@map` is the mapping's business):
 *
 * | Prisma field | attribute |
 * |---|---|
 * | `String` | `String` |
 * | `String` with `@db.Uuid` | `ID`, `{ kind: 'uuid' }` |
 * | `String` with `@id`, or with `@db.ObjectId` (MongoDB) | `ID`, `{ kind: 'text' }` |
 * | an enum | `String` with its values as a closed set (`values`), and only `EQ`, `NOT_EQ`, `IN`, `NOT_IN`, as Prisma filters enums |
 * | `Boolean` | `Boolean` |
 * | `Int`, `BigInt` that is the `@id` or is named `id`, `…Id` or `…_id` | `ID`, `{ kind: 'integer' }` |
 * | any other `Int`, `BigInt`, and `Float` | `Number` (a `BigInt` with a note: rows hold BigInt values) |
 * | `Decimal` | `Number`, compared as a double, with a note: rows hold Prisma.Decimal objects |
 * | `DateTime` | `Timestamp` holding a `Date` (`storage: 'date'`) |
 * | optional (`Type?`) | `nullable: true` |
 *
 * Other fields are listed in `skipped` with the reason: `Json`, `Bytes`, `Unsupported(…)`, a
 * `DateTime` holding a time of day (`@db.Time`), scalar lists (`String[]`: an element source
 * reads arrays of objects), relations (filtering through one needs an element source and a
 * mapping of the relation), embedded documents, and two fields whose names would be one. Prefixed
 * ids and element sources are added to the definition by hand (spread it). Throws a `TqlError`
 * (`invalid_schema`) for a text that is not a Prisma schema (see {@link readPrismaSchema}) or a
 * model in `options.models` that the schema does not have.
 *
 * @example
 * ```ts
 * const { definition, skipped, notes } = schemaFromPrisma(`
 * datasource db {
 *   provider = "postgresql"
 * }
 *
 * model Invoice {
 *   id         Int      @id @default(autoincrement())
 *   customerId Int      @map("customer_id")
 *   total      Decimal  @db.Decimal(10, 2)
 *   issuedAt   DateTime @map("issued_at")
 *   paidAt     DateTime?
 *   tags       String[]
 * }
 * `);
 * definition.entities['invoice']!.attributes['paid_at']; // → { type: 'Timestamp', storage: 'date', nullable: true, source: { kind: 'field', field: 'paidAt' } }
 * skipped.map((s) => s.path); // → ['invoice.tags']
 * notes.map((n) => n.path); // → ['invoice.total']
 * const billing = defineSchema(definition);
 * const rows = [{ id: 1, customerId: 7, total: 120, issuedAt: new Date('2025-06-02T10:00:00Z'), paidAt: null }];
 * filterRecords(check('invoice.issued_at GTE 2025-06-01 AND invoice.paid_at EQ null', billing, 'invoice'), rows).length; // → 1
 * ```
 */
export function schemaFromPrisma(schema: string | PrismaDatamodel, options: PrismaSchemaOptions = {}): PrismaSchema {
  const datamodel = datamodelOf(schema);
  if (typeof options !== 'object' || options === null) throw derivationError('schemaFromPrisma takes options as an object, such as { models: [\'User\'] }.');
  const lists = { skipped: [] as SkippedProperty[], notes: [] as DerivationNote[] };
  const entities: [string, EntityDefinition][] = [];
  const modelOf: Record<string, PrismaEntityMappingInput> = {};
  const models = modelsOf(datamodel, options.models).map((m) => ({ field: m.name, value: m }));
  const declared: Declared = { enums: new Map(datamodel.enums.map((e) => [e.name, e.values])), models: new Set(datamodel.models.map((m) => m.name)) };
  for (const { name: entity, value: model } of nameEntities(models, lists.skipped)) {
    const fields = model.fields.map((f) => ({ field: f.name, value: f }));
    const deriver = { derive: (f: PrismaField, name: string) => deriveField(f, name, declared), nullable: (f: PrismaField) => f.optional };
    const attributes: [string, AttributeDefinition][] = deriveAttributes(entity, fields, deriver, lists).map((a) => [a.name, a.attribute]);
    entities.push([entity, { attributes: Object.fromEntries(attributes) }]);
    modelOf[entity] = { model: model.name };
  }
  return { definition: { entities: Object.fromEntries(entities) }, datamodel, mapping: prismaMapping(datamodel, modelOf), ...lists };
}
