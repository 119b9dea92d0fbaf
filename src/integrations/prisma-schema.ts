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
import { nameFields } from '../schema/field-names.js';
import { TYPE_FACTS } from '../schema/type-facts.js';
import { deriveAttributes, isIdName, nameEntities, type DerivationLists, type DerivationNote, type DerivedAttribute } from './schema-derivation.js';

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
  scalar: (field, name) => (field.list ? listOf(field, BY_SCALAR[field.type]({ field: { ...field, list: false }, name })) : BY_SCALAR[field.type]({ field, name })),
  enum: (field, _name, declared) => {
    const element: DerivedAttribute = { attribute: { type: 'String', values: [...(declared.enums.get(field.type) ?? [])], operators: ENUM_OPERATORS } };
    return field.list ? listOf(field, element) : element;
  },
  object: (field, _name, declared) => {
    if (!declared.models.has(field.type)) {
      return { reason: `an embedded document of type ${field.type}: tql filters a model's own scalar fields; add an attribute by hand (an element source reads a list of documents)` };
    }
    // A to-many relation never gets here: it gives attributes of its own (relationAttributes).
    return { reason: `a relation to one ${field.type}: tql filters a model's own fields; filter by the foreign key field that holds the relation` };
  },
  unsupported: (field) => ({ reason: `a field of a type Prisma does not support (Unsupported("${field.type}")): the client neither reads nor writes it` }),
};

/**
 * A scalar or enum list (`tags String[]`) as an element source over the list: some element equals
 * the value (Prisma's `has`, `hasSome`), so equality operators only. Lists of instants, whose
 * equality is a range of a second, and of what has no attribute are skipped.
 */
function listOf(field: PrismaField, element: DerivedAttribute): DerivedAttribute {
  if ('reason' in element) return { reason: `a list of ${field.type}: its elements are ${element.reason}` };
  if (TYPE_FACTS[element.attribute.type].instants) return { reason: `a list of ${field.type}: Prisma tests a list's elements by equality (has), and an instant compares as a range of a second` };
  const attribute = { ...element.attribute, operators: ENUM_OPERATORS, source: { kind: 'element', arrays: [field.name] } } as const;
  return { ...element, attribute };
}

/**
 * The attributes of a to-many relation (`invoices Invoice[]`): one per filterable field of the
 * related model, named `<relation>_<field>` (`invoices_paid_at`), each an element source over the
 * relation (some related row passes), and the relation for the mapping's `collections`.
 */
function relationAttributes(entity: string, relation: PrismaField, related: PrismaModel, declared: Declared, lists: DerivationLists): [string, AttributeDefinition][] {
  const fields = related.fields.filter((f) => f.kind !== 'object').map((f) => ({ field: f.name, value: f }));
  const prefix = nameFields([{ field: relation.name, value: relation }]).named[0]?.name ?? relation.name;
  const deriver = { derive: (f: PrismaField, name: string) => deriveField(f, `${prefix}_${name}`, declared), nullable: () => false };
  return deriveAttributes(`${entity}.${relation.name}`, fields, deriver, lists).flatMap((a): [string, AttributeDefinition][] => {
    // A list inside a related row would be an array in an array: no source reads it.
    if (a.attribute.source?.kind === 'element') {
      lists.skipped.push({ path: `${entity}.${relation.name}.${a.field}`, reason: 'a list inside a related row: tql reads one level of arrays' });
      return [];
    }
    return [[`${prefix}_${a.name}`, { ...a.attribute, source: { kind: 'element', arrays: [relation.name], value: a.field } }]];
  });
}

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
 * | a list (`String[]`, `Int[]`, an enum's) | the element's attribute over the list (an element source), with `EQ`, `NOT_EQ`, `IN`, `NOT_IN`: Prisma tests a list's elements by equality |
 * | a to-many relation (`invoices Invoice[]`) | `invoices_<field>` for each field of the related model, an element source over the relation; the mapping names the relation |
 *
 * Other fields are listed in `skipped` with the reason: `Json`, `Bytes`, `Unsupported(…)`, a
 * `DateTime` holding a time of day (`@db.Time`), a list of `DateTime`s, a relation to one row
 * (filter by its foreign key), embedded documents, and two fields whose names would be one.
 * Prefixed ids and tagged element sources are added to the definition by hand (spread it). Throws a `TqlError`
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
 * skipped; // → []
 * notes.map((n) => n.path); // → ['invoice.total']
 * const billing = defineSchema(definition);
 * const rows = [{ id: 1, customerId: 7, total: 120, issuedAt: new Date('2025-06-02T10:00:00Z'), paidAt: null, tags: ['eu'] }];
 * filterRecords(check('invoice.issued_at GTE 2025-06-01 AND invoice.paid_at EQ null AND invoice.tags EQ eu', billing, 'invoice'), rows).length; // → 1
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
    const toMany = (f: PrismaField) => f.kind === 'object' && f.list && declared.models.has(f.type);
    const fields = model.fields.filter((f) => !toMany(f)).map((f) => ({ field: f.name, value: f }));
    const deriver = { derive: (f: PrismaField, name: string) => deriveField(f, name, declared), nullable: (f: PrismaField) => f.optional };
    const attributes: [string, AttributeDefinition][] = deriveAttributes(entity, fields, deriver, lists).map((a) => [a.name, a.attribute]);
    const collections: Record<string, { relation: string }> = {};
    for (const relation of model.fields.filter(toMany)) {
      attributes.push(...relationAttributes(entity, relation, datamodel.models.find((m) => m.name === relation.type)!, declared, lists));
      collections[relation.name] = { relation: relation.name };
    }
    entities.push([entity, { attributes: Object.fromEntries(attributes) }]);
    modelOf[entity] = { model: model.name, collections };
  }
  return { definition: { entities: Object.fromEntries(entities) }, datamodel, mapping: prismaMapping(datamodel, modelOf), ...lists };
}
