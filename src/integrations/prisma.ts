/**
 * Prisma ORM (7): a validated query as the `where` of a model, for `findMany`, `count` and every
 * other method that takes one, with tql's semantics in the SQL Prisma writes; and the mapping of a
 * tql schema onto the models of a Prisma schema file.
 *
 * @module tql/prisma
 */
import type { ValidatedQuery } from '../validate/validated-query.js';
import { prismaWhere, type PrismaWhere, type PrismaWhereOptions } from './prisma-where.js';

export { PRISMA_PROVIDERS, PRISMA_SCALARS, type PrismaDatamodel, type PrismaEnum, type PrismaField, type PrismaFieldBase, type PrismaModel, type PrismaProvider, type PrismaScalar } from './prisma-datamodel.js';
export { prismaBackend, type PrismaBackendOptions } from './prisma-backend.js';
export { readPrismaSchema } from './prisma-schema-file.js';
export { schemaFromPrisma, type PrismaSchema, type PrismaSchemaOptions } from './prisma-schema.js';
export type { DerivationNote } from './schema-derivation.js';
export { prismaMapping, type PrismaCollectionMapping, type PrismaEntityMapping, type PrismaEntityMappingInput, type PrismaMapping, type ResolvedPrismaCollection } from './prisma-mapping.js';
export type { PrismaWhere, PrismaWhereOptions } from './prisma-where.js';

/**
 * The query's condition as a Prisma `where` object for its entity's model: combine it with your
 * own conditions (`{ AND: [tqlWhere(q, { mapping }), { tenantId }] }`) and hand it to any method
 * that takes a `where`. Every value stays a value of the object, so Prisma binds it.
 *
 * What the object holds, so that Prisma's SQL means what tql means (docs/prisma.md):
 * `NOT_EQ`, `NOT_IN`, `NOT_LIKE` and `NOT ( … )` keep the rows where the field is null; LIKE,
 * STARTS_WITH and ENDS_WITH values are literal (`%`, `_` and `\` escaped; on SQLite, whose LIKE
 * Prisma writes without an escape character, a value with `%` or `_` is refused), case-insensitive
 * through `mode: 'insensitive'` on PostgreSQL and the engine's own LIKE elsewhere; instants are
 * ranges of `Date`s (or of numbers, for Unix times); numbers against `Int` fields are integer
 * bounds; collection attributes are relation filters (`some`, and `none` for the complement).
 * A query Prisma cannot express exactly throws a `TqlError` with code `unsupported` that points
 * at the predicate; a mapping that does not fit the schema, code `invalid_mapping`.
 *
 * @example
 * ```ts
 * const { definition, mapping } = schemaFromPrisma(`
 * datasource db {
 *   provider = "postgresql"
 * }
 * model Ticket {
 *   id       String   @id
 *   priority String
 *   openedAt DateTime @map("opened_at")
 * }`);
 * const q = check('ticket.priority IN high,urgent AND ticket.opened_at GTE 2025-06-01', defineSchema(definition), 'ticket');
 * tqlWhere(q, { mapping }); // → { AND: [{ priority: { in: ['high', 'urgent'] } }, { openedAt: { gte: new Date('2025-06-01T00:00:00.000Z') } }] }
 * // await prisma.ticket.findMany({ where: tqlWhere(q, { mapping }) });
 * ```
 */
export function tqlWhere(query: ValidatedQuery, options: PrismaWhereOptions): PrismaWhere {
  return prismaWhere(query, options);
}
