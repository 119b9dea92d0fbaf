/**
 * tql/prisma as an entry of the backend registry: it compiles a validated query to the `where`
 * of its model and declares what it cannot express on the mapping's engine, so the contract suite
 * runs on it as on the built-in backends (`runContract` with its `divergences`).
 */
import type { RegisteredBackend } from '../backends/registry.js';
import { prismaProvider, prismaWhere, type PrismaWhere } from './prisma-where.js';
import type { PrismaMapping } from './prisma-mapping.js';

/** Options of {@link prismaBackend}. */
export interface PrismaBackendOptions {
  /** Where the entities live, and the engine (the schema's provider). */
  readonly mapping: PrismaMapping;
}

/**
 * The registry entry `prisma:<provider>` for a mapping. It has no `run`: its queries run on your
 * client, `findMany({ where })`, over your tables.
 *
 * @example
 * ```ts
 * const { mapping } = schemaFromPrisma('datasource db {\n  provider = "sqlite"\n}\nmodel Ticket {\n  id String @id\n}');
 * const backend = prismaBackend({ mapping });
 * backend.name; // → 'prisma:sqlite'
 * BACKENDS.with(backend).get('prisma:sqlite').title; // → 'Prisma (SQLite)'
 * ```
 */
export function prismaBackend({ mapping }: PrismaBackendOptions): RegisteredBackend<PrismaWhere> {
  const facts = prismaProvider(mapping.provider);
  return {
    name: `prisma:${mapping.provider}`,
    title: `Prisma (${facts.title})`,
    compile: (query) => prismaWhere(query, { mapping }),
    // Dates as their ISO text, bigints as numbers' text: what the where holds, readable.
    show: (where) => JSON.stringify(where, (_key, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value)),
    divergences: facts.divergences,
  };
}
