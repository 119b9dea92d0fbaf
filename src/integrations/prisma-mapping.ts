/**
 * Where each entity of a tql schema lives among the models of a Prisma schema: its model, and for
 * each array an element source looks into, the to-many relation that holds the elements. The
 * fields themselves are the records' fields: Prisma returns rows keyed by field name, so an
 * attribute's `source.field` is the Prisma field it reads.
 */
import { TqlError } from '../errors/tql-error.js';
import type { PrismaDatamodel, PrismaField, PrismaModel, PrismaProvider } from './prisma-datamodel.js';

/** The to-many relation holding the elements of one array of a record. */
export interface PrismaCollectionMapping {
  /** The relation field of the entity's model (`resources` in `resources RequestResource[]`). */
  readonly relation: string;
  /** When several arrays share one relation: the field of the related model that tells them apart, and this array's value. */
  readonly discriminator?: { readonly field: string; readonly value: string } | undefined;
}

/** How one entity is written: its model, and its arrays' relations. */
export interface PrismaEntityMappingInput {
  /** The model's name as the schema writes it (`SchedulingRequest`). */
  readonly model: string;
  /** Array of the record (an element source's `arrays`) → its relation. */
  readonly collections?: Readonly<Record<string, PrismaCollectionMapping>> | undefined;
}

/** A collection resolved against the schema: the relation and the model of its elements. */
export interface ResolvedPrismaCollection extends PrismaCollectionMapping {
  readonly elements: PrismaModel;
}

/** One entity resolved against the schema. */
export interface PrismaEntityMapping {
  readonly model: PrismaModel;
  readonly collections: Readonly<Record<string, ResolvedPrismaCollection>>;
}

/** Where a schema's entities live in a Prisma schema, and the engine it runs on. */
export interface PrismaMapping {
  /** The datasource's provider: it decides how Prisma writes LIKE and case-insensitive tests. */
  readonly provider: PrismaProvider;
  readonly entities: Readonly<Record<string, PrismaEntityMapping>>;
}

function mappingError(message: string): TqlError {
  return TqlError.of('', { code: 'invalid_mapping', message: `Invalid Prisma mapping: ${message}`, span: { start: 0, end: 0 } });
}

/** The field of `model` named `name`, or undefined. */
export function prismaField(model: PrismaModel, name: string): PrismaField | undefined {
  return model.fields.find((f) => f.name === name);
}

/**
 * Resolves entity → model (and array → relation) against a Prisma schema, read with
 * `readPrismaSchema`. Every model, relation and discriminator field must be there: a `TqlError`
 * with code `invalid_mapping` names what is not.
 *
 * @example
 * ```ts
 * const datamodel = readPrismaSchema(`
 *   datasource db { provider = "sqlite" }
 *   model Ticket { id String @id
 *     priority String }`);
 * prismaMapping(datamodel, { ticket: { model: 'Ticket' } }).entities.ticket?.model.dbName; // → 'Ticket'
 * ```
 */
export function prismaMapping(datamodel: PrismaDatamodel, entities: Readonly<Record<string, PrismaEntityMappingInput>>): PrismaMapping {
  const models = new Map(datamodel.models.map((m) => [m.name, m]));
  const modelNamed = (name: string, where: string): PrismaModel => {
    const found = models.get(name);
    if (found === undefined) throw mappingError(`${where}: the schema has no model ${JSON.stringify(name)}; its models are ${[...models.keys()].join(', ') || 'none'}.`);
    return found;
  };
  const resolved: Record<string, PrismaEntityMapping> = {};
  for (const [entity, input] of Object.entries(entities)) {
    const model = modelNamed(input.model, entity);
    const collections: Record<string, ResolvedPrismaCollection> = {};
    for (const [array, collection] of Object.entries(input.collections ?? {})) {
      const where = `${entity}.collections.${array}`;
      const relation = prismaField(model, collection.relation);
      if (relation?.kind !== 'object' || !relation.list) {
        throw mappingError(`${where}: ${model.name}.${collection.relation} is not a to-many relation; name a field such as \`items Item[]\`.`);
      }
      const elements = modelNamed(relation.type, where);
      if (collection.discriminator !== undefined && prismaField(elements, collection.discriminator.field) === undefined) {
        throw mappingError(`${where}: the discriminator ${elements.name}.${collection.discriminator.field} is not a field of ${elements.name}.`);
      }
      collections[array] = { ...collection, elements };
    }
    resolved[entity] = { model, collections };
  }
  return { provider: datamodel.provider, entities: resolved };
}
